/**
 * What a first-time user met, walking the app end to end (desktop and 375 px), each fixed and shown
 * here as the user sees it: external links stay external; the admin's users table at 375 px; sign-in
 * returns to the page asked for; a page imported again brings back the recipe you have; error toasts
 * go once the fix worked and never sit over the control in use.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, expectToast, noHorizontalScroll, toastTitled } from "./a11y.ts";
import { baseURL, closeBrowser, hydrated, hydratedButton, openHome, openPage, PHONE } from "./browser.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { addedList, addManual, makeList } from "./lists.ts";
import { newEmail, registerViaApi, signInViaApi } from "./users.ts";

afterAll(closeBrowser);

const fixtures = fixtureServerForFile();

describe("links to other sites", () => {
  it("'Original recipe' on /favorites and on the dashboard opens the recipe's own page, not the app's 404", async () => {
    const { page, context, problems } = await openPage();
    await registerViaApi(page, "extlink");
    const url = `${fixtures.origin}/weeknight-chili.html`;
    const made = await page.request.post("/api/recipes/parse", { data: { url }, headers: { origin: baseURL() } });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await page.request.post(`/api/recipes/${id}/favorite`, { headers: { origin: baseURL() } })).status()).toBe(200);

    for (const path of ["/favorites", "/dashboard?tab=favorites"]) {
      await page.goto(path);
      await hydrated(page);
      const link = page.getByRole("link", { name: "Original recipe: Weeknight Chili (opens in a new tab)" });
      expect(await link.getAttribute("href")).toBe(url);
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.waitForLoadState("domcontentloaded");
      expect(tab.url()).toBe(url);
      await tab.close();
      // The app's own page did not move.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe("the admin desk on a phone", () => {
  it("at 375 px each user is a stacked row: the e-mail on one line, Delete on screen, the numbers labelled", async () => {
    const admin = inject("admin");
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await signInViaApi(page, admin);
    const other = await openPage();
    const email = newEmail("a-rather-long-address-for-a-small-screen");
    const res = await other.page.request.post("/api/auth/register", {
      data: { firstName: "Lena", lastName: "Longaddress", email, password: "correct horse battery" },
      headers: { origin: baseURL() },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);

    await page.goto(`/dashboard?tab=admin&users=${encodeURIComponent(email)}`);
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    const box = async (name: string) => expectBox(await row.locator(name).first().boundingBox());
    // The e-mail has the row's width: one or two lines, not a letter a line.
    const mail = await box(".admin-table__email");
    expect(mail.width).toBeGreaterThan(200);
    expect(mail.height).toBeLessThan(50);
    // Delete is on screen, beside the name at the row's right.
    const del = expectBox(await row.getByRole("button", { name: `Delete ${email}` }).boundingBox());
    const name = await box(".admin-table__name");
    expect(del.x).toBeGreaterThan(PHONE.width / 2);
    expect(del.x + del.width).toBeLessThanOrEqual(PHONE.width);
    expect(Math.abs(del.y - name.y)).toBeLessThan(20);
    // Each number carries its column's name on screen.
    const label = await row.locator('td[data-label="Recipes"]').evaluate((td) => getComputedStyle(td, "::before").content);
    expect(label).toMatch(/Recipes/);
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await Promise.all([context.close(), other.context.close()]);
  }, 120_000);
});

function expectBox(b: { x: number; y: number; width: number; height: number } | null) {
  expect(b).not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
}

describe("sign-in returns to the page asked for", () => {
  const fillAndSubmit = async (page: Page, email: string, password: string, button: string) => {
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.locator("main").getByRole("button", { name: button, exact: true }).click();
  };

  it("signed out, /favorites, /history and /dashboard go to sign in and back to the same page; another site never", async () => {
    const { page, context, problems } = await openPage();
    const user = await registerViaApi(page, "returnto");
    await page.request.post("/api/auth/logout", { headers: { origin: baseURL() } });
    await context.clearCookies();

    for (const path of ["/favorites", "/history?search=eggs", "/dashboard?tab=staples"]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === "/auth");
      expect(new URL(page.url()).searchParams.get("next")).toBe(path);
      await fillAndSubmit(page, user.email, user.password, "Sign In");
      await expectToast(page, "Welcome back!");
      await page.waitForURL((u) => u.pathname + u.search === path);
      await page.request.post("/api/auth/logout", { headers: { origin: baseURL() } });
      await page.evaluate(() => localStorage.removeItem("auth_token"));
      await context.clearCookies();
    }

    // A new account made on the way returns there too.
    await page.goto("/favorites");
    await page.waitForURL((u) => u.pathname === "/auth");
    await hydrated(page);
    await page.locator("main").getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("First name").fill("Rita");
    await page.getByLabel("Last name").fill("Turn");
    await fillAndSubmit(page, newEmail("returnto-new"), "correct horse battery", "Create Account");
    await page.waitForURL((u) => u.pathname === "/favorites");
    await page.getByText("No favorite recipes yet").waitFor();
    await page.request.post("/api/auth/logout", { headers: { origin: baseURL() } });
    await page.evaluate(() => localStorage.removeItem("auth_token"));
    await context.clearCookies();

    // An address for another site is never followed: sign-in lands on the home page.
    // (core/lib/return-path.test.ts has the other shapes such an address takes.)
    await page.goto(`/auth?next=${encodeURIComponent("//evil.example/")}`);
    await fillAndSubmit(page, user.email, user.password, "Sign In");
    await page.waitForURL((u) => u.pathname === "/");
    expect(new URL(page.url()).origin).toBe(baseURL());
    expect(problems.pageErrors).toEqual([]);
    await context.close();
    // Four sign-ins and two registrations (scrypt) on a shared 2-core machine.
  }, 240_000);
});

describe("importing a page again", () => {
  it("signed in, a page you have a recipe from brings that recipe back (your edits, one favourite card), not a copy", async () => {
    const { page, context, problems } = await openPage();
    await registerViaApi(page, "reimport");
    const url = `${fixtures.origin}/garden-salsa.html`;
    const made = await page.request.post("/api/recipes/parse", { data: { url }, headers: { origin: baseURL() } });
    expect(made.status(), await made.text()).toBe(201);
    const first = (await made.json()) as { id: string; ingredients: string[] };
    // The user renamed it and made it a favourite, on another day (this browser has no recipes of its own).
    const put = await page.request.put(`/api/recipes/${first.id}`, {
      data: { title: "Our salsa", ingredients: first.ingredients },
      headers: { origin: baseURL() },
    });
    expect(put.status(), await put.text()).toBe(200);
    expect((await page.request.post(`/api/recipes/${first.id}/favorite`, { headers: { origin: baseURL() } })).status()).toBe(200);

    await openHome(page);
    await page.getByRole("textbox", { name: "Recipe URL" }).fill(url);
    await page.getByRole("textbox", { name: "Recipe URL" }).press("Enter");
    await expectToast(page, "Recipe already saved", "Our salsa was in your recipes already: your saved copy was added.");
    await expect.poll(() => addedList(page).count()).toBe(1);
    expect(await addedList(page).first().textContent()).toMatch(/Our salsa/);
    const mine = (await (await page.request.get("/api/users/me/favorites/recipes")).json()) as { recipes: { id: string }[] };
    expect(mine.recipes.map((r) => r.id)).toEqual([first.id]);
    await page.goto("/favorites");
    await hydrated(page);
    expect(await page.getByRole("list", { name: "Favorite recipes" }).getByRole("listitem").count()).toBe(1);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

/** What the toast showing covers of the focused control and an open dialog's primary button ([] when nothing). */
function toastCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-testid="toast-region"] .toast')?.getBoundingClientRect();
    if (!toast) return ["no toast"];
    const over = (r: DOMRect) =>
      r.width > 0 && r.left < toast.right && toast.left < r.right && r.top < toast.bottom && toast.top < r.bottom;
    const named = (el: Element | null, what: string) =>
      el && over(el.getBoundingClientRect()) ? [`${what}: ${el.outerHTML.slice(0, 80)}`] : [];
    return [
      ...named(document.activeElement === document.body ? null : document.activeElement, "focused"),
      ...[...document.querySelectorAll(".modal .btn--primary")].flatMap((b) => named(b, "dialog action")),
    ];
  });
}

describe("error toasts", () => {
  it("a success closes the error it fixes (URL import), even while the toast is held under the pointer", async () => {
    const { page, context, problems } = await openPage();
    await openHome(page);
    const field = page.getByRole("textbox", { name: "Recipe URL" });
    await field.fill("not a link");
    await field.press("Enter");
    const error = toastTitled(page, "Invalid URL");
    await error.waitFor();
    // The pointer rests on the toast, so it does not close itself on time: only the fix can close it.
    const box = await error.boundingBox();
    expect(box).not.toBeNull();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await field.fill(`${fixtures.origin}/weeknight-chili.html`);
    await field.press("Enter");
    await addedList(page).filter({ hasText: "Weeknight Chili" }).waitFor();
    await error.waitFor({ state: "detached", timeout: 3_000 });
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it("at 375 px the toast never covers the focused field, nor the order dialog's Create Order", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    // The URL field at the foot of the screen, focused after a refused entry.
    await openHome(page);
    const field = page.getByRole("textbox", { name: "Recipe URL" });
    await field.evaluate((el) => {
      window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8);
    });
    await field.fill("not a link");
    await field.press("Enter");
    await toastTitled(page, "Invalid URL").waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => toastCovers(page)).toEqual([]);

    // The order dialog is a sheet at the foot of a phone's screen: its Create Order stays clear.
    const { id } = await makeList(page, { name: "Toast Clear", recipes: [{ title: "Eggs", ingredients: ["4 eggs"] }] });
    await page.goto(`/shopping-list/${id}`);
    await page.locator(".list__item").first().waitFor();
    await (await hydratedButton(page, "Order with Instacart")).click();
    const dialog = page.getByRole("dialog", { name: "Order for Delivery" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Search stores" }).click();
    await toastTitled(page, "ZIP Code Required").waitFor();
    await expect.poll(() => toastCovers(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

/** Elements of the open dialog that stick out of the screen's width, and how far ([] when it fits). */
function dialogOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const modal = document.querySelector(".modal");
    if (!modal) return ["no dialog"];
    const out = [modal, ...modal.querySelectorAll("*")]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      // react-aria's hidden native <select> (aria-hidden, clipped to nothing) is not on screen.
      .filter(({ el, r }) => r.width > 0 && !el.closest('[aria-hidden="true"]') && (r.right > width + 0.5 || r.left < -0.5))
      .map(({ el, r }) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ${Math.round(r.left)}..${Math.round(r.right)}`);
    if (modal.scrollWidth > modal.clientWidth) out.push(`dialog scrolls sideways by ${modal.scrollWidth - modal.clientWidth} px`);
    return out;
  });
}

describe("small things", () => {
  it("at 375 px the recipe and item edit dialogs fit the screen", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await openHome(page);
    await addManual(page, "Long Lines", "2 cups of a very finely chopped mixture of fresh herbs, parsley, dill and chives\n1 egg");
    await page.getByRole("button", { name: "Edit Long Lines" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Recipe" });
    await edit.waitFor();
    await edit.getByRole("button", { name: "Save" }).waitFor();
    expect(await dialogOverflow(page)).toEqual([]);
    await noHorizontalScroll(page);
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });

    const list = await makeList(page, { name: "Fit Check", recipes: [{ title: "Eggs", ingredients: ["4 eggs"] }] });
    // This browser made the list: its edit token lets it change the items.
    await page.addInitScript(({ id, token }) => localStorage.setItem("recipecart:list-tokens", JSON.stringify({ [id]: token })), {
      id: list.id,
      token: list.editToken ?? "",
    });
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator(".list__item").first().waitFor();
    await (await hydratedButton(page, "Order with Instacart")).waitFor();
    await page.getByRole("button", { name: "Edit eggs" }).click();
    await page.getByRole("dialog", { name: "Edit item" }).waitFor();
    expect(await dialogOverflow(page)).toEqual([]);
    await noHorizontalScroll(page);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it("'Keep screen on' says so when the browser refuses, and goes back off", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "wakeLock", {
        configurable: true,
        value: { request: () => Promise.reject(new DOMException("Wake lock refused", "NotAllowedError")) },
      });
    });
    const { id } = await makeList(page, { name: "Screen Check", recipes: [{ title: "Eggs", ingredients: ["4 eggs"] }] });
    await page.goto(`/shopping-list/${id}`);
    const button = await hydratedButton(page, "Keep screen on");
    await button.click();
    await expectToast(
      page,
      "The screen can't stay on",
      "Your browser refused to keep the screen on (battery saver may be on). It will turn off as usual.",
    );
    expect(await button.getAttribute("aria-pressed")).toBe("false");
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it("the sticky header is opaque, and the dashboard's counts read as English ('1 Favorite list')", async () => {
    const { page, context, problems } = await openPage();
    await registerViaApi(page, "plurals");
    const list = await makeList(page, { name: "Counted", recipes: [{ title: "Eggs", ingredients: ["4 eggs"] }] });
    expect((await page.request.post(`/api/shopping-lists/${list.id}/favorite`, { headers: { origin: baseURL() } })).status()).toBe(200);
    await page.goto("/dashboard");
    await hydrated(page);
    const stats = page.getByRole("list", { name: "Your numbers" }).getByRole("listitem");
    await stats.first().waitFor();
    expect((await stats.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
      "0 Favorite recipes",
      "1 Favorite list",
      "1 Recent list (of the last 5)",
    ]);
    // Nothing of the page scrolling under the header shows through it.
    const header = await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(header).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
