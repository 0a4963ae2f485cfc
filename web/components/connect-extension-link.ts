/**
 * What the browser extension's 'Connect your account' puts in the connect page's address
 * (extension/src/pages.ts connectUrl): where to send the session (the extension's connected.html)
 * and the extension's one-time state. Anything else is refused before a session is made.
 */
export interface ConnectRequest {
  /** chrome-extension://<id>/connected.html or moz-extension://<uuid>/connected.html */
  returnUrl: string;
  extensionOrigin: string;
  state: string;
}

const EXTENSION_PAGE =
  /^(?:chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/connected\.html$/;
const STATE = /^[A-Za-z0-9_-]{16,128}$/;

export function readConnectRequest(search: string): ConnectRequest | null {
  const params = new URLSearchParams(search);
  const returnUrl = params.get("return") ?? "";
  const state = params.get("state") ?? "";
  if (!EXTENSION_PAGE.test(returnUrl) || !STATE.test(state)) return null;
  return { returnUrl, extensionOrigin: returnUrl.slice(0, returnUrl.indexOf("/", returnUrl.indexOf("//") + 2)), state };
}

/** Where the page sends the browser once the server made the session. */
export function connectAnswerUrl(req: ConnectRequest, token: string): string {
  return `${req.returnUrl}#${new URLSearchParams({ token, state: req.state }).toString()}`;
}
