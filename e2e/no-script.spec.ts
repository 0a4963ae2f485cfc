/**
 * The forms with JavaScript off (or before the page's script has loaded): every form that carries a
 * secret or changes data posts (method="post") to its page's action, which calls the same endpoint as
 * the script would and renders the answer on the server. No password ever reaches a URL.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, getBrowser } from "./browser.ts";
import { makeList } from "./lists.ts";
import { newEmail, registerViaApi } from "./users.ts";

afterAll(async () => {
  await closeBrowser();
});

interface Scriptless {
  page: Page;
  context: BrowserContext;
  /** Every request the page made: method and URL. */
  requests: { method: string; url: string }[];
}

async function openWithoutScript(): Promise<Scriptless> {
  const b = await getBrowser();
  const context = await b.newContext({ baseURL: baseURL(), javaScriptEnabled: false, serviceWorkers: "block" });
  const page = await context.newPage();
  const requests: Scriptless["requests"] = [];
  page.on("request", (r) => requests.push({ method: r.method(), url: r.url() }));
  return { page, context, requests };
}

/** No URL the browser asked for carries a password or any other form field's secret. */
function expectNoSecretInUrls(requests: Scriptless["requests"], ...secrets: string[]): void {
  for (const r of requests) {
    expect(r.url).not.toMatch(/password=/i);
    for (const s of secrets) expect(decodeURIComponent(r.url)).not.toContain(s);
  }
}

async function mailTo(page: Page, to: string): Promise<{ text: string } | undefined> {
  const res = await page.request.get("/api/dev/outbox");
  expect(res.status()).toBe(200);
  const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
  return mails.findLast((m) => m.to === to);
}

describe("forms without JavaScript", () => {
  // Each test signs in or changes a password more than once (scrypt), on a shared machine: more time than the default.
  it("create an account, sign out, a refused sign-in with the server's message, then sign in: all by POST", {
    timeout: 120_000,
  }, async () => {
    const { page, context, requests } = await openWithoutScript();
    const email = newEmail("noscript");
    const password = "noscript pass 1234";
    await page.goto("/auth");
    // 'Sign up' is a GET form: it opens the account form without the script.
    await page.locator("main").getByRole("button", { name: "Sign up" }).click();
    await expect.poll(() => page.url()).toContain("/auth?mode=register");
    await page.getByLabel("First name").fill("Nadia");
    await page.getByLabel("Last name").fill("Plain");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${baseURL()}/`);
    // Signed in: the header's sign-out form stands in for the menu, which needs the script.
    const signOut = page.getByRole("button", { name: "Sign out" });
    await expect.poll(() => signOut.count()).toBe(1);
    await signOut.click();
    await page.waitForURL(`${baseURL()}/`);
    expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(0);
    await page.goto("/dashboard");
    await page.waitForURL((u) => u.pathname === "/auth");

    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForLoadState();
    // The server rendered the refusal, kept the address typed, and never the password.
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Login failed");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    expect(new URL(page.url()).search).toBe("");

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.goto("/dashboard");
    expect(await page.getByText("Welcome back, Nadia!").count()).toBe(1);

    const posts = requests.filter((r) => r.method === "POST").map((r) => new URL(r.url).pathname);
    expect(posts).toEqual(["/auth", "/auth", "/auth", "/auth"]);
    expectNoSecretInUrls(requests, password, "not the password");
    await context.close();
  });

  it("forgot and reset password", { timeout: 120_000 }, async () => {
    const { page, context, requests } = await openWithoutScript();
    const user = await registerViaApi(page, "noscript-reset");
    await context.clearCookies();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your email" }).count()).toBe(1);

    let link: string | undefined;
    await expect
      .poll(async () => {
        link = /https?:\/\/\S+\/reset-password\?token=[^\s)>"]+/.exec((await mailTo(page, user.email))?.text ?? "")?.[0];
        return Boolean(link);
      })
      .toBe(true);
    const path = new URL(link ?? "").pathname + new URL(link ?? "").search;
    await page.goto(path);
    const fresh = "a brand new secret 99";
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Confirm new password", { exact: true }).fill("something else entirely");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByText("Passwords don't match").count()).toBeGreaterThan(0);
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Confirm new password", { exact: true }).fill(fresh);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Password Reset Complete" }).count()).toBe(1);

    const login = await page.request.post("/api/auth/login", {
      data: { email: user.email, password: fresh },
      headers: { origin: baseURL() },
    });
    expect(login.status()).toBe(200);
    expectNoSecretInUrls(requests, fresh);
    await context.close();
  });

  it("contact: the server's field errors on the form, the text kept; then sent", { timeout: 90_000 }, async () => {
    const { page, context } = await openWithoutScript();
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Plain Reader");
    // Both pass the browser's own checks; the server's schema refuses them.
    await page.getByLabel("Email").fill("reader@localhost");
    await page.getByLabel("Subject").fill("   ");
    await page.getByRole("textbox", { name: "Message" }).fill("Works without the script?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByText("Please enter a valid email address.").count()).toBeGreaterThan(0);
    expect(await page.getByText("Please enter a subject.").count()).toBeGreaterThan(0);
    expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Works without the script?");

    await page.getByLabel("Email").fill("reader@example.com");
    await page.getByLabel("Subject").fill("No script");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Message sent!" }).count()).toBe(1);
    await context.close();
  });

  it("profile and password change on the dashboard", { timeout: 120_000 }, async () => {
    const { page, context, requests } = await openWithoutScript();
    const user = await registerViaApi(page, "noscript-profile");
    await page.goto("/dashboard?tab=profile");
    await page.getByLabel("First name").fill("Renamed");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByText("Welcome back, Renamed!").count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: "Profile updated" }).count()).toBe(1);

    await page.getByLabel("Current password", { exact: true }).fill("wrong current password");
    await page.getByLabel("New password", { exact: true }).fill("changed password 42");
    await page.getByLabel("Confirm new password", { exact: true }).fill("changed password 42");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Password change failed" }).count()).toBe(1);

    await page.getByLabel("Current password", { exact: true }).fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("changed password 42");
    await page.getByLabel("Confirm new password", { exact: true }).fill("changed password 42");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Password changed" }).count()).toBe(1);
    expectNoSecretInUrls(requests, user.password, "changed password 42", "wrong current password");
    await context.close();
  });

  it("a list's own item, and Delete in the history", { timeout: 90_000 }, async () => {
    const { page, context } = await openWithoutScript();
    await registerViaApi(page, "noscript-list");
    const { id } = await makeList(page, { name: "Plain list" });
    await page.goto(`/shopping-list/${id}`);
    await page.getByLabel("Add an item").fill("2 lemons");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.waitForURL(`${baseURL()}/shopping-list/${id}`);
    await expect.poll(() => page.locator(".list").getByText("lemons").count()).toBeGreaterThan(0);
    const list = (await (await page.request.get(`/api/shopping-lists/${id}`)).json()) as {
      ingredients: Record<string, { name: string; addedByHand?: boolean }[]>;
    };
    expect(
      Object.values(list.ingredients)
        .flat()
        .some((i) => i.addedByHand && /lemon/.test(i.name)),
    ).toBe(true);

    await page.goto("/history");
    await expect.poll(() => page.getByText("Plain list").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Delete Plain list" }).click();
    await page.waitForLoadState();
    await expect.poll(() => page.getByText("Plain list").count()).toBe(0);
    expect((await page.request.get(`/api/shopping-lists/${id}`)).status()).toBe(404);
    await context.close();
  });

  it("a form posted from another site is refused", async () => {
    const res = await fetch(`${baseURL()}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "intent=login&email=a%40example.com&password=whatever1",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});
