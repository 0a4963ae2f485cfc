/**
 * What a first-time user found, in Chromium against the built Worker: the edit dialog's
 * rows (focus, Enter, wrapping on a phone), URL entry (https:// added, duplicates refused),
 * validation at the field, focus and title after generating, the list title on a phone, the
 * list's print stylesheet, section links under the sticky header and Undo for a removed item.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, DESKTOP, openPage, PHONE, openHome } from "./browser.ts";
import { makeList, addedList, addManual } from "./lists.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { toastTitled } from "./a11y.ts";

const fixtures = fixtureServerForFile();
afterAll(closeBrowser);

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.id ?? "");

describe("edit dialog rows", () => {
  it("'Add ingredient' focuses the new row, Enter in a row adds the next, and long text wraps on a phone", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    await openHome(page);
    await addManual(page, "Pancakes", "1 cup flour");
    await page.getByRole("button", { name: "Edit Pancakes" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Recipe" });
    await dialog.waitFor();
    const rows = () => dialog.locator(".edit-form__row textarea").evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));

    await dialog.getByRole("button", { name: "Add ingredient" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Ingredient 2");
    // Typing (spaces included) goes into the new row; no blank rows appear.
    await page.keyboard.type("2 eggs beaten");
    expect(await rows()).toEqual(["1 cup flour", "2 eggs beaten"]);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Ingredient 3");
    await page.keyboard.type("1 cup milk");
    // Enter in the first row puts the new row right after it.
    await dialog.getByRole("textbox", { name: "Ingredient 1" }).press("Enter");
    await page.keyboard.type("pinch of salt");
    expect(await rows()).toEqual(["1 cup flour", "pinch of salt", "2 eggs beaten", "1 cup milk"]);

    const long = "2 large free-range organic eggs from the farmers market down the road, beaten with a fork until frothy";
    const row = dialog.getByRole("textbox", { name: "Ingredient 4" });
    await row.fill(long);
    const box = await row.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    expect(box.height).toBeGreaterThan(box.lineHeight * 2); // wrapped onto several lines
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(box.scrollHeight).toBeLessThanOrEqual(box.clientHeight + 1); // all of it visible
    await context.close();
  }, 60_000);
});

describe("Undo for a deleted recipe", () => {
  it("puts a recipe taken off the list back in its place, and it stays after a reload", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    for (const t of ["Stew", "Salad", "Soup"]) await addManual(page, t, "1 carrot");
    await page.getByRole("button", { name: "Delete Salad" }).click();
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Stew", "Soup"]);
    const toast = toastTitled(page, "Recipe removed");
    await toast.getByRole("button", { name: "Undo" }).click();
    await toast.waitFor({ state: "detached" });
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Stew", "Salad", "Soup"]);
    await page.reload();
    await page.locator(".home[data-hydrated]").waitFor();
    await addedList(page).first().waitFor();
    expect(await addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Stew", "Salad", "Soup"]);
    await context.close();
  }, 60_000);
});

describe("Undo for a recipe deleted in the edit dialog", () => {
  const storedIds = (page: Page) =>
    page.evaluate(() => (JSON.parse(localStorage.getItem("recipecart:recipes") ?? "[]") as { id: string }[]).map((r) => r.id));
  const serverStatus = async (page: Page, id: string) => (await page.request.get(`/api/recipes/${id}`)).status();

  async function deleteInDialog(page: Page, title: string) {
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Recipe" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.waitFor({ state: "detached" });
  }

  it("Undo puts it back in its place and nothing is deleted; without Undo the server deletes it when the toast closes", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    for (const t of ["Stew", "Salad", "Soup"]) await addManual(page, t, "1 carrot");
    const [, salad, soup] = await storedIds(page);
    let deletes = 0;
    page.on("request", (req) => {
      if (req.method() === "DELETE") deletes++;
    });

    await deleteInDialog(page, "Salad");
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Stew", "Soup"]);
    const toast = toastTitled(page, "Recipe removed");
    await toast.getByRole("button", { name: "Undo" }).click();
    await toast.waitFor({ state: "detached" });
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Stew", "Salad", "Soup"]);
    await page.waitForTimeout(500);
    expect(deletes).toBe(0);
    expect(await serverStatus(page, String(salad))).toBe(200);
    // Still editable after Undo: the edit token came back with it.
    await page.getByRole("button", { name: "Edit Salad" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Recipe" });
    await dialog.getByRole("textbox", { name: "Title" }).fill("Green Salad");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await addedList(page).filter({ hasText: "Green Salad" }).waitFor();

    await deleteInDialog(page, "Soup");
    const removed = toastTitled(page, "Recipe removed");
    await removed.locator(".toast__close").click();
    await expect.poll(() => serverStatus(page, String(soup))).toBe(404);
    expect(deletes).toBe(1);
    expect(await addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Stew", "Green Salad"]);
    await context.close();
  }, 90_000);

  it("leaving the page while the toast shows still deletes it on the server", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    await addManual(page, "Stew", "1 carrot");
    const [stew] = await storedIds(page);
    await deleteInDialog(page, "Stew");
    await toastTitled(page, "Recipe removed").waitFor();
    await page.reload();
    await page.locator(".home[data-hydrated]").waitFor();
    await expect.poll(() => serverStatus(page, String(stew))).toBe(404);
    expect(await addedList(page).count()).toBe(0);
    await context.close();
  }, 60_000);
});

describe("recipe entry", () => {
  it("shows validation problems at the field and moves focus there, with the toasts", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    await page.getByRole("button", { name: "Add Recipe" }).click();
    await toastTitled(page, "URL required").waitFor();
    const url = page.getByRole("textbox", { name: "Recipe URL" });
    await expect.poll(() => focusedName(page)).toBe("url");
    expect(await url.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".entry-form .field__error").innerText()).toBe("Please enter a recipe URL.");
    await url.fill("not a recipe link");
    expect(await page.locator(".entry-form .field__error").count()).toBe(0); // typing clears it
    await url.press("Enter");
    await toastTitled(page, "Invalid URL").waitFor();
    expect(await page.locator(".entry-form .field__error").innerText()).toBe("Please enter a valid URL.");

    await page.getByRole("tab", { name: "Manual Entry" }).click();
    await page.getByRole("button", { name: "Add Recipe" }).click();
    await expect.poll(() => focusedName(page)).toBe("title");
    expect(await page.getByRole("textbox", { name: "Recipe title" }).getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("textbox", { name: "Recipe title" }).fill("Toast");
    await page.getByRole("button", { name: "Add Recipe" }).click();
    await expect.poll(() => focusedName(page)).toBe("ingredients");
    expect(await page.locator(".entry-form .field__error").innerText()).toBe("Please enter at least one ingredient.");
    await context.close();
  }, 60_000);

  it("adds https:// to an address without a scheme and refuses a page already added", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    const url = page.getByRole("textbox", { name: "Recipe URL" });
    const sent: string[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/recipes/parse")) sent.push((JSON.parse(req.postData() ?? "{}") as { url: string }).url);
    });
    // The fixture server speaks plain http, so the https:// import fails: what matters is what was sent.
    const bare = `${fixtures.origin.replace(/^http:\/\//, "")}/weeknight-chili.html`;
    await url.fill(bare);
    await url.press("Enter");
    await toastTitled(page, "Error parsing recipe").waitFor();
    expect(sent).toEqual([`https://${bare}`]);
    expect(await url.inputValue()).toBe(`https://${bare}`);

    await url.fill(`${fixtures.origin}/weeknight-chili.html`);
    await url.press("Enter");
    await addedList(page).first().waitFor();
    expect(await addedList(page).count()).toBe(1);
    await url.fill(`${fixtures.origin}/weeknight-chili.html#method`);
    await url.press("Enter");
    const toast = toastTitled(page, "Recipe already added");
    await toast.waitFor();
    expect(await toast.locator(".toast__description").innerText()).toMatch(/is already in your recipes/);
    expect(await page.locator(".entry-form .field__error").innerText()).toMatch(/is already in your recipes/);
    await expect.poll(() => focusedName(page)).toBe("url");
    expect(sent).toHaveLength(2);
    expect(await addedList(page).count()).toBe(1);
    await context.close();
  }, 60_000);
});

describe("the list page", () => {
  it("after generating: focus on the list's heading and the list's name as the page title", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    await addManual(page, "Beans on Toast", "1 can beans\n2 slices bread");
    await page.getByRole("button", { name: "Generate Shopping List" }).click();
    await page.waitForURL(/\/shopping-list\/[\w-]{16,}$/);
    const heading = page.locator("#list-title");
    await heading.waitFor();
    const name = (await heading.innerText()).replace(/\s+/g, " ").trim();
    // A list of one recipe is named after it.
    expect(name).toBe("Beans on Toast");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("list-title");
    await expect.poll(() => page.title()).toBe(`${name} | recipecart`);
    await context.close();
  }, 60_000);

  it("keeps '- date' with the name on a phone, and prints the list alone", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    const list = await makeList(page, {
      name: "Shopping List - 11/25/2026",
      recipes: [{ title: "Polish Soup", ingredients: ["2 onions", "1 tbsp butter", "3 carrots"] }],
    });
    await page.goto(`/shopping-list/${list.id}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.locator(".list__item").first().waitFor();
    const tail = page.locator(".list__title-tail");
    expect(await tail.innerText()).toBe("- 11/25/2026");
    expect(await tail.evaluate((el) => el.getClientRects().length)).toBe(1);

    await page.emulateMedia({ media: "print" });
    const shown = (selector: string) =>
      page.evaluate(
        (s) =>
          [...document.querySelectorAll(s)].some(
            (el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).display !== "none",
          ),
        selector,
      );
    for (const hiddenPart of [".site-header", ".site-footer", ".list__actions", "[data-remove-item]", ".list-page__back"]) {
      expect(await shown(hiddenPart), hiddenPart).toBe(false);
    }
    expect(await page.locator(".list__item").count()).toBe(3);
    expect(await shown(".list__name")).toBe(true);
    expect(
      await page
        .locator(".list__category")
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopStyle),
    ).toBe("none");
    await context.close();
  }, 60_000);

  it("offers Undo for a removed item: undone, nothing is sent and the item stays", async () => {
    const { page, context } = await openPage();
    const list = await makeList(page, {
      name: "Shopping List - 11/25/2026",
      recipes: [{ title: "Polish Soup", ingredients: ["2 onions", "1 tbsp butter", "3 carrots"] }],
    });
    // This browser made the list: it holds the edit token, so the page offers Remove (decision 0013).
    await page.addInitScript(({ id, token }) => localStorage.setItem("recipecart:list-tokens", JSON.stringify({ [id]: token })), {
      id: list.id,
      token: list.editToken,
    });
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated] .list__item-actions[data-editable]").first().waitFor();
    let deletes = 0;
    page.on("request", (req) => {
      if (req.method() === "DELETE") deletes++;
    });
    await page.getByRole("button", { name: "Remove carrots", exact: true }).click();
    await expect.poll(() => page.locator(".list__item").count()).toBe(2);
    const toast = toastTitled(page, "Item removed");
    await toast.getByRole("button", { name: "Undo" }).click();
    await toast.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".list__item").count()).toBe(3);
    await page.waitForTimeout(500);
    expect(deletes).toBe(0);
    const stored = (await (await page.request.get(`/api/shopping-lists/${list.id}`)).json()) as {
      ingredients: Record<string, { name: string }[]>;
    };
    expect(
      Object.values(stored.ingredients)
        .flat()
        .map((i) => i.name),
    ).toContain("carrots");
    await context.close();
  }, 60_000);
});

describe("section links under the sticky header", () => {
  async function sectionTopBelowHeader(page: Page, id: string) {
    // Wait for the smooth scroll to settle.
    let last = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY);
          const settled = y === last && y > 0;
          last = y;
          return settled;
        },
        { interval: 200, timeout: 5000 },
      )
      .toBe(true);
    return page.evaluate((sectionId) => {
      const header = document.querySelector(".site-header")?.getBoundingClientRect();
      const section = document.getElementById(sectionId)?.getBoundingClientRect();
      const atBottom = window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 1;
      return { headerBottom: header?.bottom ?? 0, sectionTop: section?.top ?? -1, atBottom };
    }, id);
  }

  for (const [name, viewport] of [
    ["phone menu", PHONE],
    ["desktop header", DESKTOP],
  ] as const) {
    for (const [label, id] of [
      ["Features", "features"],
      ["How It Works", "how-it-works"],
    ] as const) {
      it(`${label} from the ${name} lands just below the header`, async () => {
        const { page, context } = await openPage({ viewport });
        await openHome(page);
        if (viewport === PHONE) {
          await page.getByRole("button", { name: "Open menu" }).click();
          await page.locator(".mobile-menu").getByRole("link", { name: label }).click();
        } else {
          await page.locator(".site-header").getByRole("link", { name: label }).first().click();
        }
        const { headerBottom, sectionTop, atBottom } = await sectionTopBelowHeader(page, id);
        expect(sectionTop).toBeGreaterThanOrEqual(headerBottom - 1);
        // Just below the header, unless the page cannot scroll any further.
        if (!atBottom) expect(sectionTop).toBeLessThanOrEqual(headerBottom + 40);
        await context.close();
      }, 60_000);
    }
  }
});
