/**
 * Your store's aisle order (decision 0048) in Chromium at 375 px and 1280 px: a store made on the dashboard's
 * Stores tab, its aisles reordered by keyboard (the rows' 'Move up' buttons, focus kept on the button) and by
 * dragging a row onto its neighbour (a mouse drag at both widths: Playwright's touch emulation taps but does not drag, and
 * react-aria's dragging of a row is the browser's drag and drop, which a touchscreen starts with a long press),
 * an aisle marked 'Not in this store'; then the store picked on a list: the aisles in the store's order, the
 * hidden aisle's item in the nearest aisle, ticks kept across the switch and a reload; back to the usual order.
 * axe and no sideways scroll on the tab and the list.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, closeToasts, expectToast, noHorizontalScroll } from "./a11y.ts";
import { closeBrowser, DESKTOP, hydrated, openPage, PHONE } from "./browser.ts";
import { listGroup, listRow, makeList } from "./lists.ts";
import { registerViaApi } from "./users.ts";

afterAll(closeBrowser);

const SUPPER = { title: "Supper", ingredients: ["1 onion", "1 loaf bread", "200 g frozen peas", "1 cup milk"] };

/** The aisles of the open store as the editor shows them, in order. */
const aisleOrder = (page: Page) => page.locator(".aisles__row").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.aisle));

/** The list page's group headings, in order (their titles without the counts). */
const groupTitles = (page: Page) =>
  page.locator("h2.list__category-title").evaluateAll((hs) => hs.map((h) => (h.textContent ?? "").replace(/\s*\(\d+\)$/, "")));

const focusedLabel = (page: Page) =>
  page.evaluate(
    () =>
      `${document.activeElement?.getAttribute("aria-label") ?? ""}${document.activeElement?.getAttribute("role") === "row" ? " (row)" : ""}`,
  );

describe.each([
  ["375 px", PHONE],
  ["1280 px", DESKTOP],
])("your store's aisle order (%s)", (_label, viewport) => {
  it("makes a store, orders its aisles by keyboard and by dragging, hides one, and a list follows it", async () => {
    const { page, context, problems } = await openPage({ viewport });
    await registerViaApi(page, "stores");
    const list = await makeList(page, { name: "Supper", recipes: [SUPPER] });
    expect(Object.keys(list.ingredients)).toEqual(["Produce", "Bakery & Bread", "Dairy & Eggs", "Frozen"]);

    // A tick before any store: it stays through every switch.
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);
    expect(await groupTitles(page)).toEqual(["Produce", "Bakery & Bread", "Dairy & Eggs", "Frozen"]);
    await listRow(page, /onion/).getByRole("checkbox").check();
    await listGroup(page, "In the cart").waitFor();

    // No store yet: the list offers to set one up.
    await page.getByRole("link", { name: "Set up your store's aisle order" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.search === "?tab=stores");
    await page.getByRole("heading", { name: "Your stores (0)" }).waitFor();
    await hydrated(page);
    expect(await axeSerious(page)).toEqual([]);

    // Add a store by keyboard.
    const field = page.getByRole("textbox", { name: "Store name" });
    await field.fill("Corner shop");
    await page.keyboard.press("Enter");
    await expectToast(page, "Store added", "Put Corner shop's aisles in the order you walk it.");
    await page.getByRole("heading", { name: "Aisle order: Corner shop" }).waitFor();
    const usual = await aisleOrder(page);
    expect(usual.slice(0, 5)).toEqual(["Produce", "Bakery & Bread", "Deli & Prepared Foods", "Meat & Seafood", "Dairy & Eggs"]);
    expect(usual).toHaveLength(17);

    // By keyboard: to Dairy & Eggs' row, Tab to its 'Move up' and press it four times; the focus stays on
    // the button as the row moves (on 'Move down' once 'Move up' is disabled at the top).
    const up = page.getByRole("button", { name: "Move up: Dairy & Eggs" });
    await page.locator('.aisles__row[data-aisle="Dairy & Eggs"]').focus();
    for (let i = 0; i < 3 && (await focusedLabel(page)) !== "Move up: Dairy & Eggs"; i++) await page.keyboard.press("Tab");
    expect(await focusedLabel(page)).toBe("Move up: Dairy & Eggs");
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await aisleOrder(page)).indexOf("Dairy & Eggs")).toBe(3 - i);
      await expect.poll(() => focusedLabel(page)).toBe(i < 3 ? "Move up: Dairy & Eggs" : "Move down: Dairy & Eggs");
    }
    expect(await up.isDisabled()).toBe(true);
    await expect.poll(() => page.locator(".aisles__status").innerText()).toBe("Dairy & Eggs moved to 1 of 17. Saved.");

    // By dragging (a mouse drag, see above): Frozen's row, held by its name, dropped on the upper half of
    // Beverages' row (the row above it) goes before it.
    const frozen = page.locator('.aisles__row[data-aisle="Frozen"]');
    const beverages = page.locator('.aisles__row[data-aisle="Beverages"]');
    expect((await aisleOrder(page)).slice(13, 16)).toEqual(["Snacks & Sweets", "Beverages", "Frozen"]);
    await frozen.scrollIntoViewIfNeeded();
    await beverages.scrollIntoViewIfNeeded();
    const from = await frozen.locator(".aisles__name").boundingBox();
    const to = await beverages.boundingBox();
    if (!from || !to) throw new Error("the rows have no box");
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 8, { steps: 10 });
    await page.mouse.move(to.x + to.width / 2, to.y + 6, { steps: 2 });
    await page.mouse.up();
    await expect.poll(async () => (await aisleOrder(page)).slice(13, 16)).toEqual(["Snacks & Sweets", "Frozen", "Beverages"]);
    await expect.poll(() => page.locator(".aisles__status").innerText()).toBe("Frozen moved to 15 of 17. Saved.");

    // This store has no bakery.
    await page.locator('.aisles__row[data-aisle="Bakery & Bread"] .aisles__hide').click();
    await expect.poll(() => page.locator(".aisles__status").innerText()).toBe("Bakery & Bread is not in this store. Saved.");
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);

    // Kept: the page read again shows the saved order.
    await page.reload();
    await hydrated(page);
    const saved = await aisleOrder(page);
    expect(saved.slice(0, 3)).toEqual(["Dairy & Eggs", "Produce", "Bakery & Bread"]);
    expect(saved.slice(13, 16)).toEqual(["Snacks & Sweets", "Frozen", "Beverages"]);
    expect(await page.getByRole("checkbox", { name: "Not in this store: Bakery & Bread" }).isChecked()).toBe(true);

    // On the list: the store chosen in the picker regroups it at once (dairy first; the ticked onion is in the
    // cart); the bread is in the nearest aisle the store has (Produce and Deli are as near; the shopper walks
    // on: Deli); the onion stays ticked.
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);
    await page.locator(".list__store-select button").click();
    await page.getByRole("option", { name: "Corner shop" }).click();
    await expect.poll(() => groupTitles(page)).toEqual(["Dairy & Eggs", "Deli & Prepared Foods", "Frozen", "In the cart"]);
    expect(await listGroup(page, "Deli & Prepared Foods").innerText()).toMatch(/bread/);
    expect(await listRow(page, /onion/).getByRole("checkbox").isChecked()).toBe(true);
    await page.getByText("The list is in the aisle order of Corner shop.").waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);

    // The choice is the list's: a reload shows it, tick and all.
    await page.reload();
    await hydrated(page);
    expect(await groupTitles(page)).toEqual(["Dairy & Eggs", "Deli & Prepared Foods", "Frozen", "In the cart"]);
    expect(await page.locator(".list__store-select button").innerText()).toContain("Corner shop");
    expect(await listRow(page, /onion/).getByRole("checkbox").isChecked()).toBe(true);

    // Back to the usual order.
    await page.locator(".list__store-select button").click();
    await page.getByRole("option", { name: "Usual order" }).click();
    await expect.poll(() => groupTitles(page)).toEqual(["Bakery & Bread", "Dairy & Eggs", "Frozen", "In the cart"]);
    expect(await listRow(page, /onion/).getByRole("checkbox").isChecked()).toBe(true);

    // Signed out, the same list has no picker.
    await context.clearCookies();
    await page.reload();
    await hydrated(page);
    expect(await page.locator(".list__store, .list__store-none").count()).toBe(0);

    await closeToasts(page);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
