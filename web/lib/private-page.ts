/**
 * Personal pages (the dashboard, history, favourites, a shopping list) are never kept by a shared or
 * browser cache: their route modules export `headers = privatePageHeaders`, which React Router applies
 * to the page and to its `.data` requests alike. The offline copy of a list is the service worker's own
 * (Cache API), which this does not touch.
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function privatePageHeaders(): Record<string, string> {
  return { "cache-control": PRIVATE_CACHE_CONTROL };
}
