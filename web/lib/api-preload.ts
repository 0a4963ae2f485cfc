/**
 * When the API client chunk (web/lib/api-client.ts, decision 0097) is fetched ahead of the first call:
 * - `usePreloadOnInteraction()` (root): at the visitor's first pointer, key or focus event on any
 *   page, well before a click's handler or a form's submit runs;
 * - `usePreloadWhenIdle()` (pages that call the API soon after opening: home, a list page): once
 *   the browser is idle after hydration.
 */
import { useEffect } from "react";
import { preloadApiClient } from "./api-client.ts";
import { whenIdle } from "./idle.ts";

const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

export function usePreloadOnInteraction(): void {
  useEffect(() => {
    const start = () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
      preloadApiClient();
    };
    for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    };
  }, []);
}

export function usePreloadWhenIdle(): void {
  useEffect(() => whenIdle(preloadApiClient), []);
}
