/**
 * 'Refresh from the site' in the edit dialog of a recipe imported from a link: the page is fetched
 * again (not served from the server's 24 h cache) and the recipe replaced in place; a typed recipe
 * has no such button.
 */
import { afterAll, describe, expect, it } from "vitest";
import { expectToast } from "./a11y.ts";
import { closeBrowser, openHome, openPage } from "./browser.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { addManual, addedList } from "./lists.ts";

const fixtures = fixtureServerForFile();
afterAll(closeBrowser);

describe("Refresh from the site", () => {
  it("fetches the recipe's page again and replaces the recipe where it stands; typed recipes have no refresh", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    await page.getByRole("tab", { name: "From URL" }).click();
    await page.getByRole("textbox", { name: "Recipe URL" }).fill(`${fixtures.origin}/weeknight-chili.html?t=refresh`);
    await page.getByRole("textbox", { name: "Recipe URL" }).press("Enter");
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts(), { timeout: 20_000 }).toEqual(["Weeknight Chili"]);
    expect(fixtures.hits.get("/weeknight-chili.html")).toBe(1);

    // The saved recipe was edited since (its title changed): refresh brings back the site's.
    await page.getByRole("button", { name: "Edit Weeknight Chili" }).click();
    let dialog = page.getByRole("dialog", { name: "Edit Recipe" });
    await dialog.getByRole("textbox", { name: "Title" }).fill("My chili");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts()).toEqual(["My chili"]);

    await page.getByRole("button", { name: "Edit My chili" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Recipe" });
    await dialog.getByRole("button", { name: "Refresh from the site" }).click();
    await expectToast(page, "Recipe refreshed");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => addedList(page).locator(".added__name").allInnerTexts()).toEqual(["Weeknight Chili"]);
    // Fetched again, although the server's cache held the page from the import a moment ago.
    expect(fixtures.hits.get("/weeknight-chili.html")).toBe(2);

    await addManual(page, "Toast", "2 slices bread");
    await page.getByRole("button", { name: "Edit Toast" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Recipe" });
    await dialog.getByRole("button", { name: "Cancel" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Refresh from the site" }).count()).toBe(0);
    await context.close();
  }, 90_000);
});
