/**
 * Servings on the home page, in Chromium at 375 px with touch: two recipes imported from
 * loopback fixture pages that share onion and garlic; each shows the page's yield, one is scaled
 * ×2 with a tap (kept across a reload), the other's servings field is stepped with the keyboard, and
 * the generated list's combined amounts follow the scale. On the dashboard, a list made from favourite
 * recipes follows the scale chosen for each selected recipe (decision 0030).
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, expectToast, noHorizontalScroll } from "./a11y.ts";
import { baseURL, closeBrowser, openPhone, openHome, hydrated } from "./browser.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { registerViaApi } from "./users.ts";

const fixtures = fixtureServerForFile();
afterAll(closeBrowser);

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
    const { context, page, errors } = await openPhone({ blockServiceWorkers: true });
    await openHome(page);
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
    // The field keeps to its range: never below 1 serving, and End goes to the highest it allows.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => salsaServings.inputValue()).toBe("1");
    await page.keyboard.press("End");
    await expect.poll(() => salsaServings.inputValue()).toBe("200");
    await salsa.getByRole("button", { name: "×1" }).tap();
    await expect.poll(() => salsaServings.inputValue()).toBe("2");

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
    const { context, page, errors } = await openPhone({ blockServiceWorkers: true });
    await openHome(page);
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

describe("servings on the dashboard's favourites", () => {
  it("a list made from favourites follows the scale chosen for each recipe", async () => {
    const { context, page, errors } = await openPhone({ blockServiceWorkers: true });
    await registerViaApi(page, "favscale");
    for (const file of ["weeknight-chili.html", "garden-salsa.html"]) {
      const made = await page.request.post("/api/recipes/parse", {
        data: { url: `${fixtures.origin}/${file}` },
        headers: { origin: baseURL() },
      });
      expect(made.status(), await made.text()).toBe(201);
      const { id } = (await made.json()) as { id: string };
      const fav = await page.request.post(`/api/recipes/${id}/favorite`, { headers: { origin: baseURL() } });
      expect(fav.status(), await fav.text()).toBe(200);
    }
    await page.goto("/dashboard?tab=favorites");
    await hydrated(page);
    const card = (title: string) =>
      page
        .getByRole("list", { name: "Favorite recipes" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: title }) });
    const chili = card("Weeknight Chili");
    const salsa = card("Garden Salsa");
    await chili.waitFor();
    // The scale shows once a recipe is selected for the list: the page's yield and ×1 pressed.
    expect(await chili.getByRole("group", { name: "Scale Weeknight Chili" }).count()).toBe(0);
    await chili.locator(".checkbox").tap();
    await chili.getByRole("group", { name: "Scale Weeknight Chili" }).waitFor();
    expect(await chili.locator(".fav-scale__yield").textContent()).toBe("Serves 4");
    expect(await chili.getByRole("button", { name: "×1" }).getAttribute("aria-pressed")).toBe("true");
    await chili.getByRole("button", { name: "×2" }).tap();
    await expect.poll(() => chili.locator(".fav-scale__yield").textContent()).toBe("Serves 4, scaled to 8");
    expect(await chili.getByRole("button", { name: "×2" }).getAttribute("aria-pressed")).toBe("true");
    expect(await chili.getByRole("button", { name: "×1" }).getAttribute("aria-pressed")).toBe("false");
    await salsa.locator(".checkbox").tap();
    await salsa.getByRole("group", { name: "Scale Garden Salsa" }).waitFor();
    expect(await salsa.locator(".fav-scale__yield").textContent()).toBe("Serves 2");
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);

    await page.getByRole("button", { name: "Create List (2)" }).tap();
    await expectToast(page, "Shopping list created", undefined, false);
    // The list as the server built it: the chili's 1 onion and 2 garlic cloves count twice, the salsa's once.
    const history = await page.request.get("/api/users/me/shopping-lists?limit=1");
    const [made] = ((await history.json()) as { lists: { id: string }[] }).lists;
    const res = await page.request.get(`/api/shopping-lists/${made?.id}`);
    expect(res.status()).toBe(200);
    const list = (await res.json()) as { ingredients: Record<string, { name: string; amount: string }[]> };
    const amount = (re: RegExp) =>
      Object.values(list.ingredients)
        .flat()
        .find((i) => re.test(i.name))?.amount;
    expect(amount(/^onions?$/)).toBe("3");
    expect(amount(/^garlic$/)).toBe("5 cloves");
    expect(amount(/tomato/)).toBe("4");
    // The selection and its scales are cleared for the next list.
    expect(await page.getByRole("button", { name: "Create List (0)" }).count()).toBe(1);
    expect(await chili.getByRole("group", { name: "Scale Weeknight Chili" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
