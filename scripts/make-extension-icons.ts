/**
 * `node scripts/make-extension-icons.ts`: draws the browser extension's toolbar and store icons
 * (extension/icons/icon-{16,32,48,128}.png) from the app's own artwork, in Debian's Chromium: the
 * favicon (public/favicon.svg, drawn for small sizes) at 16 and 32 px, the app icon
 * (public/icons/icon-512.png) scaled down at 48 and 128 px. Run again when either changes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { executablePath } from "../e2e/browser.ts";
import { root } from "./lib/tooling.ts";

const SIZES: { size: number; from: string; type: string }[] = [
  { size: 16, from: "public/favicon.svg", type: "image/svg+xml" },
  { size: 32, from: "public/favicon.svg", type: "image/svg+xml" },
  { size: 48, from: "public/icons/icon-512.png", type: "image/png" },
  { size: 128, from: "public/icons/icon-512.png", type: "image/png" },
];

const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage();
  for (const { size, from, type } of SIZES) {
    const source = `data:${type};base64,${readFileSync(path.join(root, from)).toString("base64")}`;
    const dataUrl = await page.evaluate(
      async ({ source, size }) => {
        const img = new Image();
        img.src = source;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = size;
        canvas.height = size;
        const ctx = canvas.getContext("2d");
        if (!ctx) throw new Error("no 2d context");
        ctx.imageSmoothingQuality = "high";
        ctx.drawImage(img, 0, 0, size, size);
        return canvas.toDataURL("image/png");
      },
      { source, size },
    );
    const file = path.join(root, "extension", "icons", `icon-${size}.png`);
    writeFileSync(file, Buffer.from(dataUrl.split(",")[1] ?? "", "base64"));
    console.log(`✔ ${path.relative(root, file)}`);
  }
} finally {
  await browser.close();
}
