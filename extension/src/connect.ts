/**
 * Connecting the extension to an account (decision 0024). 'Connect your account' stores a one-time
 * `state` and opens the app's connect page; the page (signed in there) asks the server for a new
 * session for this extension and sends the browser to the extension's connected.html with
 * `#token=...&state=...`. connected.html accepts the token only with the state it is waiting for,
 * checks it with GET /api/auth/me and keeps it in extension storage. 'Disconnect' ends that session
 * on the server (POST /api/auth/logout with the bearer token) and forgets it.
 */
import browser from "webextension-polyfill";
import { ApiError, createApiClient } from "../../core/api/client.ts";
import { AddError } from "./errors.ts";
import { connectUrl, parseConnectFragment } from "./pages.ts";
import { fetchWithBookmark } from "./bookmark.ts";
import { bookmarkStore, getAppOrigin, getConnection, setConnection, type Connection } from "./settings.ts";
import { t } from "./i18n.ts";

const PENDING_KEY = "pendingConnect";
/** How long a started connection may take to come back. */
const PENDING_TTL_MS = 10 * 60 * 1000;

interface Pending {
  state: string;
  appOrigin: string;
  at: number;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function client(appOrigin: string, token: string) {
  return createApiClient({
    baseUrl: appOrigin,
    credentials: "omit",
    getToken: () => token,
    fetch: fetchWithBookmark((i, init) => fetch(i, init as RequestInit), appOrigin, bookmarkStore),
  });
}

/** Opens the app's connect page in a new tab. */
export async function startConnect(): Promise<void> {
  const appOrigin = await getAppOrigin();
  const pending: Pending = { state: randomState(), appOrigin, at: Date.now() };
  await browser.storage.local.set({ [PENDING_KEY]: pending });
  await browser.tabs.create({ url: connectUrl(appOrigin, browser.runtime.getURL("connected.html"), pending.state) });
}

/** connected.html: takes the token from the fragment if it answers our pending request. */
export async function finishConnect(hash: string): Promise<Connection> {
  const answer = parseConnectFragment(hash);
  const got = await browser.storage.local.get(PENDING_KEY);
  const pending = got[PENDING_KEY] as Pending | undefined;
  if (!answer) throw new AddError("connect_invalid", t("errConnectInvalid"));
  if (!pending || pending.state !== answer.state || Date.now() - pending.at > PENDING_TTL_MS) {
    throw new AddError("connect_state", t("errConnectStale"));
  }
  await browser.storage.local.remove(PENDING_KEY);
  if (pending.appOrigin !== (await getAppOrigin())) throw new AddError("connect_origin", t("errConnectOrigin"));
  let user: Awaited<ReturnType<ReturnType<typeof client>["auth"]["me"]>>;
  try {
    user = await client(pending.appOrigin, answer.token).auth.me();
  } catch (err) {
    throw new AddError("unreachable", t("errConnectUnreachable", { origin: pending.appOrigin }), err);
  }
  if (!user) throw new AddError("connect_rejected", t("errConnectRejected"));
  const conn: Connection = {
    token: answer.token,
    appOrigin: pending.appOrigin,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
  };
  await setConnection(conn);
  return conn;
}

/**
 * Ends the extension's session on the server and forgets it here. Returns false when the server
 * could not be told (the token is forgotten anyway; it expires on its own or from the account's
 * session list).
 */
export async function disconnect(): Promise<boolean> {
  const conn = await getConnection();
  if (!conn) return true;
  let ended = true;
  try {
    await client(conn.appOrigin, conn.token).auth.logout();
  } catch (err) {
    // 401: the session had already ended.
    ended = err instanceof ApiError && err.status === 401;
  }
  await setConnection(null);
  return ended;
}
