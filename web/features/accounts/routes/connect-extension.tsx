/**
 * /connect-extension: the browser extension's 'Connect your account' opens this page (decision
 * 0024). Signed in, the visitor confirms; the server makes a new session for that extension (only
 * for an extension origin it is configured to trust) and the page hands the token to the
 * extension's connected.html in the address fragment. The token never touches this page's storage.
 * The page names the extension that asks by its address. A Chrome extension's id is pinned in the server's
 * EXTENSION_ORIGINS; Firefox gives every install its own random id, so `moz-extension://*` trusts any Firefox
 * extension: there the visitor checks the id and confirms it is recipecart's before Connect works.
 */
import { type ReactNode, useState } from "react";
import { useLocation } from "react-router";
import { connectAnswerUrl, readConnectRequest } from "../../../components/connect-extension-link.ts";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { api, errorText } from "../../../lib/api.ts";
import { useAuth } from "../../../lib/auth.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { Button } from "../../../ui/button.tsx";
import { Link } from "../../../ui/link.tsx";

export const meta = () =>
  pageMeta({ title: "Connect the browser extension", description: "Let the recipecart browser extension add recipes to your account." });

export default function ConnectExtension() {
  const location = useLocation();
  const request = readConnectRequest(location.search);
  const auth = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  const firefox = request?.extensionOrigin.startsWith("moz-extension://") ?? false;

  async function connect() {
    if (!request || (firefox && !confirmed)) return;
    setPending(true);
    setError(null);
    try {
      const { token } = await api.auth.extensionSession({ extensionOrigin: request.extensionOrigin });
      window.location.replace(connectAnswerUrl(request, token));
    } catch (err) {
      setError(errorText(err));
      setPending(false);
    }
  }

  let body: ReactNode;
  if (!request) {
    body = (
      <>
        <h1>This link is not from the extension</h1>
        <p>Open the recipecart extension and choose 'Connect your account' to connect it.</p>
        <Link href="/">Back to Home</Link>
      </>
    );
  } else if (auth.isLoading) {
    return <FullPageSpinner />;
  } else if (!auth.user) {
    body = (
      <>
        <h1>Sign in to connect the extension</h1>
        <p>Sign in to recipecart in this browser, then choose 'Connect your account' in the extension again.</p>
        <Link href="/auth">Sign in</Link>
      </>
    );
  } else {
    body = (
      <>
        <h1>Connect the browser extension</h1>
        <p>
          The recipecart extension will add recipes to the account <strong>{auth.user.email}</strong>. You can disconnect it from the
          extension at any time.
        </p>
        <AskingExtension origin={request.extensionOrigin} />
        {firefox ? (
          <label className="connect-extension__confirm">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)} />
            <span>This is the recipecart extension, and I just chose 'Connect your account' in it</span>
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="connect-extension__error">
            {error}
          </p>
        ) : null}
        <div>
          <Button onPress={() => void connect()} isPending={pending} isDisabled={firefox && !confirmed}>
            {pending ? "Please wait..." : "Connect"}
          </Button>
        </div>
      </>
    );
  }
  return (
    <div className="container connect-extension" data-ready={auth.isLoading ? undefined : ""}>
      <section className="card connect-extension__card" aria-live="polite">
        {body}
      </section>
    </div>
  );
}

/** Which extension asks: its browser and the id the browser gave it, with where to check it. */
function AskingExtension({ origin }: { origin: string }) {
  const id = origin.slice(origin.indexOf("//") + 2);
  if (origin.startsWith("moz-extension://")) {
    return (
      <div className="connect-extension__asking">
        <p>
          Asking: the Firefox extension with the internal id <code>{id}</code>.
        </p>
        <p>
          Firefox gives each extension its own id, so check that this is recipecart: open <code>about:debugging</code>, choose This Firefox,
          and compare the Internal UUID under recipecart. Connect only if they match.
        </p>
      </div>
    );
  }
  return (
    <p className="connect-extension__asking">
      Asking: the Chrome extension with the id <code>{id}</code>.
    </p>
  );
}
