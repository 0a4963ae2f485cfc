/**
 * Ordering for delivery in Chromium against the built Worker with the demo provider
 * (no INSTACART_API_KEY): the order dialog from the list page (desktop) and from the home list view
 * (375 px), ZIP validation, 'No stores found', 'Search Failed', 'Order Failed', store choice,
 * Create Order, the checkout window, 'Some Items Not Found', keyboard use and axe.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openPage, PHONE, NONE, unexpected, hydratedButton, openHome } from "./browser.ts";
import { axeSerious as axeSeriousViolations, expectToast } from "./a11y.ts";
import { listEditTokenHeader, makeList, type RecipeInput } from "./lists.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";

afterAll(async () => {
  await closeBrowser();
});

/**
 * Presses Create Order, checks the toast that follows (it closes itself after 5 s, so first), and
 * returns the checkout window once it shows the demo order.
 */
async function createOrder(page: Page, context: BrowserContext, toast: [string, (string | RegExp)?]): Promise<Page> {
  const popup = context.waitForEvent("page");
  await page.getByRole("button", { name: "Create Order" }).click();
  // Read, not closed: the checkout window opening may keep it animating; it closes itself.
  await expectToast(page, toast[0], toast[1], false);
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/demo\/[\w-]{16,}$/);
  await checkout.getByRole("heading", { name: "Demo checkout" }).waitFor();
  return checkout;
}

const OMELETTE: RecipeInput[] = [
  { title: "Garlic Omelette", ingredients: ["4 eggs", "1 cup milk", "3 cloves garlic", "200 g cheddar cheese"] },
];

describe("order with the demo provider", () => {
  it("from the list page: validation, no stores, store choice, checkout window, unmatched items (desktop)", async () => {
    const { page, context, problems } = await openPage();
    const { id } = await makeList(page, { name: "Order Test", recipes: OMELETTE });
    await page.goto(`/shopping-list/${id}`);
    await page.locator(".list__item").first().waitFor();
    await (await hydratedButton(page, "Order with Instacart")).click();
    const dialog = page.getByRole("dialog", { name: "Order for Delivery" });
    await dialog.waitFor();

    // Providers: instacart chosen; the others disabled as Coming Soon.
    expect(await dialog.getByRole("radio", { name: /Instacart/ }).isChecked()).toBe(true);
    for (const name of ["Uber Eats", "DoorDash"]) {
      expect(await dialog.getByRole("radio", { name: new RegExp(name) }).isDisabled()).toBe(true);
      expect(await dialog.locator(".order__provider").filter({ hasText: name }).innerText()).toMatch(/Coming Soon/);
    }
    expect(await dialog.getByRole("button", { name: "Create Order" }).isDisabled()).toBe(true);

    // Blank ZIP; at most 5 characters.
    const hint = dialog.locator(".order__hint");
    expect(await hint.textContent()).toBe("Search for stores near you first.");
    await dialog.getByRole("button", { name: "Search stores" }).click();
    await expectToast(page, "ZIP Code Required", "Please enter your ZIP code to search for nearby stores.");
    const zip = dialog.getByRole("textbox", { name: "ZIP code" });
    await zip.fill("1234567");
    expect(await zip.inputValue()).toBe("12345");

    // Not five digits: the field says so and nothing is searched.
    const searches: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/stores/search")) searches.push(r.url());
    });
    for (const bad of ["abcde", "9410"]) {
      await zip.fill(bad);
      await dialog.getByRole("button", { name: "Search stores" }).click();
      await dialog.getByText("Enter a 5-digit US ZIP code.").waitFor();
      expect(await zip.getAttribute("aria-invalid")).toBe("true");
      expect(await zip.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(searches).toEqual([]);
    expect(await hint.textContent()).toBe("Search for stores near you first.");

    // An area without stores: once a search ran, the hint no longer asks for one.
    await zip.fill("00501");
    expect(await dialog.getByText("Enter a 5-digit US ZIP code.").count()).toBe(0);
    await zip.press("Enter");
    await expectToast(page, "No stores found", "No stores found in this area. Try a different ZIP code.");
    expect(await hint.count()).toBe(0);
    expect(searches).toHaveLength(1);

    // The search itself fails: Search Failed.
    await page.route("**/stores/search*", (route) => route.fulfill({ status: 503, contentType: "application/problem+json", body: "{}" }), {
      times: 1,
    });
    await zip.fill("94103");
    await dialog.getByRole("button", { name: "Search stores" }).click();
    await expectToast(page, "Search Failed", "Failed to search for stores. Please check your ZIP code and try again.");
    expect(await hint.count()).toBe(0);

    await zip.fill("94103");
    await dialog.getByRole("button", { name: "Search stores" }).click();
    const cards = dialog.locator(".store-card");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    expect(await dialog.getByRole("heading", { name: /Stores near 94103/ }).innerText()).toContain("Demo");
    const card = await cards.first().innerText();
    for (const part of [
      "Demo Bay Foods",
      "1450 Mission St, San Francisco, CA",
      "Estimated delivery: 1 hour",
      "Delivery available",
      "Pickup available",
    ]) {
      expect(card).toContain(part);
    }
    expect(await dialog.getByRole("button", { name: "Create Order" }).isDisabled()).toBe(true);
    expect(await axeSeriousViolations(page)).toEqual([]);

    await cards.filter({ hasText: "Demo Valencia Produce" }).click();
    expect(await dialog.getByRole("radio", { name: /Demo Valencia Produce/ }).isChecked()).toBe(true);
    const checkout = await createOrder(page, context, [
      "Some Items Not Found",
      /^1 item could not be matched and was left out: 3 cloves garlic\.$/,
    ]);
    const text = await checkout.locator(".demo-checkout").innerText();
    expect(text).toContain("Demo — no order is placed");
    expect(text).toContain("Demo Valencia Produce");
    expect(text).toMatch(/4 eggs/);
    expect(text).toMatch(/1 cup milk\s+1 cup or 236\.59 ml or 242 gram/);
    expect(text).toContain("Some Items Not Found (1)");
    expect(text).toContain("3 cloves garlic");
    await dialog.waitFor({ state: "detached" });

    expect(unexpected(problems, [503])).toEqual(NONE);
    await context.close();
  }, 90_000);

  it("'Order Failed' when the list is gone", async () => {
    const { page, context, problems } = await openPage();
    const list = await makeList(page, { name: "Soon Deleted", recipes: OMELETTE });
    const id = list.id;
    await page.goto(`/shopping-list/${id}`);
    await page.locator(".list__item").first().waitFor();
    await (await hydratedButton(page, "Order with Instacart")).click();
    const dialog = page.getByRole("dialog", { name: "Order for Delivery" });
    await dialog.getByRole("textbox", { name: "ZIP code" }).fill("60601");
    await dialog.getByRole("button", { name: "Search stores" }).click();
    await dialog.locator(".store-card").first().click();
    const deleted = await page.request.delete(`/api/shopping-lists/${id}`, { headers: listEditTokenHeader(list) });
    expect(deleted.status()).toBe(204);
    const pagesBefore = context.pages().length;
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await expectToast(page, "Order Failed", "404: Shopping list not found.");
    // The window opened for the checkout is closed again.
    await expect.poll(() => context.pages().length).toBe(pagesBefore);
    expect(await dialog.isVisible()).toBe(true);
    expect(unexpected(problems, [404])).toEqual(NONE);
    await context.close();
  }, 60_000);

  it("from the home list view at 375 px, by keyboard", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    const { id } = await makeList(page, { name: "Phone Order", recipes: OMELETTE });
    // The home page shows the last generated list in place of the feature preview. The key is set
    // before the page's scripts run, so home loads once (a second load aborts the first one's requests).
    await context.addInitScript((listId) => localStorage.setItem("recipecart:last-list", listId), id);
    await openHome(page);
    const view = page.locator(".list-view");
    // The list view loads once on screen or scrolled to (decision 0017).
    await page.locator(".list-view").waitFor();
    await page.evaluate(() => document.querySelector(".list-view")?.scrollIntoView());
    await view.getByRole("heading", { name: "Phone Order" }).waitFor();
    await view.getByRole("button", { name: "Order for Delivery" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Order for Delivery" });
    await dialog.waitFor();
    const zip = dialog.getByRole("textbox", { name: "ZIP code" });
    await zip.focus();
    await page.keyboard.type("10001");
    await page.keyboard.press("Enter");
    await dialog.locator(".store-card").first().waitFor();
    // The store heading takes focus; Tab reaches the store cards; arrows move the choice.
    await page.waitForFunction(() => document.activeElement?.classList.contains("order__stores-title") === true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    expect(await dialog.getByRole("radio", { name: /Demo Corner Grocer/ }).isChecked()).toBe(true);
    // Nothing sticks out of a 375 px screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await dialog.boundingBox();
    expect(expectDefined(box).width).toBeLessThanOrEqual(375);
    expect(await axeSeriousViolations(page)).toEqual([]);
    const checkout = await createOrder(page, context, ["Some Items Not Found"]);
    expect(await checkout.locator(".demo-checkout").innerText()).toContain("Demo Corner Grocer");
    expect(unexpected(problems)).toEqual(NONE);
    await context.close();
  }, 90_000);
});
