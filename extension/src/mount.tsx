/**
 * The shell every extension page shares (popup.html, options.html, connected.html): each HTML file
 * is only the entry the manifest or the web app names (decision 0024); its script renders its view
 * into #root through this one function, in the browser's language (`<html lang>`, the title).
 */
import { StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { uiLanguage } from "./i18n.ts";

export function mountPage(view: ReactNode, title?: string): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("extension page without #root");
  document.documentElement.lang = uiLanguage();
  if (title) document.title = title;
  createRoot(root).render(<StrictMode>{view}</StrictMode>);
}
