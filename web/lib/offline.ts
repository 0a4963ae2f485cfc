/**
 * The service worker's registration (docs/decisions/0029-list-page.md): a few lines in the root,
 * so the home page's bundle grows by next to nothing; the worker itself is /sw.js (worker/http/service-worker.ts).
 */

/** What this page loaded: its address and every same-origin script and style (for the worker to keep). */
function loaded(): string[] {
  const urls = performance.getEntriesByType("resource").map((e) => e.name);
  return [location.href, ...urls.filter((u) => u.startsWith(location.origin))];
}

/** Asks the service worker to keep this page (and what it loaded) for offline use. */
export function keepForOffline(): void {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ keep: loaded() })).catch(() => {});
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register("/sw.js").then(keepForOffline, () => {});
}

/**
 * Sign-out forgets the pages kept for offline use (decision 0029): the home page and its root data
 * carry the signed-in user's name and e-mail, and a list page the user's own lists, so the next
 * person on this device must not get them offline. The build assets stay. Never throws.
 */
export async function forgetOfflinePages(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("recipecart-pages-")).map((n) => caches.delete(n)));
  } catch {
    // No Cache Storage here (private mode, an old browser): nothing was kept.
  }
}
