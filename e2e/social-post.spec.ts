/**
 * A social post without a recipe on the home page's recipe entry (decision 0009), in Chromium
 * against the built Worker: the card says why, "Enter by hand" opens Manual Entry with the
 * caption filled in and the title field focused, and a caption's linked recipe page imports with
 * "Import linked recipe". Keyboard only where it matters, axe on the notice, a phone viewport.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openPage, PHONE, openHome } from "./browser.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { axeSerious } from "./a11y.ts";

const fixtures = fixtureServerForFile();
afterAll(closeBrowser);

async function importUrl(page: Page, url: string) {
  await page.getByRole("textbox", { name: "Recipe URL" }).fill(url);
  await page.getByRole("textbox", { name: "Recipe URL" }).press("Enter");
}

const addedNames = (page: Page) => page.getByRole("region", { name: /Your recipes/ }).locator(".added__name");

describe("home: a social post without a recipe", () => {
  it("explains it and opens Manual Entry with the caption filled in", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    await openHome(page);
    await importUrl(page, `${fixtures.origin}/social-post-none.html`);
    const alert = page.locator(".entry-notice [role=alert]");
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toMatch(/No recipe in this post[\s\S]*no ingredient list in its caption/);
    expect(await page.getByRole("button", { name: "Import linked recipe" }).count()).toBe(0);
    expect(await axeSerious(page, { include: ".entry-card" })).toEqual([]);
    // no sideways scrolling at 375 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // keyboard: Tab from the URL field reaches "Enter by hand"; Enter presses it
    const byHand = page.getByRole("button", { name: "Enter by hand" });
    await byHand.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Manual Entry", selected: true }).waitFor();
    const title = page.getByRole("textbox", { name: "Recipe title" });
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await title.inputValue()).toBe("Sunday brunch with friends");
    expect(await page.getByRole("textbox", { name: "Ingredients" }).inputValue()).toContain("Pancakes, eggs and far too much coffee.");
    await context.close();
  }, 60_000);

  it("imports the recipe page the caption links to", async () => {
    const { page, context } = await openPage();
    await openHome(page);
    const before = fixtures.hits.get("/weeknight-chili.html") ?? 0;
    await importUrl(page, `${fixtures.origin}/social-post-link.html`);
    await page.locator(".entry-notice [role=alert]").waitFor({ timeout: 15_000 });
    expect(await page.locator(".entry-notice__address").innerText()).toBe(
      `127.0.0.1:${new URL(fixtures.origin).port}/weeknight-chili.html`,
    );
    await page.getByRole("button", { name: "Import linked recipe" }).click();
    await addedNames(page).filter({ hasText: "Weeknight Chili" }).waitFor({ timeout: 15_000 });
    await page.locator(".entry-notice").waitFor({ state: "detached" });
    // fetched by the server through the ordinary import (or served from its page cache)
    expect((fixtures.hits.get("/weeknight-chili.html") ?? 0) - before).toBeLessThanOrEqual(1);
    await context.close();
  }, 60_000);
});
