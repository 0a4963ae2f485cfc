/**
 * Runs `fn` once the browser is idle after hydration (requestIdleCallback, or a short timeout
 * where it is missing). Used to fetch lazily-loaded chunks before they are needed
 * (docs/decisions/0017-home-first-load.md). Returns a cancel function.
 */
export function whenIdle(fn: () => void, timeout = 2000): () => void {
  if (typeof window === "undefined") return () => {};
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
}
