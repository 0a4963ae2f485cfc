/**
 * The end of 'Connect your account' (src/connect.ts): the app's connect page sends the browser here
 * with the new session token in the fragment. The fragment is removed from the address at once.
 */
import { useEffect, useRef, useState } from "react";
import { finishConnect } from "./connect.ts";
import { mountPage } from "./mount.tsx";
import "./ui.css";
import { t, tAround } from "./i18n.ts";

const hash = location.hash;
// Out of the address bar and history before anything else runs.
history.replaceState(null, "", location.pathname);

type State = { kind: "working" } | { kind: "done"; email: string } | { kind: "error"; message: string };

function Connected() {
  const [state, setState] = useState<State>({ kind: "working" });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    finishConnect(hash).then(
      (conn) => setState({ kind: "done", email: conn.email }),
      (err: unknown) => setState({ kind: "error", message: err instanceof Error ? err.message : String(err) }),
    );
  }, []);
  useEffect(() => {
    if (state.kind !== "working") heading.current?.focus();
  }, [state.kind]);
  return (
    <main className="page page--centred" aria-busy={state.kind === "working"}>
      {state.kind === "working" ? (
        <p role="status" style={{ display: "flex", gap: 8, alignItems: "center" }}>
          <span className="spinner" aria-hidden="true" /> {t("connecting")}
        </p>
      ) : state.kind === "done" ? (
        <>
          <h1 ref={heading} tabIndex={-1} className="page__title">
            {t("connectedTitle")}
          </h1>
          <p>
            {tAround("connectedBody", "email")[0]}
            <strong>{state.email}</strong>
            {tAround("connectedBody", "email")[1]}
          </p>
        </>
      ) : (
        <div role="alert" style={{ display: "grid", gap: 8 }}>
          <h1 ref={heading} tabIndex={-1} className="page__title page__title--danger">
            {t("connectFailed")}
          </h1>
          <p>{state.message}</p>
        </div>
      )}
    </main>
  );
}

mountPage(<Connected />, t("connectingTitle"));
