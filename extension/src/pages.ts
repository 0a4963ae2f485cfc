/**
 * Pages and links (pure, no imports: the popup loads this before anything heavy): which tabs can
 * be captured, a page's identity for "already added", and the app links the popup opens.
 */

/** True for pages an extension may read (web pages; not the browser's own or the store's). */
export function isCapturable(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** The page's identity for "already added": the URL without its fragment. */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.href;
  } catch {
    return url;
  }
}

/** Opens the app's home page with this recipe in the visitor's added recipes (web/routes/home.tsx `?add=`). */
export function myListUrl(appOrigin: string, recipeId: string): string {
  const u = new URL("/", appOrigin);
  u.searchParams.set("add", recipeId);
  return u.href;
}

/** The app's home page, where a recipe can be typed in by hand. */
export function manualEntryUrl(appOrigin: string): string {
  return new URL("/", appOrigin).href;
}

/** The app page that hands a session to the extension (web/routes/connect-extension.tsx). */
export const CONNECT_PATH = "/connect-extension";

export function connectUrl(appOrigin: string, returnUrl: string, state: string): string {
  const u = new URL(CONNECT_PATH, appOrigin);
  u.searchParams.set("return", returnUrl);
  u.searchParams.set("state", state);
  return u.href;
}

/** The connect page's answer in connected.html's fragment: `#token=...&state=...`, or null. */
export function parseConnectFragment(hash: string): { token: string; state: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  const state = params.get("state");
  if (!token || !state || token.length > 200 || state.length > 200) return null;
  return { token, state };
}
