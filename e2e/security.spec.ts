/**
 * What docs/product/security.md promises, seen from a browser: the web app never holds its session token
 * (no token in a sign-in answer, none in local storage, none sent as a bearer header; an old stored copy is
 * removed and never used); strangers' wrong passwords cannot lock an account's owner out of a browser that
 * signed in before (known-device cookie); the list e-mail relays no phishing (decision 0044).
 */
import type { Page } from "playwright-core";
import { request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, done, hydrated, openPage } from "./browser.ts";
import { newEmail, registerViaApi } from "./users.ts";

/** Signs in on /auth as a person does; answers the toast's text. */
async function signInOnPage(page: Page, email: string, password: string, opts: { loaded?: boolean } = {}): Promise<string> {
  if (!opts.loaded) {
    await page.goto("/auth");
    await hydrated(page);
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.locator("main").getByRole("button", { name: "Sign In", exact: true }).click();
  const toast = page.getByRole("alertdialog");
  await toast.waitFor({ timeout: 10_000 });
  return toast.innerText();
}

/**
 * The limiters count per wall-clock minute: start a lockout early in one, so a busy machine still signs in
 * before the window turns over.
 */
async function earlyInAMinute(leftMs = 45_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < leftMs) await new Promise((r) => setTimeout(r, left + 200));
}

afterAll(closeBrowser);

describe("the web app's session is the HttpOnly cookie alone", () => {
  // Two browsers, five page loads and the first launch of the file: room for a busy machine.
  it("signing up answers no token; a live token an older version left in local storage is removed on load and never sent", {
    timeout: 90_000,
  }, async () => {
    // A real, live session token, as an older version of the app would have kept it.
    const other = await openPage();
    const reg = await other.page.request.post("/api/auth/register", {
      data: { firstName: "Old", lastName: "Copy", email: newEmail("legacy"), password: "correct horse battery" },
      headers: { origin: baseURL() },
    });
    expect(reg.status()).toBe(201);
    const body = (await reg.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["claimed", "expiresAt", "user"]);
    const cookie = (await other.context.cookies()).find((c) => c.name === "rc_session");
    expect(cookie?.httpOnly).toBe(true);
    const liveToken = decodeURIComponent(cookie?.value ?? "");
    expect(liveToken.length).toBeGreaterThan(20);
    await done(other.page, other.context);

    const { page, context, problems } = await openPage();
    await page.addInitScript((token) => {
      if (!sessionStorage.getItem("seeded")) localStorage.setItem("auth_token", token);
      sessionStorage.setItem("seeded", "1");
    }, liveToken);
    const bearer: string[] = [];
    page.on("request", (r) => {
      if (r.headers().authorization) bearer.push(r.url());
    });
    await page.goto("/about");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    // The stored copy signed nobody in: the page is signed out, and stays so after a reload.
    await page.locator(".site-header__account").getByRole("link", { name: "Sign In" }).waitFor();
    await page.reload();
    await hydrated(page);
    await page.locator(".site-header__account").getByRole("link", { name: "Sign In" }).waitFor();
    await page.goto("/dashboard");
    await page.waitForURL((u) => u.pathname === "/auth");
    expect(bearer).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await done(page, context);
  });
});

describe("a stranger's wrong passwords do not lock the owner out", () => {
  it("with the address locked, the owner's browser (known device) signs in; a browser new to the account waits", {
    timeout: 120_000,
  }, async () => {
    const owner = await openPage();
    const user = await registerViaApi(owner.page, "lockout");
    expect((await owner.context.cookies()).find((c) => c.name === "rc_device")).toMatchObject({ httpOnly: true, path: "/api/auth" });
    const out = await owner.page.request.post("/api/auth/logout", { headers: { origin: baseURL() } });
    expect(out.status()).toBe(204);

    // A browser that never signed in to this account, on the sign-in page already.
    const fresh = await openPage();
    await fresh.page.goto("/auth");
    await hydrated(fresh.page);
    await owner.page.goto("/auth");
    await hydrated(owner.page);

    // Someone else, elsewhere, guesses until the address is locked.
    await earlyInAMinute();
    const stranger = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "x-test-client": `stranger-${Date.now()}` } });
    let status = 0;
    for (let i = 0; i < 15 && status !== 429; i++) {
      status = (await stranger.post("/api/auth/login", { data: { email: user.email, password: `guess ${i}` } })).status();
      if (status !== 429) expect(status).toBe(401);
    }
    expect(status).toBe(429);
    await stranger.dispose();

    // The browser new to the account is told to wait, even with the right password.
    expect(await signInOnPage(fresh.page, user.email, user.password, { loaded: true })).toMatch(/Too many sign-in attempts/);
    expect(new URL(fresh.page.url()).pathname).toBe("/auth");
    await done(fresh.page, fresh.context);

    // The owner's own browser, in the same locked minute, signs in as usual.
    expect(await signInOnPage(owner.page, user.email, user.password, { loaded: true })).toMatch(/Welcome back!/);
    await owner.page.waitForURL((u) => u.pathname === "/");
    await owner.page.locator(".site-header__account").getByRole("button", { name: /Ada/ }).waitFor();
    await done(owner.page, owner.context);
  });
});

describe("the list e-mail is not a spam or phishing relay (decision 0044)", () => {
  it("the probe's phishing list to 20 addresses in a minute: 3 go, under our subject, with its link broken and a way out", {
    timeout: 60_000,
  }, async () => {
    const probe = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "x-test-client": `relay-${Date.now()}` } });
    const bait = "URGENT: your account is locked - verify at https://phish.example/login";
    const recipe = await probe.post("/api/recipes/manual", { data: { title: "Bait", ingredients: ["1 onion"], source: "manually added" } });
    expect(recipe.status(), await recipe.text()).toBeLessThan(300);
    const made = await probe.post("/api/shopping-lists", {
      data: { name: bait, recipeIds: [((await recipe.json()) as { id: string }).id] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const targets = Array.from({ length: 20 }, (_, i) => newEmail(`relay-${i}`));
    const statuses: number[] = [];
    for (const email of targets) statuses.push((await probe.post(`/api/shopping-lists/${id}/email`, { data: { email } })).status());
    expect(statuses).toEqual([202, 202, 202, ...Array(17).fill(429)]);
    const { mails } = (await (await probe.get("/api/dev/outbox")).json()) as {
      mails: { to: string; subject: string; text: string; html: string; headers: Record<string, string> | null }[];
    };
    const sent = mails.filter((m) => targets.includes(m.to));
    expect(sent).toHaveLength(3);
    for (const m of sent) {
      expect(m.subject).toBe("A shopping list from recipecart");
      expect(`${m.text}${m.html}`).not.toContain("phish.example");
      expect(m.text).toContain("https[:]//phish[.]example/login");
      expect(m.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/email-opt-out\/[A-Za-z0-9_-]{43}>$/);
    }
    await probe.dispose();
  });
});
