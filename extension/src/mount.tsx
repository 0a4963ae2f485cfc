/**
 * The shell every extension page shares (popup.html, options.html, connected.html): each HTML file
 * is only the entry the manifest or the web app names (decision 0024); its script renders its view
 * into #root through this one function.
 */
import { StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";

export function mountPage(view: ReactNode): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("extension page without #root");
  createRoot(root).render(<StrictMode>{view}</StrictMode>);
}
