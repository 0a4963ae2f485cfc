/**
 * Lists you can name and find, in Chromium at 375 px and 1280 px: renaming a list inline by keyboard on
 * the list page (Enter keeps it, Escape puts the button back, focus returns to 'Rename') and on a history
 * card; 'Show older' pages through a signed-in shopper's whole history (focus on the first older card,
 * and without the script a link to the older page); the dashboard's History tab links to the full history.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, expectToast, noHorizontalScroll } from "./a11y.ts";
import { closeBrowser, DESKTOP, done, getBrowser, hydrated, openPage, PHONE } from "./browser.ts";
import { makeList, makeRecipes } from "./lists.ts";
import { registerViaApi } from "./users.ts";
import { baseURL } from "./browser.ts";

afterAll(closeBrowser);

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()}:${el.getAttribute("aria-label") ?? el.textContent?.trim() ?? ""}` : "";
  });

/** `count` lists of one recipe, named 'Week 1' (oldest) to 'Week n' (newest). */
async function makeLists(page: Page, count: number): Promise<void> {
  const [recipeId] = await makeRecipes(page, [{ title: "Porridge", ingredients: ["100 g oats", "300 ml milk"] }]);
  for (let i = 1; i <= count; i++) {
    const res = await page.request.post("/api/shopping-lists", {
      data: { name: `Week ${i}`, recipeIds: [recipeId] },
      headers: { origin: baseURL() },
    });
    expect(res.status()).toBe(201);
  }
}

describe.each([
  ["375 px", PHONE],
  ["1280 px", DESKTOP],
])("lists you can name and find (%s)", (_label, viewport) => {
  it("renames a list on its page by keyboard; Escape cancels; the history card renames too", async () => {
    const { page, context } = await openPage({ viewport });
    await registerViaApi(page, "rename");
    const list = await makeList(page, { name: "Shopping List - 11/27/2026" });
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article.list[data-hydrated]").waitFor();
    const open = page.getByRole("button", { name: "Rename Shopping List - 11/27/2026" });
    await open.focus();
    await page.keyboard.press("Enter");
    const field = page.getByRole("textbox", { name: "List name" });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape: nothing changes, the button is back with the focus.
    await page.keyboard.type("Not this");
    await page.keyboard.press("Escape");
    await expect.poll(() => focused(page)).toBe("button:Rename Shopping List - 11/27/2026");
    expect(await page.locator("#list-title").innerText()).toMatch(/^Shopping List - 11\/27\/2026/);

    await page.keyboard.press("Enter");
    await field.waitFor();
    // The whole name is selected: typing replaces it.
    await page.keyboard.type("Lidl Hauptstraße run");
    if (viewport === PHONE) await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press("Enter");
    await expectToast(page, "List renamed", "The list is now called Lidl Hauptstraße run.");
    await expect.poll(() => page.locator("#list-title").innerText()).toBe("Lidl Hauptstraße run");
    await expect.poll(() => focused(page)).toBe("button:Rename Lidl Hauptstraße run");
    // Kept on the server.
    await page.reload();
    await expect.poll(() => page.locator("#list-title").innerText()).toBe("Lidl Hauptstraße run");

    // A blank name is refused in place.
    await page.locator("article.list[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Rename Lidl Hauptstraße run" }).click();
    await field.fill("   ");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Give the list a name.").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();

    // History: found by its new name, renamed again on its card.
    await page.goto("/history?search=hauptstra");
    await hydrated(page);
    const card = page.getByRole("list", { name: "Shopping lists" }).getByRole("listitem");
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole("button", { name: "Rename Lidl Hauptstraße run" }).click();
    await card.getByRole("textbox", { name: "List name" }).fill("Saturday market");
    await card.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => card.locator("h3").innerText()).toBe("Saturday market");
    expect(await axeSerious(page)).toEqual([]);
    await page.goto(`/shopping-list/${list.id}`);
    await expect.poll(() => page.locator("#list-title").innerText()).toBe("Saturday market");
    await done(page, context);
  }, 90_000);

  it("'Show older' pages through the whole history; the dashboard links to it", async () => {
    const { page, context } = await openPage({ viewport });
    await registerViaApi(page, "older");
    await makeLists(page, 23);
    await page.goto("/dashboard?tab=history");
    await hydrated(page);
    const cards = page.getByRole("list", { name: "Shopping lists" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(5);
    await page.getByRole("link", { name: "See all your lists" }).click();
    await page.waitForURL(/\/history$/);
    await hydrated(page);
    await expect.poll(() => cards.count()).toBe(10);
    expect(await cards.first().locator("h3").innerText()).toBe("Week 23");

    const older = page.getByRole("link", { name: "Show older" });
    await older.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cards.count()).toBe(20);
    // The first older card has the focus.
    await expect.poll(() => focused(page)).toBe("button:View Week 13");
    await older.click();
    await expect.poll(() => cards.count()).toBe(23);
    expect(await cards.locator("h3").allInnerTexts()).toEqual(Array.from({ length: 23 }, (_, i) => `Week ${23 - i}`));
    await page.getByText("That's all your lists.").waitFor();
    expect(await older.count()).toBe(0);
    if (viewport === PHONE) await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);
    await done(page, context);
  }, 90_000);
});

describe("'Show older' without the script", () => {
  it("is a link to the older page, and that page links back to the newest", async () => {
    const context = await (await getBrowser()).newContext({
      baseURL: baseURL(),
      viewport: PHONE,
      javaScriptEnabled: false,
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await registerViaApi(page, "older-noscript");
    await makeLists(page, 12);
    await page.goto("/history");
    const cards = page.getByRole("list", { name: "Shopping lists" }).getByRole("listitem");
    expect(await cards.count()).toBe(10);
    await page.getByRole("link", { name: "Show older" }).click();
    await page.waitForURL(/\?before=/);
    expect(await cards.locator("h3").allInnerTexts()).toEqual(["Week 2", "Week 1"]);
    await page.getByRole("link", { name: "Newest lists" }).click();
    await page.waitForURL(/\/history$/);
    expect(await cards.first().locator("h3").innerText()).toBe("Week 12");
    await context.close();
  }, 60_000);
});
