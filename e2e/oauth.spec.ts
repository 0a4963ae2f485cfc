/**
 * Sign-in with Google and GitHub in Chromium (decisions 0022, 0022) through the fake providers on
 * loopback (worker/test/fake-oauth.ts, started by e2e/global-setup.ts), and the claim of what a
 * visitor made while signed out (decision 0013, 0013) on sign-up, password sign-in and OAuth sign-in:
 * the recipes and lists made on this browser belong to the account afterwards.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { closeBrowser, openPage, PHONE, done, hydrated, openHome } from "./browser.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";
import { addManual } from "./lists.ts";

afterAll(closeBrowser);

async function expectToast(page: Page, title: string | RegExp) {
  const toast = page.getByTestId("toast-region").locator(".toast").filter({ hasText: title }).first();
  await toast.waitFor({ timeout: 10_000 });
  return toast.innerText();
}

/** As a visitor: one recipe by manual entry and a list made from it (the web store keeps their edit tokens). */
async function makeVisitorThings(page: Page, title: string): Promise<{ listId: string; recipeId: string }> {
  await openHome(page);
  await addManual(page, title, "2 cups flour\n1 tsp salt");
  await page.getByRole("button", { name: "Generate Shopping List" }).click();
  await page.waitForURL(/\/shopping-list\/[\w-]{16,}$/);
  const listId = expectDefined(new URL(page.url()).pathname.split("/").pop());
  const list = (await (await page.request.get(`/api/shopping-lists/${listId}`)).json()) as { recipes: { id: string; title: string }[] };
  const recipeId = expectDefined(list.recipes.find((r) => r.title === title)).id;
  // Made signed out: nobody owns them yet.
  expect(((await (await page.request.get(`/api/recipes/${recipeId}`)).json()) as { userId: string | null }).userId).toBeNull();
  return { listId, recipeId };
}

/** The signed-in account (cookie session) owns the recipe and has the list in its history. */
async function expectClaimed(page: Page, made: { listId: string; recipeId: string }) {
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/recipes/${made.recipeId}`)).json()) as { userId: string | null }).userId, {
      timeout: 10_000,
    })
    .toBe(me.user.id);
  const history = (await (await page.request.get("/api/users/me/shopping-lists")).json()) as { lists: { id: string }[] };
  expect(history.lists.map((l) => l.id)).toContain(made.listId);
  // The spent edit tokens are gone from the browser.
  expect([null, "{}"]).toContain(await page.evaluate(() => localStorage.getItem("recipecart:list-tokens")));
}

describe("sign in with Google and GitHub", () => {
  // A visitor's whole flow (home, a recipe, a list) before the sign-in: measured at 43 s on a busy 2-core machine.
  it("signs in with the fake Google, lands on /dashboard signed in, and the visitor's recipe and list become the account's", {
    timeout: 90_000,
  }, async () => {
    const { page, context, problems } = await openPage();
    const made = await makeVisitorThings(page, "Oauth Flatbread");
    await page.goto("/auth");
    await hydrated(page);
    const google = page.getByRole("link", { name: "Continue with Google" });
    await expect(google.isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Continue with GitHub" }).isVisible()).resolves.toBe(true);
    await google.click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await hydrated(page);
    expect(await page.locator(".dashboard__welcome").innerText()).toBe("Welcome back, Gina!");
    expect(await expectToast(page, "Welcome back!")).toContain("Signed in with Google.");
    // The landing parameters are dropped once shown.
    await page.waitForURL((u) => u.search === "");
    // The user menu is a lazy part: its chunk may still be on the way (decision 0017 moved the toast region's load).
    await expect.poll(() => page.locator(".site-header__account").innerText()).toContain("Gina");
    // The session is the cookie, as for a password sign-in.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "rc_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookies.find((c) => c.name === "rc_oauth")).toBeUndefined();
    await expectClaimed(page, made);
    // A signed-in visitor is sent on from /auth.
    await page.goto("/auth");
    await page.waitForURL((u) => u.pathname === "/");
    expect(problems.pageErrors).toEqual([]);
    await done(page, context);
  });

  it("at 375 px: cancelled at the provider, back on /auth with the message and still signed out", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    // The person presses Cancel at the (fake) provider: our redirect to it gets the fake's test switch.
    // (Playwright does not route the redirected request itself, so the start answer is rewritten.)
    await page.route("**/api/auth/oauth/github/start", async (route) => {
      const res = await route.fetch({ maxRedirects: 0 });
      const location = expectDefined(res.headers().location);
      expect(location.startsWith(`${inject("oauthBaseUrl")}/github/authorize?`)).toBe(true);
      await route.fulfill({ response: res, headers: { ...res.headers(), location: `${location}&fake_deny=1` } });
    });
    await page.goto("/auth");
    await hydrated(page);
    await page.getByRole("link", { name: "Continue with GitHub" }).click();
    await page.waitForURL((u) => u.pathname === "/auth" && u.searchParams.get("oauth_error") !== null, { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get("oauth_error")).toBe("access_denied");
    await hydrated(page);
    expect(await page.getByRole("alert").filter({ hasText: "cancelled" }).first().innerText()).toBe("Sign-in with GitHub was cancelled.");
    expect(await expectToast(page, "Sign-in failed")).toContain("Sign-in with GitHub was cancelled.");
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
    // The buttons fit the phone's width.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await done(page, context);
  });
});

// Each test runs a visitor's whole flow first (home, a recipe, a list): 90 s, as above.
describe("the visitor's recipes and lists become the account's", () => {
  it("on sign-up", { timeout: 90_000 }, async () => {
    const { page, context } = await openPage();
    const made = await makeVisitorThings(page, "Signup Scones");
    await page.goto("/auth");
    await hydrated(page);
    await page.locator("main").getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("First name").fill("Cora");
    await page.getByLabel("Last name").fill("Claim");
    await page.getByLabel("Email").fill(`e2e-claim-up-${Date.now().toString(36)}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("a long password");
    await page.locator("main").getByRole("button", { name: "Create Account", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await expectClaimed(page, made);
    await done(page, context);
  });

  it("on password sign-in", { timeout: 90_000 }, async () => {
    const email = `e2e-claim-in-${Date.now().toString(36)}@example.com`;
    // The account exists already (made from another browser).
    const other = await openPage();
    const reg = await other.page.request.post("/api/auth/register", {
      data: { firstName: "Ivo", lastName: "In", email, password: "a long password" },
    });
    expect(reg.status()).toBe(201);
    await other.context.close();

    const { page, context } = await openPage();
    const made = await makeVisitorThings(page, "Signin Soda Bread");
    await page.goto("/auth");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a long password");
    await page.locator("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await expectClaimed(page, made);
    await done(page, context);
  });
});
