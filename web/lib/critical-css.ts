/**
 * The site's stylesheet travels inside the HTML (decision 0017): web/entry.server.tsx reads the
 * built CSS (`?inline`, server bundle only) and provides it here; the root Layout writes it into a
 * <style> in <head>, so the first paint waits for no stylesheet request. In the browser the
 * context is empty and the Layout keeps the text the server sent (read from the element itself),
 * so hydration and any later client render of <head> leave the styles in place.
 */
import { createContext } from "react";

export const CRITICAL_CSS_ID = "critical-css";

/** The CSS text on the server; "" in the browser. */
export const CriticalCssContext = createContext("");

/** In the browser: the text of the server's <style>, for a client render that recreates <head>. */
export function criticalCssInDocument(): string {
  return typeof document === "undefined" ? "" : (document.getElementById(CRITICAL_CSS_ID)?.textContent ?? "");
}
