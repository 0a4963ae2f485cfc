/**
 * popup.html paints a static shell before any script runs (decision 0024); React then renders the
 * popup over it. The shell must be exactly the popup's first (loading) render, or the takeover would
 * change what the user sees.
 */
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Build-time constants (extension/vite.config.ts `define`).
  Object.assign(globalThis, { __APP_ORIGIN__: "https://recipecart.app", __TEST_BUILD__: false });
});
// The polyfill refuses to load outside an extension. A static render runs no effect or handler,
// so the popup never calls it here.
vi.mock("webextension-polyfill", () => ({ default: {} }));

import { Popup } from "./popup.tsx";

const page = readFileSync(new URL("../popup.html", import.meta.url), "utf8");

/** The markup without the formatting whitespace between tags; `disabled=""` written as `disabled`. */
function normalise(html: string): string {
  return html.replace(/>\s+</g, "><").replaceAll('=""', "").trim();
}

function shell(): string {
  const m = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(page);
  if (!m?.[1]) throw new Error("popup.html has no #root shell");
  return m[1];
}

describe("popup.html shell", () => {
  it("is the popup's loading render, element for element", () => {
    expect(normalise(shell())).toBe(normalise(renderToStaticMarkup(<Popup />)));
  });

  it("is real content: the brand heading and the disabled 'Add to recipecart' button", () => {
    expect(shell()).toMatch(/<h1 class="popup__brand">recipecart<\/h1>/);
    expect(shell()).toMatch(/<button type="button" class="btn btn--primary btn--block" disabled>Add to recipecart<\/button>/);
  });

  it("loads its styles inline and only the boot script", () => {
    const head = page.slice(0, page.indexOf("</head>"));
    expect([...head.matchAll(/<link rel="stylesheet" href="([^"]+)" data-inline \/>/g)].map((m) => m[1])).toEqual([
      "/src/ui.css",
      "/src/popup.css",
    ]);
    expect([...page.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(["/src/popup-boot.ts"]);
  });
});
