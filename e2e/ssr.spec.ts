import { afterAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, getBrowser, openPage } from "./browser.ts";
import { makeList } from "./lists.ts";

afterAll(async () => {
  await closeBrowser();
});

const RECIPES = [
  {
    title: "Weeknight Chili",
    ingredients: [
      "2 onions, chopped",
      "3 cloves garlic, minced",
      "500 g minced beef",
      "400 g canned tomatoes",
      "1 tsp ground cumin",
      "1 red pepper, sliced",
    ],
  },
  {
    title: "Lemon Pasta",
    ingredients: [
      "300 g spaghetti",
      "1 lemon",
      "100 g parmesan, grated",
      "200 ml double cream",
      "1 large onion",
      "a handful of fresh parsley",
    ],
  },
];

const text = (s: string) => s.replace(/\s+/g, " ").trim();

describe("the list page's first HTML", () => {
  it("shows the name, every category and every item with JavaScript disabled", async () => {
    const browser = await getBrowser();
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    const list = await makeList(page, { name: "Saturday <Shop> & more", recipes: RECIPES });
    const items = Object.values(list.ingredients).flat();
    expect(items.length).toBeGreaterThan(8);

    const res = await page.goto(`/shopping-list/${list.id}`);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Saturday <Shop> & more");
    expect(await page.title()).toBe("Saturday <Shop> & more | recipecart");
    const categories = (await page.locator(".list__category-title").allInnerTexts()).map((t) => t.replace(/\s*\(\d+\)$/, ""));
    expect(categories).toEqual(Object.keys(list.ingredients));
    // Every item, in order, with its amount and the recipes that need it.
    const rows = (await page.locator(".list__item").allInnerTexts()).map(text);
    expect(rows).toHaveLength(items.length);
    items.forEach((item, i) => {
      expect(rows[i]).toContain(item.amount ? `${item.amount} ${item.name}` : item.name);
      expect(rows[i]).toContain(`for ${item.recipes.join(", ")}`);
    });
    expect(await page.getByText("Loading shopping list").count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await context.close();
  }, 60_000);

  it("answers 404 with 'Shopping List Not Found' for an unknown id and without an id", async () => {
    const browser = await getBrowser();
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/shopping-list/AAAAAAAAAAAAAAAAAAAAAA", "/shopping-list/not-an-id", "/shopping-list"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Shopping List Not Found");
      expect(await page.title()).toBe("Shopping List Not Found | recipecart");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    }
    await context.close();
  }, 60_000);
});

describe("hydration and loading", () => {
  it("hydrates the server's list without fetching it again", async () => {
    const { page, context, problems } = await openPage();
    const list = await makeList(page, { recipes: RECIPES });
    const fetched: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith("/api/shopping-lists") || url.pathname.endsWith(".data")) fetched.push(`${req.method()} ${url.pathname}`);
    });
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("html[data-hydrated]").waitFor();
    // Give a stray effect time to fire before counting.
    await page.waitForTimeout(500);
    expect(fetched).toEqual([]);
    expect(await page.locator(".list__item").count()).toBe(Object.values(list.ingredients).flat().length);
    // A hydration mismatch is logged as a console error: none.
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [] });
    await context.close();
  }, 60_000);

  it("says 'Failed to load shopping list. Please try again.' when the load fails, and retries", async () => {
    const { page, context, problems } = await openPage();
    const list = await makeList(page, { recipes: RECIPES });
    // Set before the page's scripts run, so home loads once (a reload would abort the first load's requests).
    await context.addInitScript((id) => localStorage.setItem("recipecart:last-list", id), list.id);
    await page.goto("/");
    await page.locator(".home[data-hydrated]").waitFor();
    // The list view loads once on screen or scrolled to (decision 0017).
    await page.locator(".list-view").waitFor();
    await page.evaluate(() => document.querySelector(".list-view")?.scrollIntoView());
    const open = page.getByRole("link", { name: "Open shopping list" });
    await open.waitFor();
    // The client-side navigation reads the loader's data from the server: make that read fail.
    const dataUrl = (u: URL) => u.pathname === `/shopping-list/${list.id}.data`;
    await page.route(dataUrl, (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" }));
    await open.click();
    await page.getByText("Failed to load shopping list. Please try again.").waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "Failed to load shopping list" }).count()).toBe(1);
    await page.unroute(dataUrl);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "Party Prep" }).waitFor();
    expect(await page.locator(".list__item").count()).toBe(Object.values(list.ingredients).flat().length);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("search engines", () => {
  it("gives public pages a title, description and absolute canonical link; private ones noindex", async () => {
    const browser = await getBrowser();
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/", "/about", "/help", "/contact", "/privacy", "/terms"]) {
      await page.goto(path);
      expect(await page.title(), path).toMatch(/\S.*recipecart|recipecart.*\S/);
      expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length, path).toBeGreaterThan(20);
      expect(await page.locator('meta[name="robots"]').getAttribute("content"), path).toBe("index, follow");
      expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(new URL(path, baseURL()).href);
    }
    await page.goto("/help?utm_source=x#faq");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(new URL("/help", baseURL()).href);
    await context.close();
  }, 60_000);
});
