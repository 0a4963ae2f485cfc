/**
 * A signed-in user's own staples (decision 0028) in Chromium at 375 px: the dashboard's
 * Staples tab rendered by the server, adding one by keyboard (focus back in the field), a built-in
 * one turned off; a list built from a recipe with those items puts the user's staple in 'You probably
 * have' and the turned-off one in its aisle; removing the staple (with Undo) puts it in its aisle on
 * the next list. axe and the phone layout on each state, and the desktop layout once.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, closeToasts, expectToast, noHorizontalScroll } from "./a11y.ts";
import { closeBrowser, DESKTOP, openPage, PHONE, hydrated } from "./browser.ts";
import { makeList, listGroup } from "./lists.ts";
import { registerViaApi } from "./users.ts";

afterAll(closeBrowser);

const STIR_FRY = { title: "Stir fry", ingredients: ["2 tbsp soy sauce", "1 onion", "2 tbsp olive oil", "1 tsp salt"] };

const mine = (page: Page) => page.getByRole("list", { name: "Your staples" });

/** The list page's groups as the server rendered them: 'You probably have' and every other (aisle) text. */
async function openList(page: Page): Promise<{ staples: string; aisles: string }> {
  const list = await makeList(page, { name: "Stir fry night", recipes: [STIR_FRY] });
  await page.goto(`/shopping-list/${list.id}`);
  await listGroup(page, "You probably have").waitFor();
  const staples = await listGroup(page, "You probably have").innerText();
  const aisles = (
    await page
      .locator("section.list__category")
      .filter({ hasNot: page.getByRole("heading", { name: /^(You probably have|In the cart)/ }) })
      .allInnerTexts()
  ).join("\n");
  return { staples, aisles };
}

describe("the dashboard's Staples tab", () => {
  it("adds, turns off and removes staples, and the next list follows them (375 px)", async () => {
    const { page, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "staples");

    // Rendered by the server: the tab's content is in the first HTML.
    const html = await (await page.request.get("/dashboard?tab=staples")).text();
    expect(html).toContain("Your staples (0)");
    expect(html).toContain("No staples of your own yet");
    expect(html).toContain("Kosher salt");

    // Chosen from the overview: the loader reads the tab's data and the tab shows it.
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByRole("tab", { name: "Staples" }).click();
    await page.waitForURL((u) => u.search === "?tab=staples");
    await expect.poll(() => page.getByRole("tab", { name: "Staples" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { name: "Your staples (0)" }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);

    // An empty add says what to type, in the field.
    const field = page.getByRole("textbox", { name: "Add a staple" });
    await field.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Type an item, like 'flour' or 'soy sauce'.").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    // By keyboard: typed text is parsed to the list's item key; focus stays in the emptied field.
    await field.fill("2 tbsp Soy Sauce");
    await page.keyboard.press("Enter");
    await expectToast(page, "Staple added", "Soy sauce will go to 'You probably have' on your next lists.", false);
    await expect.poll(() => mine(page).getByRole("listitem").allInnerTexts()).toEqual([expect.stringMatching(/^Soy sauce/)]);
    expect(await field.inputValue()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("item");
    await page.getByRole("heading", { name: "Your staples (1)" }).waitFor();
    await closeToasts(page);

    // The same item again changes nothing and says so.
    await field.fill("soy sauce");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expectToast(page, "Already a staple", "Soy sauce is already one of your staples.");
    expect(await mine(page).getByRole("listitem").count()).toBe(1);

    // A built-in staple turned off by keyboard (Space on its checkbox).
    const olive = page.getByRole("checkbox", { name: "Olive oil", exact: true });
    expect(await olive.isChecked()).toBe(true);
    await olive.focus();
    await page.keyboard.press("Space");
    const total = await page.getByRole("checkbox").count();
    await page.getByRole("heading", { name: `Built-in staples (${total - 1} of ${total} on)` }).waitFor();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/users/me/staples")).json()) as { builtIn: { key: string; on: boolean }[] }).builtIn,
      )
      .toContainEqual({ key: "olive oil", on: false });
    await expect.poll(() => olive.isChecked()).toBe(false);
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);

    // A list built now: soy sauce and salt are had, olive oil and the onion are in the aisles.
    let list = await openList(page);
    expect(list.staples).toMatch(/soy sauce/i);
    expect(list.staples).toMatch(/salt/i);
    expect(list.staples).not.toMatch(/olive oil/i);
    expect(list.aisles).toMatch(/olive oil/i);
    expect(list.aisles).toMatch(/onion/i);
    expect(list.aisles).not.toMatch(/soy sauce/i);

    // Remove with Undo, then remove for good: focus goes back to the field when none are left.
    await page.goto("/dashboard?tab=staples");
    await hydrated(page);
    await page.getByRole("button", { name: "Remove soy sauce" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("No staples of your own yet").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("item");
    const toast = page.getByTestId("toast-region").locator(".toast").filter({ hasText: "Staple removed" });
    await toast.getByRole("button", { name: "Undo" }).click();
    await expectToast(page, "Staple restored", "Soy sauce is one of your staples again.");
    await expect.poll(() => mine(page).getByRole("listitem").count()).toBe(1);
    await page.getByRole("button", { name: "Remove soy sauce" }).click();
    await expectToast(page, "Staple removed", "Soy sauce will be in its aisle on your next lists.");
    await page.getByText("No staples of your own yet").waitFor();

    // The desktop layout has no sideways scroll and no serious axe finding either.
    await page.setViewportSize(DESKTOP);
    expect(await axeSerious(page)).toEqual([]);
    await noHorizontalScroll(page);
    await page.setViewportSize(PHONE);

    // The next list has soy sauce in its aisle again.
    list = await openList(page);
    expect(list.staples).not.toMatch(/soy sauce/i);
    expect(list.aisles).toMatch(/soy sauce/i);
    expect(list.staples).toMatch(/salt/i);

    expect(problems.pageErrors).toEqual([]);
    // Going from a list page to the dashboard may abort the list page's own background reads.
    expect(problems.failedRequests.filter((r) => !r.endsWith("net::ERR_ABORTED"))).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  }, 60_000); // one long walk at 375 px: ~12 s alone, ~30 s under CI's load
});
