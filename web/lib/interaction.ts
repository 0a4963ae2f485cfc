/**
 * Work that waits for a person (docs/decisions/0017-home-first-load.md): chunks fetched
 * ahead of their first use (the API client, the toast region, the recipe edit dialog) load at the
 * visitor's first pointer, key, focus or touch event on the page instead of when the browser is
 * idle after hydration. Evaluating them while the page loads made long main-thread tasks (Total
 * Blocking Time) on every page, for code a visitor who only reads never runs.
 *
 * `onFirstInteraction(fn)` runs `fn` once, at the first such event (capture phase, so it runs
 * before the event's own handlers), and returns a cancel function. In the server render it does nothing.
 */
import { whenIdle } from "./idle.ts";

const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

export function onFirstInteraction(fn: () => void): () => void {
  if (typeof document === "undefined") return () => {};
  let done = false;
  const stop = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
  };
  function start() {
    if (done) return;
    done = true;
    stop();
    fn();
  }
  for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
  return () => {
    done = true;
    stop();
  };
}

/**
 * Runs `fn` once the page has loaded (the window's load event) and the browser is then idle: for
 * work no visitor waits on, such as registering the service worker. Returns a cancel function.
 */
export function afterLoad(fn: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  let cancelIdle: (() => void) | null = null;
  const onLoad = () => {
    cancelIdle = whenIdle(fn);
  };
  if (document.readyState === "complete") onLoad();
  else window.addEventListener("load", onLoad, { once: true });
  return () => {
    window.removeEventListener("load", onLoad);
    cancelIdle?.();
  };
}
