/**
 * Servings on the home page (issue 17), in Chromium at 375 px with touch: two recipes imported from
 * loopback fixture pages that share onion and garlic; each shows the page's yield, one is scaled
 * ×2 with a tap (kept across a reload), the other's servings field is stepped with the keyboard, and
 * the generated list's combined amounts follow the scale.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSerious, noHorizontalScroll } from "./a11y.ts";
import { baseURL, closeBrowser, getBrowser, PHONE } from "./browser.ts";
import { type FixtureServer, startFixtureServer } from "./fixture-server.ts";

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(async () => {
  await fixtures?.close();
  await closeBrowser();
});

async function phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const b = await getBrowser();
  const context = await b.newContext({ baseURL: baseURL(), viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  return { context, page, errors };
}

const recipeRow = (page: Page, title: string) => page.locator(".added__item", { has: page.getByRole("heading", { name: title }) });

async function addFromUrl(page: Page, url: string, title: string) {
  await page.getByRole("tab", { name: "From URL" }).tap();
  await page.getByRole("textbox", { name: "Recipe URL" }).fill(url);
  await page.getByRole("textbox", { name: "Recipe URL" }).press("Enter");
  await recipeRow(page, title).waitFor({ timeout: 20_000 });
}

const amountOf = (page: Page, name: RegExp) =>
  page
    .locator("li.list__item", { has: page.locator(".list__name", { hasText: name }) })
    .locator(".list__amount")
    .textContent();

describe("servings on the home page", () => {
  it("servings scaling changes the combined amounts", async () => {
    const { context, page, errors } = await phone();
    await page.goto("/");
    await page.locator(".home[data-hydrated]").waitFor();
    await addFromUrl(page, `${fixtures.origin}/weeknight-chili.html`, "Weeknight Chili");
    await addFromUrl(page, `${fixtures.origin}/garden-salsa.html`, "Garden Salsa");

    const chili = recipeRow(page, "Weeknight Chili");
    const salsa = recipeRow(page, "Garden Salsa");
    const chiliServings = page.getByRole("textbox", { name: "Servings for Weeknight Chili" });
    const salsaServings = page.getByRole("textbox", { name: "Servings for Garden Salsa" });
    // The page's yield is shown, and the servings field starts at it with ×1 pressed.
    expect(await chili.locator(".servings__yield").textContent()).toBe("Serves 4");
    expect(await salsa.locator(".servings__yield").textContent()).toBe("Serves 2");
    expect(await chiliServings.inputValue()).toBe("4");
    expect(await chili.getByRole("button", { name: "×1" }).getAttribute("aria-pressed")).toBe("true");

    // ×2 on the chili: 8 servings, ×2 pressed, ×1 not.
    await chili.getByRole("button", { name: "×2" }).tap();
    await expect.poll(() => chiliServings.inputValue()).toBe("8");
    expect(await chili.getByRole("button", { name: "×2" }).getAttribute("aria-pressed")).toBe("true");
    expect(await chili.getByRole("button", { name: "×1" }).getAttribute("aria-pressed")).toBe("false");

    // The salsa's field by keyboard: up to 3 servings, none of the quick choices pressed, then back to 2.
    await salsaServings.focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => salsaServings.inputValue()).toBe("3");
    expect(await salsa.locator('[aria-pressed="true"]').count()).toBe(0);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => salsaServings.inputValue()).toBe("2");
    expect(await salsa.getByRole("button", { name: "×1" }).getAttribute("aria-pressed")).toBe("true");

    // A reload keeps the choice (it is kept with the added recipe in this browser).
    await page.reload();
    await page.locator(".home[data-hydrated]").waitFor();
    await expect.poll(() => chiliServings.inputValue()).toBe("8");
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);

    // The list: the chili's 1 onion and 2 garlic cloves count twice, the salsa's once.
    await page.getByRole("button", { name: "Generate Shopping List" }).tap();
    await page.waitForURL(/\/shopping-list\/[\w-]{16,}$/);
    await page.locator("#list-title").waitFor();
    expect(await amountOf(page, /^onions?$/)).toBe("3");
    expect(await amountOf(page, /^garlic$/)).toBe("5 cloves");
    expect(await amountOf(page, /tomato/)).toBe("4");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a recipe without a yield gets the quick choices only", async () => {
    const { context, page, errors } = await phone();
    await page.goto("/");
    await page.locator(".home[data-hydrated]").waitFor();
    await page.getByRole("tab", { name: "Manual Entry" }).tap();
    await page.getByRole("textbox", { name: "Recipe title" }).fill("Toast");
    await page.getByRole("textbox", { name: "Ingredients" }).fill("2 slices bread\n1 tbsp butter");
    await page.getByRole("button", { name: "Add Recipe" }).tap();
    const toast = recipeRow(page, "Toast");
    await toast.getByRole("group", { name: "Scale Toast" }).waitFor();
    expect(await toast.getByRole("textbox").count()).toBe(0);
    expect(await toast.locator(".servings__yield").count()).toBe(0);
    await toast.getByRole("button", { name: "×0.5" }).tap();
    await expect.poll(() => toast.getByRole("button", { name: "×0.5" }).getAttribute("aria-pressed")).toBe("true");

    await page.getByRole("button", { name: "Generate Shopping List" }).tap();
    await page.waitForURL(/\/shopping-list\/[\w-]{16,}$/);
    await page.locator("#list-title").waitFor();
    expect(await amountOf(page, /bread/)).toBe("1 slice");
    expect(errors).toEqual([]);
    await context.close();
  });
});
