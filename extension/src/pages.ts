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

/**
 * Opens the app's home page with this recipe in the visitor's added recipes (web/routes/home.tsx
 * `?add=`). A recipe added as a visitor carries its edit token in the fragment, which browsers never
 * send to a server, so the web app can keep it and let the visitor change the recipe (decision 0024).
 */
export function myListUrl(appOrigin: string, recipeId: string, editToken?: string): string {
  const u = new URL("/", appOrigin);
  u.searchParams.set("add", recipeId);
  if (editToken) u.hash = new URLSearchParams({ edit: editToken }).toString();
  return u.href;
}

/** Longest caption put in a link (the server sends at most this much). */
const CAPTION_MAX = 5000;

/**
 * The app's home page, where a recipe can be typed in by hand; for a post without a recipe, Manual
 * Entry opens with its title and caption filled in (`#manual=1&title=…&caption=…`, in the fragment).
 */
export function manualEntryUrl(appOrigin: string, post?: { title: string; caption: string } | null): string {
  const u = new URL("/", appOrigin);
  if (post) u.hash = new URLSearchParams({ manual: "1", title: post.title, caption: post.caption.slice(0, CAPTION_MAX) }).toString();
  return u.href;
}

/** The app page that hands a session to the extension (web/features/accounts/routes/connect-extension.tsx). */
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
