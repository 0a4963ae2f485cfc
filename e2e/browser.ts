/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). `openPage` records
 * console errors, uncaught page errors and failed requests so every test can assert none happened;
 * `openPhone` opens a touch phone. The small steps most specs share live here too: `done` (close once
 * requests settle), `hydrated`, `openHome`, `hydratedButton`, and `unexpected`/`NONE` for problems.
 */
import { type Browser, type BrowserContext, type Locator, type Page, type Request, chromium } from "playwright-core";
import { expect, inject } from "vitest";

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
  // The service worker is tested in e2e/shopping.spec.ts; elsewhere it stays out of the
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
  // Requests whose answer arrived with a 2xx status (see the ERR_ABORTED case below).
  const answered = new WeakSet<Request>();
  // Which top-level document each request belongs to: a navigation (page.goto, a link) ends the
  // document, and Chromium aborts what it was still loading (lazy chunks, prefetches). Those aborts
  // are the test moving on, not faults of the app.
  let documents = 0;
  const documentOf = new WeakMap<Request, number>();
  page.on("request", (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame() && req.serviceWorker() === null) documents++;
    else documentOf.set(req, documents);
  });
  page.on("requestfailed", (req) => {
    const from = documentOf.get(req);
    if (req.failure()?.errorText === "net::ERR_ABORTED" && from !== undefined && from < documents) return;
    // React Router reads a loader's .data answer only up to its last value and lets the rest of the
    // stream go; when the browser collects that stream before its final bytes came, Chromium reports
    // the finished request as ERR_ABORTED. Only an answer that arrived (2xx) is spared: a .data
    // request dropped before any response is still a failure.
    const dataAnswer = /\.data$/.test(new URL(req.url()).pathname) && answered.has(req);
    if (dataAnswer && req.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.failedRequests.push(`${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on("response", (res) => {
    if (res.status() < 300) answered.add(res.request());
    // 4xx answers the app asked for on purpose (e.g. 401 from /api/auth/me when signed out)
    // are part of normal flow; anything 5xx is a failure.
    if (res.status() >= 500) problems.failedRequests.push(`${res.request().method()} ${res.url()} ${res.status()}`);
  });
  return { page, context, problems };
}

/** Open with touch on a 375 px phone; records uncaught page errors. Service workers run unless `blockServiceWorkers`. */
export async function openPhone(
  opts: { permissions?: string[]; blockServiceWorkers?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: baseURL(),
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    ...(opts.blockServiceWorkers ? { serviceWorkers: "block" as const } : {}),
  });
  if (opts.permissions?.length) await context.grantPermissions(opts.permissions, { origin: baseURL() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  return { context, page, errors };
}

/**
 * Closes a test's browser context once its requests have settled: closing with requests in
 * flight makes wrangler dev's proxy log "Network connection lost" and exit, failing every
 * later test.
 */
export async function done(page: Page, context: BrowserContext): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => {});
  await context.close();
}

/** Waits until React has hydrated the page (root sets data-hydrated). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
}

/** Opens the home page and waits until its recipe entry has hydrated. */
export async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  await page.locator(".home[data-hydrated]").waitFor();
}

/** Waits until React has hydrated the button with this text (for pages rendered on the server), and answers it. */
export async function hydratedButton(page: Page, text: string): Promise<Locator> {
  await page.waitForFunction((t) => {
    const b = [...document.querySelectorAll("button")].find((el) => el.textContent?.trim() === t);
    return !!b && Object.keys(b).some((k) => k.startsWith("__reactProps"));
  }, text);
  return page.getByRole("button", { name: text, exact: true });
}

export const NONE: Problems = { consoleErrors: [], pageErrors: [], failedRequests: [] };

/** Problems other than the HTTP errors (`allowStatus`) a test provoked on purpose. */
export function unexpected(problems: Problems, allowStatus: number[] = []): Problems {
  const allowed = (text: string) =>
    allowStatus.some((s) => text.includes(`status of ${s}`) || text.endsWith(` ${s}`)) ||
    // Chromium drops the favicon fetch and the shell's current-user call when the test moves
    // on to another page while they are in flight: harmless.
    /\/(favicon\.svg|api\/auth\/me) net::ERR_ABORTED$/.test(text);
  return {
    consoleErrors: problems.consoleErrors.filter((t) => !allowed(t)),
    pageErrors: problems.pageErrors,
    failedRequests: problems.failedRequests.filter((t) => !allowed(t)),
  };
}

/** Waits until the service worker controls the page and has kept it and every script and style it loaded. */
export async function keptForOffline(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const pages = await caches.open("recipecart-pages-v1");
          const assets = await caches.open("recipecart-assets-v1");
          const needed = [
            ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[rel=modulepreload], link[rel=stylesheet]"),
          ]
            .map((e) => ("src" in e && e.src) || (e as HTMLLinkElement).href)
            .filter((u) => u.includes("/assets/"));
          for (const u of needed) if (!(await assets.match(u))) return false;
          return Boolean(await pages.match(location.href)) && needed.length > 0;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}
