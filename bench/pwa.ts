/**
 * The list page as an installable, offline app, printed, never asserted. Lighthouse 13
 * has no PWA category any more (it went in Lighthouse 12), so this section asks Chromium the same
 * questions its PWA audits asked, on the built app in workerd (bench/_server.ts), at 375 px:
 *
 * - installable manifest: Chromium's own installability check (DevTools protocol
 *   `Page.getInstallabilityErrors`, what Lighthouse's `installable-manifest` audit read) and the
 *   parsed manifest's name, start URL, display and icon sizes;
 * - service worker: registered and controlling the list page;
 * - offline start: the list page and the start URL reloaded with the browser offline answer 200 from
 *   the worker and show the list (every item) / the home page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildUnlessReused, startServer } from "./_server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function makeList(base: string): Promise<{ path: string; items: number }> {
  const res = await fetch(`${base}/api/recipes/manual`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      title: "Bench pancakes",
      ingredients: ["1 cup milk", "2 eggs", "1 tbsp sugar", "1/2 tsp salt", "1 cup flour", "2 bananas"],
      source: "manually added",
    }),
  });
  if (!res.ok) throw new Error(`manual recipe: ${res.status} ${await res.text()}`);
  const recipe = ((await res.json()) as { id: string }).id;
  const list = await fetch(`${base}/api/shopping-lists`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench shop", recipeIds: [recipe] }),
  });
  if (list.status !== 201) throw new Error(`POST /api/shopping-lists answered ${list.status}`);
  const json = (await list.json()) as { id: string; ingredients: Record<string, unknown[]> };
  return { path: `/shopping-list/${json.id}`, items: Object.values(json.ingredients).flat().length };
}

const mark = (ok: boolean) => (ok ? "pass" : "FAIL");

export async function run(): Promise<void> {
  buildUnlessReused();
  const server = await startServer();
  // A profile on disk, not an incognito context: Chromium never offers to install from incognito.
  const profile = mkdtempSync(path.join(tmpdir(), "recipecart-pwa-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    baseURL: server.baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const list = await makeList(server.baseURL);
    const page = await context.newPage();
    await page.goto(list.path);
    await page.waitForSelector("article[data-hydrated]");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    const manifest = (await (await fetch(`${server.baseURL}/manifest.webmanifest`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
    };
    console.log(
      `installable manifest: ${mark(installabilityErrors.length === 0)}${installabilityErrors.length ? ` (${installabilityErrors.map((e) => e.errorId).join(", ")})` : ""}; ` +
        `name "${manifest.name}", start_url ${manifest.start_url}, display ${manifest.display}, icons ${manifest.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ""}`).join(", ")}`,
    );
    // The worker keeps the page once it runs; give it until every script of the page is saved.
    const kept = await page
      .waitForFunction(
        async () => {
          const pages = await caches.open("recipecart-pages-v1");
          const assets = await caches.open("recipecart-assets-v1");
          const scripts = [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((l) => l.href);
          for (const s of scripts) if (!(await assets.match(s))) return false;
          return Boolean(await pages.match(location.href)) && Boolean(await pages.match(`${location.origin}/`));
        },
        null,
        { timeout: 30_000, polling: 250 },
      )
      .then(
        () => true,
        () => false,
      );
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
    console.log(`service worker: ${mark(controlled)} (controls the list page: ${controlled}; page and its scripts kept: ${kept})`);

    await context.setOffline(true);
    const offline = await page.reload();
    await page.waitForSelector("article[data-hydrated]", { timeout: 30_000 }).catch(() => null);
    const shown = await page.locator(".list__item").count();
    const fromWorker = offline?.fromServiceWorker() ?? false;
    const listOk = offline?.status() === 200 && fromWorker && shown === list.items;
    console.log(
      `offline start, list page: ${mark(listOk)} (status ${offline?.status()}, from service worker ${fromWorker}, items ${shown}/${list.items})`,
    );
    const home = await page.goto("/");
    const homeOk = home?.status() === 200 && (home?.fromServiceWorker() ?? false);
    console.log(`offline start, start URL /: ${mark(homeOk)} (status ${home?.status()}, from service worker ${home?.fromServiceWorker()})`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}
