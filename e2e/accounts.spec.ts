/**
 * Accounts in Chromium against the real Worker and D1: /auth (sign in ⇄ register, every
 * validation message, show/hide password, focus), registration, sign-out, sign-in, the header's
 * 'Sign In' button and user menu, /dashboard's profile tab (rendered on the server from the session
 * cookie; profile and password changes), forgot and reset through the development outbox
 * (GET /api/dev/outbox, on in e2e only), at desktop size and at 375 px, and axe-core checks.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, baseURL, closeBrowser, openPage, done, hydrated } from "./browser.ts";
import { axeSerious } from "./a11y.ts";
import { newEmail } from "./users.ts";

afterAll(closeBrowser);

/* Forms are submitted by mouse and, after errors were shown, mostly by Enter on the submit button (keyboard path). */

/** The error text react-aria shows under a field (its accessible description). */
async function fieldError(page: Page, label: string | RegExp): Promise<string> {
  const input = page.getByLabel(label, { exact: typeof label === "string" });
  await input.waitFor();
  const field = input.locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' field ')][1]");
  return (await field.locator(".field__error").allInnerTexts()).join(" | ");
}

async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  await expect.poll(() => fieldError(page, label), { timeout: 5000 }).toBe(message);
}

/** The label of the focused element (its <label> text or aria-label), or its tag and text. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const labels = (el as HTMLInputElement).labels;
    const label = labels?.[0];
    if (label) return label.innerText.replace(/\s*\*$/, "").trim();
    return el.getAttribute("aria-label") ?? `${el.tagName.toLowerCase()}:${el.innerText.trim()}`;
  });
}

async function toastText(page: Page): Promise<string> {
  const t = page.getByRole("alertdialog");
  await t.waitFor({ timeout: 8000 });
  return t.innerText();
}

async function expectToast(page: Page, title: string | RegExp) {
  await expect
    .poll(
      () =>
        page
          .getByRole("alertdialog")
          .allInnerTexts()
          .then((a) => a.join("\n")),
      { timeout: 8000 },
    )
    .toMatch(title);
}

const password = (page: Page, label = "Password") => page.getByLabel(label, { exact: true });
const submit = (page: Page, name: string | RegExp) => page.locator("main").getByRole("button", { name, exact: typeof name === "string" });

async function register(page: Page, user: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto("/auth");
  await hydrated(page);
  await page.locator("main").getByRole("button", { name: "Sign up" }).click();
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.getByLabel("Email").fill(user.email);
  await password(page).fill(user.password);
  await submit(page, "Create Account").click();
  await expectToast(page, /Account created!/);
  await page.waitForURL((u) => u.pathname === "/");
}

async function signIn(page: Page, email: string, pw: string) {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await password(page).fill(pw);
  await submit(page, "Sign In").click();
  await expectToast(page, /Welcome back!/);
  await page.waitForURL((u) => u.pathname === "/");
}

async function signOutViaMenu(page: Page, label: string) {
  await page
    .locator(".site-header__account")
    .getByRole("button", { name: new RegExp(label) })
    .click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await page.locator(".site-header__account").getByRole("link", { name: "Sign In" }).waitFor();
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "rc_session") ?? null;
}

/** The newest reset link mailed to `email`, read from the development outbox. */
async function resetLinkFor(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL()}/api/dev/outbox`);
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: Array<{ to: string; links: string[] }> };
    const link = mails
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
      .flatMap((m) => m.links)
      .filter((l) => l.includes("/reset-password?token="))
      .at(-1);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}

/** Path and query of an absolute link, to open it on the test server whatever APP_ORIGIN says. */
const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("/auth forms (client-side validation, in the spec's words)", () => {
  it("sign in: messages, focus on the first invalid field, show/hide password, toggle to register with focus on the heading", {
    timeout: 90_000,
  }, async () => {
    const { page, context, problems } = await openPage();
    await page.goto("/auth");
    await hydrated(page);
    await expect(page.title()).resolves.toMatch(/Sign In/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading.innerText()).resolves.toBe("Welcome back");

    await submit(page, "Sign In").press("Enter");
    await expectFieldError(page, "Email", "Invalid email address");
    await expectFieldError(page, "Password", "Password is required");
    await expect(focused(page)).resolves.toBe("Email");

    await page.getByLabel("Email").fill("not-an-email");
    await password(page).fill("whatever");
    // The fixed field's message is gone as soon as it is fixed, so a mouse click right after submits.
    await expectFieldError(page, "Password", "");
    await submit(page, "Sign In").click();
    await expectFieldError(page, "Email", "Invalid email address");
    await expect(focused(page)).resolves.toBe("Email");

    // Show/hide: a named toggle button with aria-pressed; the value stays.
    const toggle = page.getByRole("button", { name: "Show password" });
    await expect(password(page).getAttribute("type")).resolves.toBe("password");
    await toggle.click();
    await expect(password(page).getAttribute("type")).resolves.toBe("text");
    await expect(page.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(password(page).inputValue()).resolves.toBe("whatever");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password(page).getAttribute("type")).resolves.toBe("password");

    await expect(page.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).resolves.toBe("/forgot-password");
    await expect(page.locator("main").getByRole("link", { name: "Back to Home" }).getAttribute("href")).resolves.toBe("/");
    await expect(page.locator("main").innerText()).resolves.toContain("Don't have an account? Sign up");
    expect(await axeSerious(page)).toEqual([]);

    // Toggle in place: register mode, heading focused.
    await page.locator("main").getByRole("button", { name: "Sign up" }).click();
    await expect(heading.innerText()).resolves.toBe("Create your account");
    await expect(focused(page)).resolves.toBe("h1:Create your account");
    expect(new URL(page.url()).pathname).toBe("/auth");

    await submit(page, "Create Account").press("Enter");
    await expectFieldError(page, "First name", "First name is required");
    await expectFieldError(page, "Last name", "Last name is required");
    await expectFieldError(page, "Email", "Invalid email address");
    await expectFieldError(page, "Password", "Password must be at least 8 characters");
    await expect(focused(page)).resolves.toBe("First name");

    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email").fill("ada@example");
    await password(page).fill("short");
    await submit(page, "Create Account").press("Enter");
    await expectFieldError(page, "Email", "Invalid email address");
    await expectFieldError(page, "Password", "Password must be at least 8 characters");
    await expect(focused(page)).resolves.toBe("Email");
    await expect(page.locator("main").innerText()).resolves.toContain("Already have an account? Sign in");
    expect(await axeSerious(page)).toEqual([]);

    await page.locator("main").getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(heading.innerText()).resolves.toBe("Welcome back");
    expect(problems.pageErrors).toEqual([]);
    await done(page, context);
  });

  it("forgot password: 'Invalid email address', axe-clean; reset without a token goes to /forgot-password; a bad token is an 'Invalid Reset Link'", {
    timeout: 90_000,
  }, async () => {
    const { page, context, problems } = await openPage();
    await page.goto("/forgot-password");
    await hydrated(page);
    await submit(page, "Send Reset Link").click();
    await expectFieldError(page, "Email", "Invalid email address");
    await expect(focused(page)).resolves.toBe("Email");
    expect(await axeSerious(page)).toEqual([]);

    const res = await page.goto("/reset-password");
    expect(new URL(page.url()).pathname).toBe("/forgot-password");
    expect(res?.status()).toBe(200);

    await page.goto("/reset-password?token=not-a-real-token");
    await hydrated(page);
    await page.getByRole("heading", { name: "Invalid Reset Link" }).waitFor();
    await expect(page.locator('meta[name="referrer"]').getAttribute("content")).resolves.toBe("strict-origin");
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toMatch(/noindex/);
    expect(await axeSerious(page)).toEqual([]);
    await page.locator("main").getByRole("link", { name: "Request a new link" }).click();
    await page.waitForURL((u) => u.pathname === "/forgot-password");
    expect(problems.pageErrors).toEqual([]);
    await done(page, context);
  });

  it("signed out: the header has a 'Sign In' button to /auth, and /dashboard sends the visitor to /auth", async () => {
    const { page, context } = await openPage();
    await page.goto("/about");
    await hydrated(page);
    const signInLink = page.locator(".site-header__account").getByRole("link", { name: "Sign In" });
    await signInLink.waitFor();
    await signInLink.click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await done(page, context);
  });
});

describe("an account, end to end (desktop)", () => {
  it("registers, signs out, signs in, edits the profile, changes the password, resets it by e-mail", { timeout: 240_000 }, async () => {
    const { page, context, problems } = await openPage({ viewport: DESKTOP });
    const email = newEmail("desk");
    const first = "Grace";
    await register(page, { firstName: first, lastName: "Hopper", email, password: "correct horse 1" });

    // Signed in by the HttpOnly session cookie alone (docs/product/security.md): no token on the page.
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await page
      .locator(".site-header__account")
      .getByRole("button", { name: new RegExp(first) })
      .waitFor();

    // /auth now sends a signed-in visitor home (the server knows the user from the cookie).
    await page.goto("/auth");
    expect(new URL(page.url()).pathname).toBe("/");

    // The same address cannot register twice.
    await signOutViaMenu(page, first);
    // The header changes at once; the logout answer (which clears the cookie) follows.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    await expect.poll(() => sessionCookie(context)).toBeNull();
    await page.goto("/auth");
    await hydrated(page);
    await page.locator("main").getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("First name").fill("Another");
    await page.getByLabel("Last name").fill("Person");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await password(page).fill("some password");
    await submit(page, "Create Account").press("Enter");
    await expect(submit(page, "Please wait...").count()).resolves.toBeLessThanOrEqual(1);
    await expectToast(page, /Registration failed/);

    // A wrong password says 'Login failed' and leaves the visitor signed out.
    await page.locator("main").getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Email").fill(email);
    await password(page).fill("wrong password");
    await submit(page, "Sign In").press("Enter");
    await expectToast(page, /Login failed/);
    expect(new URL(page.url()).pathname).toBe("/auth");

    await signIn(page, email, "correct horse 1");

    // The dashboard is rendered by the server with the user's data (no spinner, no client fetch needed).
    const html = await (await context.request.get("/dashboard")).text();
    expect(html).toContain(email);
    expect(html).not.toContain(`data-testid="full-page-spinner"`); // the element; the class name is in the inline stylesheet
    await page
      .locator(".site-header__account")
      .getByRole("button", { name: new RegExp(first) })
      .click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await hydrated(page);
    // The dashboard opens on the overview; the Profile tab loads its own data through the loader.
    await expect(page.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).resolves.toBe("true");
    await page.getByRole("tab", { name: "Profile" }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "profile");
    await expect.poll(() => page.getByRole("tab", { name: "Profile" }).getAttribute("aria-selected")).toBe("true");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(email);
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe(first);
    expect(await axeSerious(page)).toEqual([]);

    // Profile validation, then a change the header follows.
    await page.getByLabel("First name").fill("");
    await page.getByLabel("Last name").fill(" ");
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Save Changes" }).press("Enter");
    await expectFieldError(page, "First name", "First name is required");
    await expectFieldError(page, "Last name", "Last name is required");
    await expectFieldError(page, "Email", "Invalid email address");
    await expect(focused(page)).resolves.toBe("First name");
    await page.getByLabel("First name").fill("Amazing");
    await page.getByLabel("Last name").fill("Grace");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Save Changes" }).press("Enter");
    await expectToast(page, /Profile updated/);
    await page
      .locator(".site-header__account")
      .getByRole("button", { name: /Amazing/ })
      .waitFor();
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("Amazing");

    // Change password: every message, a wrong current password, then success.
    const current = () => page.getByLabel("Current password", { exact: true });
    const next = () => page.getByLabel("New password", { exact: true });
    const confirm = () => page.getByLabel("Confirm new password", { exact: true });
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectFieldError(page, "Current password", "Current password is required");
    await expectFieldError(page, "New password", "New password must be at least 8 characters");
    await expectFieldError(page, "Confirm new password", "Please confirm your password");
    await expect(focused(page)).resolves.toBe("Current password");
    await current().fill("not my password");
    await next().fill("short");
    await confirm().fill("different");
    await page.getByRole("button", { name: "Change Password" }).press("Enter");
    await expectFieldError(page, "New password", "New password must be at least 8 characters");
    await expectFieldError(page, "Confirm new password", "Passwords don't match");
    await page.getByRole("button", { name: "Show new password" }).click();
    await expect(next().getAttribute("type")).resolves.toBe("text");
    await next().fill("brand new pass 2");
    await confirm().fill("brand new pass 2");
    await page.getByRole("button", { name: "Change Password" }).press("Enter");
    await expectToast(page, /Password change failed/);
    await current().fill("correct horse 1");
    await page.getByRole("button", { name: "Change Password" }).press("Enter");
    await expectToast(page, /Password changed/);
    await expect(current().inputValue()).resolves.toBe("");

    await signOutViaMenu(page, "Amazing");
    await signIn(page, email, "brand new pass 2");
    await signOutViaMenu(page, "Amazing");

    // Forgot and reset through the outbox link.
    await page.goto("/forgot-password");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await submit(page, "Send Reset Link").press("Enter");
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await expect(focused(page)).resolves.toBe("h1:Check your email");
    const sent = await page.locator("main").innerText();
    expect(sent).toMatch(/spam/i);
    expect(sent).toMatch(/10 minutes/);
    expect(sent).toMatch(/only be used once/);
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole("button", { name: "Send another email" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();

    const link = await resetLinkFor(email);
    await page.goto(pathOf(link));
    await hydrated(page);
    await page.getByRole("heading", { name: "Create a new password" }).waitFor();
    await expect(page.locator("main").innerText()).resolves.toMatch(/Tips for a strong password/);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectFieldError(page, "New password", "Password must be at least 8 characters");
    await expectFieldError(page, "Confirm new password", "Please confirm your password");
    await page.getByLabel("New password", { exact: true }).fill("reset pass 3!");
    await page.getByLabel("Confirm new password", { exact: true }).fill("reset pass 4!");
    await page.getByRole("button", { name: "Reset Password" }).press("Enter");
    await expectFieldError(page, "Confirm new password", "Passwords don't match");
    await page.getByLabel("Confirm new password", { exact: true }).fill("reset pass 3!");
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole("button", { name: "Reset Password" }).press("Enter");
    await page.getByRole("heading", { name: "Password Reset Complete" }).waitFor();
    await expect(toastText(page)).resolves.toMatch(/Password Reset Successful/);
    await page.locator("main").getByRole("link", { name: "Go to Login" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");

    // The link works once.
    await page.goto(pathOf(link));
    await page.getByRole("heading", { name: "Invalid Reset Link" }).waitFor();

    await signIn(page, email, "reset pass 3!");
    expect(problems.pageErrors).toEqual([]);
    await done(page, context);
  });
});

describe("an account at 375 px", () => {
  it("registers, signs out and signs in through the phone menu, with no sideways scrolling", { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    const email = newEmail("phone");
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator(".mobile-menu").getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await hydrated(page);
    await noHorizontalScroll(page);
    await page.locator("main").getByRole("button", { name: "Sign up" }).click();
    await noHorizontalScroll(page);
    await page.getByLabel("First name").fill("Katherine");
    await page.getByLabel("Last name").fill("Johnson");
    await page.getByLabel("Email").fill(email);
    await password(page).fill("orbital mechanics");
    await submit(page, "Create Account").press("Enter");
    await expectToast(page, /Account created!/);
    await page.waitForURL((u) => u.pathname === "/");

    await page.getByRole("button", { name: "Open menu" }).click();
    const mobile = page.locator(".mobile-menu");
    await expect(mobile.innerText()).resolves.toContain("Signed in as Katherine");
    await mobile.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await hydrated(page);
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);

    await page.getByRole("button", { name: "Open menu" }).click();
    await mobile.getByRole("link", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await mobile.getByRole("link", { name: "Sign In" }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    await expect.poll(() => sessionCookie(context)).toBeNull();

    await mobile.getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await password(page).fill("orbital mechanics");
    await submit(page, "Sign In").press("Enter");
    await expectToast(page, /Welcome back!/);
    await page.waitForURL((u) => u.pathname === "/");

    await page.goto("/forgot-password");
    await hydrated(page);
    await noHorizontalScroll(page);
    expect(problems.pageErrors).toEqual([]);
    await done(page, context);
  });
});
