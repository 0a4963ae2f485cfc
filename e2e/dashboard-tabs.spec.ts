/**
 * The signed-in dashboard's tabs on a phone (375 px, decision 0034): every tab in sight without
 * sideways scrolling, in the same place in the server's HTML as after hydration, reachable by the
 * arrow keys and chosen into ?tab=; focus rings only on what has keyboard focus itself (never the whole
 * tab area while focus is inside a panel). And the list page's 'Manage your staples' link under
 * 'You probably have': signed in it opens the Staples tab; signed out and on a shared link it is not there.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, noHorizontalScroll } from "./a11y.ts";
import { baseURL, closeBrowser, DESKTOP, getBrowser, openPage, PHONE, hydrated } from "./browser.ts";
import { makeList } from "./lists.ts";
import { registerViaApi } from "./users.ts";

afterAll(closeBrowser);

const TABS = ["Overview", "Favorites", "History", "Staples", "Stores", "Profile", "Security"];

/** Each tab's box (rounded), as laid out now. */
const tabBoxes = (page: Page) =>
  page.$$eval('[role="tab"]', (tabs) =>
    tabs.map((t) => {
      const r = t.getBoundingClientRect();
      return { name: t.textContent, x: Math.round(r.x), y: Math.round(r.y), right: Math.round(r.right), width: Math.round(r.width) };
    }),
  );

/** The outline style drawn on the Tabs root and on the shown panel. */
const rings = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector<HTMLElement>(".dashboard__tabs");
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]):not(:empty)');
    return {
      root: root ? getComputedStyle(root).outlineStyle : "missing",
      panel: panel ? getComputedStyle(panel).outlineStyle : "missing",
      active: document.activeElement === panel ? "panel" : (document.activeElement?.tagName.toLowerCase() ?? ""),
    };
  });

/**
 * Counts the page's requests in flight from now on; the answer waits until none has been for half a second.
 * (`waitForLoadState("networkidle")` answers at once on a page that was idle before, so it cannot wait for
 * chunks a key press starts fetching.)
 */
function requestsInFlight(page: Page): () => Promise<void> {
  let pending = 0;
  let last = Date.now();
  page.on("request", () => {
    pending++;
    last = Date.now();
  });
  const done = () => {
    pending--;
    last = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async () => {
    while (pending > 0 || Date.now() - last < 500) await new Promise((r) => setTimeout(r, 100));
  };
}

const STAPLE_RECIPE = { title: "Fried eggs", ingredients: ["2 eggs", "1 tbsp olive oil", "1 pinch salt"] };
const staplesGroup = (page: Page) =>
  page.locator("section.list__category", { has: page.getByRole("heading", { name: /^You probably have/ }) });

describe("the dashboard's tabs at 375 px", () => {
  it("shows every tab without sideways scrolling, where the server put it, and reaches each by keyboard", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "dash-tabs");

    // The server's layout (no script at all) is the hydrated one: nothing moves on load.
    const noScript = await (await getBrowser()).newContext({
      baseURL: baseURL(),
      viewport: PHONE,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto("/dashboard");
    const served = await tabBoxes(plain);
    await noScript.close();

    await page.goto("/dashboard");
    await hydrated(page);
    const boxes = await tabBoxes(page);
    expect(boxes).toEqual(served);
    expect(boxes.map((b) => b.name)).toEqual(TABS);
    // All in the viewport, on rows of three equal tabs (the seventh, Security, takes the last row).
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const b of boxes) {
      expect(b.x, b.name ?? "").toBeGreaterThanOrEqual(0);
      expect(b.right, b.name ?? "").toBeLessThanOrEqual(width);
    }
    expect(new Set(boxes.map((b) => b.y)).size).toBe(3);
    expect(new Set(boxes.slice(0, 6).map((b) => b.width)).size).toBe(1);
    const list = page.getByRole("tablist", { name: "Dashboard sections" });
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);

    // Arrow keys walk the tabs in order, each one in sight when it has focus; Enter chooses Security.
    await page.getByRole("tab", { name: "Overview" }).focus();
    for (const name of TABS.slice(1)) {
      await page.keyboard.press("ArrowRight");
      const focused = page.getByRole("tab", { name });
      await expect.poll(() => focused.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await focused.isVisible()).toBe(true);
      expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    }
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.search === "?tab=security");
    await expect.poll(() => page.getByRole("tab", { name: "Security" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { name: "Active sessions" }).waitFor();
    expect(await tabBoxes(page)).toEqual(boxes);
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);

    // Each tab opened by a tap shows its panel, the tabs staying where they are.
    for (const name of TABS) {
      await page.getByRole("tab", { name }).click();
      await page.waitForURL((u) => u.search === `?tab=${name.toLowerCase()}`);
      await expect.poll(() => page.getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true");
      await page.getByRole("tabpanel", { name }).waitFor();
      await noHorizontalScroll(page);
      expect(await tabBoxes(page)).toEqual(boxes);
    }

    // Desktop keeps one row.
    await page.setViewportSize(DESKTOP);
    expect(new Set((await tabBoxes(page)).map((b) => b.y)).size).toBe(1);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
    // One walk through a no-script page, the keyboard, every tab and two axe runs: ~29 s on a loaded 2-core
    // host, against the suite's 30 s. The limit guards against a hang, not speed (speed is the bench's).
  }, 60_000);

  it("puts each tab's content in its first HTML and loads only the chosen tab's code (decision 0034)", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "dash-first");

    // No script at all: every tab's page already shows its panel's content (none left for a script to reveal).
    const noScript = await (await getBrowser()).newContext({
      baseURL: baseURL(),
      viewport: PHONE,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plain = await noScript.newPage();
    const headings: Record<string, string> = {
      Overview: "Latest favorites",
      Favorites: "Favorite recipes (0)",
      History: "Recent lists",
      Staples: "Your staples (0)",
      Stores: "Your stores (0)",
      Profile: "Change password",
      Security: "Active sessions",
    };
    for (const [tab, heading] of Object.entries(headings)) {
      await plain.goto(`/dashboard?tab=${tab.toLowerCase()}`);
      const panel = plain.getByRole("tabpanel", { name: tab });
      expect(await panel.getByRole("heading", { name: heading, exact: true }).count(), tab).toBe(1);
    }
    await noScript.close();

    // In the browser the overview's page fetches the overview's code only; another tab's code comes when it is chosen.
    const tabChunks: string[] = [];
    page.on("request", (r) => {
      const m =
        /\/assets\/(overview-tab|favorites-tab|history-view|staples-tab|stores-tab|profile-tab|security-tab|admin-tab)-[\w-]+\.js$/.exec(
          r.url(),
        );
      if (m?.[1]) tabChunks.push(m[1]);
    });
    await page.goto("/dashboard");
    await hydrated(page);
    expect(tabChunks).toEqual(["overview-tab"]);
    await page.getByRole("tab", { name: "Staples" }).click();
    await page.getByRole("heading", { name: "Your staples (0)" }).waitFor();
    expect(tabChunks).toEqual(["overview-tab", "staples-tab"]);
    await page.waitForLoadState("networkidle");

    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it("rings the panel only when it has keyboard focus itself, never while focus is inside it", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "dash-ring");

    // Keyboard focus on the Staples field, inside the panel: no ring around the panel or the tab area.
    await page.goto("/dashboard?tab=staples");
    await hydrated(page);
    const settled = requestsInFlight(page);
    await page.getByRole("tab", { name: "Staples" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("item");
    expect(await rings(page)).toEqual({ root: "none", panel: "none", active: "input" });
    await page.keyboard.press("Tab");
    expect(await rings(page)).toEqual({ root: "none", panel: "none", active: "button" });
    // The first key press fetches the API client and the toast region (decision 0017): let them arrive
    // before leaving, so the next page's load does not abort them.
    await settled();

    // With one session the Security panel has nothing to tab to, so the panel itself takes keyboard
    // focus, and then it rings; clicked inside, it does not.
    await page.goto("/dashboard?tab=security");
    await hydrated(page);
    await page.getByRole("tab", { name: "Security" }).focus();
    await page.keyboard.press("Tab");
    expect(await rings(page)).toEqual({ root: "none", panel: "solid", active: "panel" });
    await page.keyboard.press("Shift+Tab");
    expect(await rings(page)).toEqual({ root: "none", panel: "none", active: "div" });
    await page.getByText("You are not signed in anywhere else.").click();
    expect((await rings(page)).panel).toBe("none");

    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("'Manage your staples' on a list page (375 px)", () => {
  it("is under 'You probably have' for a signed-in user and opens the Staples tab", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "dash-link");
    const list = await makeList(page, { name: "Breakfast", recipes: [STAPLE_RECIPE] });

    // In the server's HTML already.
    const html = await (await page.request.get(`/shopping-list/${list.id}`)).text();
    expect(html).toContain('href="/dashboard?tab=staples"');

    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    const link = staplesGroup(page).getByRole("link", { name: "Manage your staples" });
    expect(await link.count()).toBe(1);
    expect(await page.getByRole("link", { name: "Manage your staples" }).count()).toBe(1);
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);

    await link.click();
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.search === "?tab=staples");
    await expect.poll(() => page.getByRole("tab", { name: "Staples" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { name: "Your staples (0)" }).waitFor();

    // A share link's viewer, even signed in, gets the read-only page without it.
    const made = await page.request.post(`/api/shopping-lists/${list.id}/shares`, { headers: { origin: baseURL() } });
    expect(made.status(), await made.text()).toBe(201);
    const shared = new URL(((await made.json()) as { url: string }).url);
    await page.goto(shared.pathname);
    await staplesGroup(page).waitFor();
    expect(await page.getByRole("link", { name: "Manage your staples" }).count()).toBe(0);

    expect(problems.pageErrors).toEqual([]);
    // Leaving the list page for the dashboard may abort the list page's own background reads.
    expect(problems.failedRequests.filter((r) => !r.endsWith("net::ERR_ABORTED"))).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it("is not there for a signed-out visitor", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    const list = await makeList(page, { name: "Visitor breakfast", recipes: [STAPLE_RECIPE] });
    const html = await (await page.request.get(`/shopping-list/${list.id}`)).text();
    expect(html).toContain("You probably have");
    expect(html).not.toContain("Manage your staples");
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    await staplesGroup(page).waitFor();
    expect(await page.getByRole("link", { name: "Manage your staples" }).count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});
