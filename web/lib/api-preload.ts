/**
 * When the API client chunk (web/lib/api-client.ts, decision 0017) is fetched ahead of the first call:
 * at the visitor's first pointer, key, focus or touch event on any page (root), well before a click's
 * handler or a form's submit runs. Not when the browser is idle after hydration: evaluating the
 * client and its schemas is a long task that a visitor who only reads never needs (decision 0017).
 */
import { useEffect } from "react";
import { preloadApiClient } from "./api-client.ts";
import { onFirstInteraction } from "./interaction.ts";

export function usePreloadOnInteraction(): void {
  useEffect(() => onFirstInteraction(preloadApiClient), []);
}
