/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). `openPage` records
 * console errors, uncaught page errors and failed requests so every test can assert none happened.
 */
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let browser: Browser | null = null;

export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

export const baseURL = (): string => inject("baseURL");

export interface Problems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

export async function openPage(
  opts: { viewport?: { width: number; height: number }; permissions?: string[] } = {},
): Promise<{ page: Page; context: BrowserContext; problems: Problems }> {
  const b = await getBrowser();
  // The service worker (issue 17) is tested in e2e/shopping.spec.ts; elsewhere it stays out of the
  // way, so page.route() sees every request (Playwright cannot route what a worker fetches).
  const context = await b.newContext({ baseURL: baseURL(), viewport: opts.viewport ?? DESKTOP, serviceWorkers: "block" });
  if (opts.permissions) await context.grantPermissions(opts.permissions, { origin: baseURL() });
  const page = await context.newPage();
  const problems: Problems = { consoleErrors: [], pageErrors: [], failedRequests: [] };
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    // Chromium logs every non-2xx fetch as a console error. The signed-out 401 from the
    // current-user call is the specified answer (docs/product/api.md), not a fault.
    if (/status of 401/.test(msg.text()) && msg.location().url.endsWith("/api/auth/me")) return;
    problems.consoleErrors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on("pageerror", (err) => problems.pageErrors.push(String(err)));
  page.on("requestfailed", (req) => problems.failedRequests.push(`${req.method()} ${req.url()} ${req.failure()?.errorText}`));
  page.on("response", (res) => {
    // 4xx answers the app asked for on purpose (e.g. 401 from /api/auth/me when signed out)
    // are part of normal flow; anything 5xx is a failure.
    if (res.status() >= 500) problems.failedRequests.push(`${res.request().method()} ${res.url()} ${res.status()}`);
  });
  return { page, context, problems };
}
