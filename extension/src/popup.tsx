/**
 * The toolbar popup: 'Add to recipecart' captures the page in the current tab as the user sees it,
 * sends it to the app and shows the recipe's title and ingredients (or the server's error with
 * 'Open in recipecart' to type it in by hand); 'Open my list' opens the app with the recipe in the
 * visitor's list. Plain React and CSS. popup.html paints this component's loading state as static
 * markup first; src/popup-boot.ts loads this module after that paint (decision 0024).
 */
import { useEffect, useRef, useState } from "react";
import browser from "webextension-polyfill";
import { addedForPage, type AddedRecipe, type Progress, type TabInfo } from "./added-store.ts";
import { AddError, type PostForManualEntry } from "./errors.ts";
import { mountPage } from "./mount.tsx";
import { t, tAround } from "./i18n.ts";
import { isCapturable, manualEntryUrl, myListUrl } from "./pages.ts";
import { getAppOrigin, getConnection, type Connection } from "./settings.ts";
import { takeLastProblem, type LastProblem } from "./status.ts";

type State =
  | { kind: "loading" }
  | { kind: "ready" }
  | { kind: "working"; step: Progress }
  | { kind: "done"; recipe: AddedRecipe; alreadyAdded: boolean; appOrigin: string }
  | { kind: "error"; message: string; post?: PostForManualEntry | null };

const STEP_TEXT: Record<Progress, () => string> = {
  capturing: () => t("stepCapturing"),
  sending: () => t("stepSending"),
};

/** The tab the popup acts on: the active tab; the test build may name one (`?tabId=`), since automation opens the popup as a tab. */
async function targetTab(): Promise<TabInfo | null> {
  if (__TEST_BUILD__) {
    const id = Number(new URLSearchParams(location.search).get("tabId"));
    if (id) {
      const t = await browser.tabs.get(id);
      return { id, url: t.url, title: t.title };
    }
  }
  const [t] = await browser.tabs.query({ active: true, currentWindow: true });
  return t?.id === undefined ? null : { id: t.id, url: t.url, title: t.title };
}

async function openTab(url: string) {
  await browser.tabs.create({ url });
  window.close();
}

/** The popup. Its first render (state "loading") is exactly popup.html's shell (src/popup-shell.test.tsx). */
export function Popup() {
  const [tab, setTab] = useState<TabInfo | null>(null);
  const [state, setState] = useState<State>({ kind: "loading" });
  const [notice, setNotice] = useState<LastProblem | null>(null);
  const [appOrigin, setAppOrigin] = useState<string | null>(null);
  const [account, setAccount] = useState<Connection | null>(null);
  const [accountNote, setAccountNote] = useState<string | null>(null);
  const [accountBusy, setAccountBusy] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void (async () => {
      const [t, origin, problem, conn] = await Promise.all([targetTab(), getAppOrigin(), takeLastProblem(), getConnection()]);
      setTab(t);
      setAppOrigin(origin);
      setAccount(conn);
      setNotice(problem);
      const known = t?.url && isCapturable(t.url) ? await addedForPage(t.url) : null;
      setState(known ? { kind: "done", recipe: known.recipe, alreadyAdded: true, appOrigin: known.appOrigin } : { kind: "ready" });
    })().catch((err: unknown) => setState({ kind: "error", message: err instanceof Error ? err.message : String(err) }));
  }, []);

  useEffect(() => {
    // bench/extension.ts reads this mark: the popup knows its page and is ready for a click.
    if (state.kind !== "loading" && performance.getEntriesByName("popup-ready").length === 0) performance.mark("popup-ready");
    if (state.kind === "done") resultHeading.current?.focus();
    if (state.kind === "error") errorHeading.current?.focus();
  }, [state.kind]);

  async function add() {
    if (!tab) return;
    setNotice(null);
    setState({ kind: "working", step: "capturing" });
    try {
      // The API client (and zod) load on the first click, not before the popup paints.
      const { addPage } = await import("./add.ts");
      const out = await addPage(tab, (step) => setState({ kind: "working", step }));
      setState({ kind: "done", recipe: out.recipe, alreadyAdded: out.alreadyAdded, appOrigin: out.appOrigin });
    } catch (err) {
      setState({
        kind: "error",
        message: err instanceof Error ? err.message : String(err),
        post: err instanceof AddError ? err.post : null,
      });
    }
  }

  async function connect() {
    setAccountBusy(true);
    const { startConnect } = await import("./connect.ts");
    await startConnect();
    window.close();
  }

  async function disconnectAccount() {
    setAccountBusy(true);
    const { disconnect } = await import("./connect.ts");
    const ended = await disconnect();
    setAccount(null);
    setAccountBusy(false);
    setAccountNote(ended ? t("disconnected") : t("disconnectedUnreachable"));
    // A page added while connected belongs to the account: show the page afresh.
    if (state.kind === "done") setState({ kind: "ready" });
  }

  const capturable = isCapturable(tab?.url);
  const host = tab?.url && capturable ? new URL(tab.url).host : null;

  return (
    <main className="popup" aria-busy={state.kind === "loading" || state.kind === "working"}>
      <div className="popup__head">
        <h1 className="popup__brand">recipecart</h1>
        <button
          type="button"
          className="link"
          disabled={state.kind === "loading"}
          onClick={() => void browser.runtime.openOptionsPage().then(() => window.close())}
        >
          {t("options")}
        </button>
      </div>

      {notice && state.kind !== "error" ? (
        <div className="popup__error" role="alert">
          <h2>{t("errorParsing")}</h2>
          <p>{notice.message}</p>
        </div>
      ) : null}

      {state.kind !== "done" ? (
        <div className="popup__page">
          {state.kind === "loading" ? (
            <p className="muted">{t("loading")}</p>
          ) : capturable ? (
            <>
              <p className="popup__page-title">{tab?.title || host}</p>
              <p className="muted">{host}</p>
            </>
          ) : (
            <p>{t("errNotAPage")}</p>
          )}
        </div>
      ) : null}

      <div aria-live="polite" className="popup__live">
        {state.kind === "working" ? (
          <div className="popup__status" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{STEP_TEXT[state.step]()}</span>
          </div>
        ) : null}
      </div>

      {state.kind === "ready" || state.kind === "loading" ? (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={state.kind === "loading" || !capturable}
          onClick={() => void add()}
        >
          {t("actionTitle")}
        </button>
      ) : null}

      {state.kind === "done" ? (
        <section className="popup__result" aria-labelledby="result-title">
          <span className="popup__badge">{state.alreadyAdded ? t("alreadyAdded") : t("added")}</span>
          <h2 id="result-title" ref={resultHeading} tabIndex={-1}>
            {state.recipe.title}
          </h2>
          <p className="muted">{state.recipe.source}</p>
          <ul className="popup__ingredients" aria-label={t("ingredients")}>
            {state.recipe.ingredients.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <li key={i}>{line}</li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => void openTab(myListUrl(state.appOrigin, state.recipe.id, state.recipe.editToken))}
          >
            {t("openMyList")}
          </button>
        </section>
      ) : null}

      {state.kind === "error" ? (
        <div className="popup__error" role="alert">
          <h2 ref={errorHeading} tabIndex={-1}>
            {t("errorParsing")}
          </h2>
          <p>{state.message}</p>
          <div className="popup__row">
            <button type="button" className="btn" onClick={() => void add()} disabled={!capturable}>
              {t("tryAgain")}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => appOrigin && void openTab(manualEntryUrl(appOrigin, state.post))}
            >
              {t("openInApp")}
            </button>
          </div>
        </div>
      ) : null}

      {state.kind === "loading" ? (
        // The account line's place, kept while loading so nothing below the button moves in later.
        <footer className="popup__account" aria-hidden="true" />
      ) : (
        <footer className="popup__account">
          {account ? (
            <>
              <p>
                {tAround("connectedAs", "email")[0]}
                <strong>{account.email}</strong>
                {tAround("connectedAs", "email")[1]}
              </p>
              <button type="button" className="btn" disabled={accountBusy} onClick={() => void disconnectAccount()}>
                {t("disconnect")}
              </button>
            </>
          ) : (
            <>
              <p className="muted" role="status">
                {accountNote ?? t("addingAsVisitor")}
              </p>
              <button type="button" className="btn" disabled={accountBusy} onClick={() => void connect()}>
                {t("connectAccount")}
              </button>
            </>
          )}
        </footer>
      )}
    </main>
  );
}

/** Renders the popup over popup.html's shell (called by src/popup-boot.ts). */
export function startPopup(): void {
  // bench/extension.ts compares it with the first paint: React and this module have run by now.
  performance.mark("popup-app-run");
  mountPage(<Popup />, t("actionTitle"));
}
