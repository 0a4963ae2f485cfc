/**
 * What the extension keeps in its own storage (browser.storage.local, never visible to pages):
 * the app's address (options page) and the connected account's session token.
 */
import browser from "webextension-polyfill";
import type { BookmarkStore, StoredBookmark } from "./bookmark.ts";
import { t } from "./i18n.ts";

/** The production address from the build's configuration (RECIPECART_APP_ORIGIN). */
export const DEFAULT_APP_ORIGIN: string = __APP_ORIGIN__;

export interface Connection {
  /** Bearer session token handed over by the app's connect page. */
  token: string;
  /** The app address the token belongs to. */
  appOrigin: string;
  /** Shown in the popup ("Connected as ..."). */
  email: string;
  name: string;
}

const APP_ORIGIN_KEY = "appOrigin";
const CONNECTION_KEY = "connection";
const BOOKMARK_KEY = "d1Bookmark";

/** The latest database bookmark the app handed back (bookmark.ts), in extension storage. */
export const bookmarkStore: BookmarkStore = {
  async get() {
    const got = (await browser.storage.local.get(BOOKMARK_KEY))[BOOKMARK_KEY] as StoredBookmark | undefined;
    return got && typeof got.value === "string" && typeof got.appOrigin === "string" && typeof got.at === "number" ? got : null;
  },
  async set(bookmark) {
    await browser.storage.local.set({ [BOOKMARK_KEY]: bookmark });
  },
};

/**
 * The app address the user typed, reduced to its origin, or an error message. http:// is accepted
 * only for this computer (localhost, 127.0.0.1, [::1]); everything else must be https://.
 */
export function normaliseAppOrigin(input: string): { origin: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: t("addressEmpty") };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { error: t("addressInvalid") };
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol === "https:" || (url.protocol === "http:" && local)) return { origin: url.origin };
  if (url.protocol === "http:") return { error: t("addressHttp") };
  return { error: t("addressNotHttps") };
}

export async function getAppOrigin(): Promise<string> {
  const got = await browser.storage.local.get(APP_ORIGIN_KEY);
  const stored = got[APP_ORIGIN_KEY];
  return typeof stored === "string" && stored ? stored : DEFAULT_APP_ORIGIN;
}

/** Saves the app address (null: back to the default). A connection to another address is dropped. */
export async function setAppOrigin(origin: string | null): Promise<void> {
  if (origin === null || origin === DEFAULT_APP_ORIGIN) await browser.storage.local.remove(APP_ORIGIN_KEY);
  else await browser.storage.local.set({ [APP_ORIGIN_KEY]: origin });
  const conn = await getConnection();
  if (conn && conn.appOrigin !== (origin ?? DEFAULT_APP_ORIGIN)) await setConnection(null);
}

/** The stored connection, if it belongs to the current app address. */
export async function getConnection(): Promise<Connection | null> {
  const got = await browser.storage.local.get(CONNECTION_KEY);
  const conn = got[CONNECTION_KEY] as Connection | undefined;
  if (!conn || typeof conn.token !== "string") return null;
  return conn.appOrigin === (await getAppOrigin()) ? conn : null;
}

export async function setConnection(conn: Connection | null): Promise<void> {
  if (conn) await browser.storage.local.set({ [CONNECTION_KEY]: conn });
  else await browser.storage.local.remove(CONNECTION_KEY);
}
