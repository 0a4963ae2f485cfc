/**
 * Signed-in pages in Chromium against the built Worker and D1, at desktop size and at
 * 375 px: favourite recipes on the home page, build a list from favourites on the dashboard (the
 * after-create dialog, ordering from it with the demo provider), find it in history by an
 * ingredient, favourite and unfavourite it, /favorites and /history, the security tab (see and end
 * another session), and an admin who sees statistics and deletes a user; axe on every state shown.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { axeSerious, closeToasts, expectToast, noHorizontalScroll } from "./a11y.ts";
import { closeBrowser, DESKTOP, openPage, PHONE, hydrated, openHome } from "./browser.ts";
import { makeList, addManual } from "./lists.ts";
import { registerViaApi, signInViaApi } from "./users.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";

afterAll(closeBrowser);

const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["375 px", PHONE],
] as const;

describe("dashboard security tab", () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`lists this and another session and ends them (${label})`, async () => {
      const a = await openPage({ viewport });
      const b = await openPage({ viewport });
      const user = await registerViaApi(a.page, `sessions-${label.replace(/\W/g, "")}`);
      await signInViaApi(b.page, user);

      // Rendered by the server: the sessions are in the first HTML.
      const html = await (await a.page.request.get("/dashboard?tab=security")).text();
      expect(html).toContain("Active sessions");
      expect(html).toContain("This device");

      await a.page.goto("/dashboard?tab=security");
      await hydrated(a.page);
      expect(await a.page.getByRole("tab", { name: "Security" }).getAttribute("aria-selected")).toBe("true");
      const sessions = a.page.locator(".session");
      await expect.poll(() => sessions.count()).toBe(2);
      expect(await sessions.filter({ hasText: "This device" }).count()).toBe(1);
      expect(await sessions.first().innerText()).toMatch(/Chrome on Linux/);
      expect(await axeSerious(a.page)).toEqual([]);
      await noHorizontalScroll(a.page);

      // By keyboard: the other session's 'Sign out'.
      const other = sessions.filter({ hasNotText: "This device" });
      await other.getByRole("button", { name: "Sign out" }).focus();
      await a.page.keyboard.press("Enter");
      await expectToast(a.page, "Signed out", "That device has been signed out.");
      await expect.poll(() => sessions.count()).toBe(1);
      await a.page.getByText("You are not signed in anywhere else.").waitFor();
      expect((await b.page.request.get("/api/auth/me")).status()).toBe(401);
      await b.page.goto("/dashboard?tab=security");
      await b.page.waitForURL((u) => u.pathname === "/auth");

      // Sign in twice more elsewhere, then 'Sign out everywhere else'.
      await signInViaApi(b.page, user);
      const c = await openPage({ viewport });
      await signInViaApi(c.page, user);
      await a.page.goto("/dashboard?tab=security");
      await hydrated(a.page);
      await expect.poll(() => sessions.count()).toBe(3);
      await a.page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expectToast(a.page, "Signed out", "Every other device has been signed out.");
      await expect.poll(() => sessions.count()).toBe(1);
      expect((await b.page.request.get("/api/auth/me")).status()).toBe(401);
      expect((await c.page.request.get("/api/auth/me")).status()).toBe(401);
      expect((await a.page.request.get("/api/auth/me")).status()).toBe(200);

      for (const p of [a, b, c]) expect(p.problems.pageErrors).toEqual([]);
      await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
    }, 90_000);
  }
});

const pressed = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

/** Chooses the first demo store for ZIP 10001 and presses Create Order; returns the checkout window. */
async function orderFromDialog(page: Page, context: BrowserContext): Promise<Page> {
  const dialog = page.getByRole("dialog", { name: "Order for Delivery" });
  await dialog.waitFor();
  const zip = dialog.getByRole("textbox", { name: "ZIP code" });
  await zip.fill("10001");
  await zip.press("Enter");
  await dialog.locator(".store-card").first().click();
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Create Order" }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/demo\/[\w-]{16,}$/);
  await checkout.getByRole("heading", { name: "Demo checkout" }).waitFor();
  return checkout;
}

describe("favourites, a list from favourites, history", () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`favourites recipes at home, builds and orders a list from them, finds it in history by an ingredient (${label})`, async () => {
      const { page, context, problems } = await openPage({ viewport });
      const tag = label.replace(/\W/g, "");
      await registerViaApi(page, `favs-${tag}`);
      // A list made before, which the search must leave out.
      await makeList(page, { name: "Older list", recipes: [{ title: "Plain Toast", ingredients: ["2 slices bread", "1 tbsp butter"] }] });

      await openHome(page);
      const spice = "saffron";
      await addManual(page, "Paella Night", `1 pinch ${spice}\n2 cups rice\n1 onion`);
      await addManual(page, "Green Salad", "1 head lettuce\n2 tbsp olive oil");

      // The heart shows once the favourites are known; empty, then filled after a press (keyboard for the second).
      const paella = page.getByRole("button", { name: "Favorite Paella Night", exact: true });
      await paella.waitFor();
      expect(await pressed(page, "Favorite Paella Night")).toBe("false");
      await paella.click();
      await expectToast(page, "Added to favorites");
      await expect.poll(() => pressed(page, "Favorite Paella Night")).toBe("true");
      await page.getByRole("button", { name: "Favorite Green Salad", exact: true }).focus();
      await page.keyboard.press("Enter");
      await expectToast(page, "Added to favorites");
      await expect.poll(() => pressed(page, "Favorite Green Salad")).toBe("true");
      expect(await axeSerious(page)).toEqual([]);
      // Still filled after a reload (read from the server).
      await page.reload();
      await page.locator(".home[data-hydrated]").waitFor();
      await expect.poll(() => pressed(page, "Favorite Paella Night")).toBe("true");

      // Dashboard favourites: validation, Select All, Create List (2), the after-create dialog.
      await page.goto("/dashboard?tab=favorites");
      await hydrated(page);
      const cards = page.getByRole("list", { name: "Favorite recipes" }).getByRole("listitem");
      await expect.poll(() => cards.count()).toBe(2);
      await page.getByRole("button", { name: "Create List (0)" }).click();
      await expectToast(page, "No recipes selected", "Please select at least one recipe to create a shopping list.");
      await page.getByRole("button", { name: "Select All" }).click();
      await page.getByRole("button", { name: "Deselect All" }).waitFor();
      expect(await page.getByRole("checkbox", { name: "Paella Night" }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Create List (2)" }).click();
      const created = page
        .getByRole("dialog")
        .filter({ has: page.getByRole("heading", { name: /^(Paella Night & Green Salad|Green Salad & Paella Night)$/ }) });
      await created.waitFor();
      await expectToast(page, "Shopping list created", undefined, false);
      const dialogText = await created.innerText();
      expect(dialogText).toContain(spice);
      expect(dialogText).toContain("lettuce");
      expect(dialogText).toContain("Order for Delivery");
      for (const name of ["Print", "Copy", "Email", "Done"]) await created.getByRole("button", { name, exact: true }).waitFor();
      // The selection was cleared.
      expect(await page.getByRole("button", { name: "Create List (0)" }).count()).toBe(1);
      expect(await axeSerious(page)).toEqual([]);
      if (viewport === PHONE) {
        const box = await created.boundingBox();
        expect(expectDefined(box).width).toBeLessThanOrEqual(375);
      }

      // Ordering from the after-create dialog , demo provider.
      await created.getByRole("button", { name: "Order with Instacart" }).click();
      const checkout = await orderFromDialog(page, context);
      expect(await checkout.locator(".demo-checkout").innerText()).toMatch(/Demo/);
      await checkout.close();
      await page.getByRole("dialog", { name: "Order for Delivery" }).waitFor({ state: "detached" });
      await closeToasts(page);
      await created.getByRole("button", { name: "Done" }).click();
      await created.waitFor({ state: "detached" });

      // History tab: search by an ingredient finds only the new list.
      await page.getByRole("tab", { name: "History" }).click();
      await page.waitForURL((u) => u.searchParams.get("tab") === "history");
      const history = page.getByRole("list", { name: "Shopping lists" }).getByRole("listitem");
      await expect.poll(() => history.count()).toBe(2);
      await page.getByRole("searchbox", { name: "Search by list name, ingredient or recipe" }).fill(spice.toUpperCase());
      await page.getByText(`Showing 1 result for "${spice.toUpperCase()}"`).waitFor();
      expect(await history.count()).toBe(1);
      const listName = await history.first().locator("h3").innerText();
      expect(listName).toMatch(/^(Paella Night & Green Salad|Green Salad & Paella Night)$/);

      // Favourite it, then unfavourite it.
      const heart = history.first().getByRole("button", { name: `Favorite ${listName}` });
      await heart.click();
      await expectToast(page, "Added to favorites");
      await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
      expect(await axeSerious(page)).toEqual([]);
      await page.goto("/favorites?tab=lists");
      await hydrated(page);
      expect(await page.getByRole("tab", { name: "Lists (1)" }).getAttribute("aria-selected")).toBe("true");
      await page.getByRole("list", { name: "Favorite lists" }).getByText(listName).waitFor();
      await page.goto(`/dashboard?tab=history&search=${spice}`);
      await hydrated(page);
      await heart.click();
      await expectToast(page, "List removed");
      await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");

      // The view dialog of the list.
      await history
        .first()
        .getByRole("button", { name: `View ${listName}` })
        .click();
      const view = page.getByRole("dialog", { name: listName });
      await view.getByText(/^2 recipes: (Paella Night, Green Salad|Green Salad, Paella Night)$/).waitFor();
      await view.getByRole("button", { name: "Close", exact: true }).first().click();

      // Clear: every list again.
      await page.getByRole("button", { name: "Clear" }).click();
      await expect.poll(() => history.count()).toBe(2);
      await noHorizontalScroll(page);
      expect(problems.pageErrors).toEqual([]);
      await context.close();
    }, 150_000);
  }

  it("/favorites and /history: server-rendered, empty states, remove and delete with the prompt", async () => {
    const { page, context, problems } = await openPage();
    await registerViaApi(page, "pages");
    const html = await (await page.request.get("/favorites")).text();
    expect(html).toContain("No favorite recipes yet");
    expect(html).toContain('content="noindex, nofollow"');
    await page.goto("/history");
    await hydrated(page);
    await page.getByText("No shopping lists yet").waitFor();
    await page.getByRole("searchbox").fill("nothing-like-this");
    await page.getByText("No matching lists found").waitFor();
    await page.getByText('Showing 0 results for "nothing-like-this"').waitFor();

    const list = await makeList(page, { name: "Weekend Shop" });
    await page.goto("/history");
    await hydrated(page);
    await page.getByRole("button", { name: "Delete Weekend Shop" }).click();
    const prompt = page.getByRole("alertdialog", { name: "Delete shopping list" });
    await prompt.getByText("Are you sure you want to delete this shopping list?").waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await prompt.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Delete Weekend Shop" }).click();
    await prompt.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "List deleted");
    await page.getByText("No shopping lists yet").waitFor();
    expect((await page.request.get(`/api/shopping-lists/${list.id}`)).status()).toBe(404);

    // Signed out, both pages send the visitor to sign in.
    const anon = await openPage();
    await anon.page.goto("/favorites");
    await anon.page.waitForURL((u) => u.pathname === "/auth");
    expect(problems.pageErrors).toEqual([]);
    await Promise.all([context.close(), anon.context.close()]);
  }, 90_000);
});

describe("admin desk", () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`an admin sees statistics and deletes a user after a confirm step (${label})`, async () => {
      const admin = inject("admin");
      const a = await openPage({ viewport });
      await signInViaApi(a.page, admin);
      const victimPage = await openPage();
      const victim = await registerViaApi(victimPage.page, `victim-${label.replace(/\W/g, "")}`, "Victor");
      await makeList(victimPage.page, { name: "Victim list" });

      await a.page.goto("/dashboard?tab=admin");
      await hydrated(a.page);
      expect(await a.page.getByRole("tab", { name: "Admin" }).getAttribute("aria-selected")).toBe("true");
      await a.page.getByRole("heading", { name: "Site statistics" }).waitFor();
      expect(await a.page.locator(".admin-stats").innerText()).toMatch(/Users/);
      // Admin rows have no Delete button.
      await a.page.getByRole("searchbox", { name: "Search by name or email" }).fill(admin.email);
      await a.page.getByRole("searchbox", { name: "Search by name or email" }).press("Enter");
      await a.page.getByRole("heading", { name: "Users (1)" }).waitFor();
      expect(await a.page.getByRole("row").filter({ hasText: admin.email }).getByRole("button").count()).toBe(0);

      await a.page.getByRole("searchbox", { name: "Search by name or email" }).fill(victim.email);
      await a.page.getByRole("searchbox", { name: "Search by name or email" }).press("Enter");
      const row = a.page.getByRole("row").filter({ hasText: victim.email });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/\b1\b/);
      expect(await axeSerious(a.page)).toEqual([]);
      await noHorizontalScroll(a.page);
      await row.getByRole("button", { name: `Delete ${victim.email}` }).click();
      const confirm = a.page.getByRole("alertdialog", { name: "Delete user" });
      await confirm.waitFor();
      await confirm.getByRole("button", { name: "Delete User" }).click();
      await expectToast(a.page, "User Deleted");
      await a.page.getByRole("heading", { name: "Users (0)" }).waitFor();
      expect((await victimPage.page.request.get("/api/auth/me")).status()).toBe(401);

      // A non-admin has no Admin tab, and ?tab=admin shows the overview.
      const plain = await openPage({ viewport });
      await registerViaApi(plain.page, "plain");
      await plain.page.goto("/dashboard?tab=admin");
      await hydrated(plain.page);
      expect(await plain.page.getByRole("tab", { name: "Admin" }).count()).toBe(0);
      expect(await plain.page.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");
      expect(a.problems.pageErrors).toEqual([]);
      await Promise.all([a.context.close(), victimPage.context.close(), plain.context.close()]);
    }, 90_000);
  }
});
