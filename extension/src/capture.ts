/**
 * Reads the page in the user's tab (scripting.executeScript under activeTab): the rendered
 * document as it is now, after the site's scripts ran, or the selected text.
 */
import browser from "webextension-polyfill";
import { RECIPE_HTML_MAX_BYTES } from "../../core/api/recipes.ts";
import { AddError } from "./errors.ts";
import { t } from "./i18n.ts";

/**
 * Runs inside the page. Serialises the live DOM; when it is over the size limit, drops what the
 * extractor never reads (styles, inline SVG, empty external-script tags), then large inline scripts
 * other than JSON-LD. Must stay self-contained: it is sent to the page as source text.
 */
export function serializePage(maxBytes: number): { html: string; bytes: number } {
  const size = (s: string) => new TextEncoder().encode(s).byteLength;
  let html = document.documentElement.outerHTML;
  if (size(html) <= maxBytes) return { html, bytes: size(html) };
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  copy.querySelectorAll("style, svg, script[src], link[rel='stylesheet']").forEach((el) => el.remove());
  html = copy.outerHTML;
  if (size(html) > maxBytes) {
    copy.querySelectorAll("script").forEach((el) => {
      if (!/ld\+json/i.test(el.getAttribute("type") ?? "") && (el.textContent?.length ?? 0) > 20_000) el.remove();
    });
    html = copy.outerHTML;
  }
  return { html, bytes: size(html) };
}

/** Runs inside the page: the selection with its line breaks (contextMenus' selectionText loses them in Chrome). */
export function readSelection(): string {
  return window.getSelection()?.toString() ?? "";
}

export async function capturePage(tabId: number): Promise<string> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the assignment below (the browser API's own result type)
  let results;
  try {
    results = await browser.scripting.executeScript({ target: { tabId }, func: serializePage, args: [RECIPE_HTML_MAX_BYTES] });
  } catch (err) {
    throw new AddError("capture_failed", t("errCaptureBlocked"), err);
  }
  const value = results[0]?.result as { html: string; bytes: number } | undefined;
  if (!value?.html) throw new AddError("capture_failed", t("errCaptureFailed"));
  if (value.bytes > RECIPE_HTML_MAX_BYTES) throw new AddError("too_large", t("errTooLarge"));
  return value.html;
}

export async function captureSelection(tabId: number): Promise<string | null> {
  try {
    const results = await browser.scripting.executeScript({ target: { tabId }, func: readSelection });
    const text = results[0]?.result;
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}
