/**
 * Changing the account's e-mail address on the dashboard's Profile tab (decision 0045), at 375 px and without
 * the page's script: the current password is asked for, the OLD address gets a notice (read from the local
 * outbox, GET /api/dev/outbox) whose link undoes the change, and the undo signs every device out.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, expectToast, noHorizontalScroll } from "./a11y.ts";
import { baseURL, closeBrowser, getBrowser, hydrated, openPage, PHONE } from "./browser.ts";
import { newEmail, registerViaApi } from "./users.ts";

afterAll(closeBrowser);

interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  links: string[];
}

/** The undo link of the notice mailed to `to`. */
async function undoLinkFor(page: Page, to: string): Promise<string> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get("/api/dev/outbox")).json()) as { mails: OutboxMail[] };
      mail = mails.find((m) => m.to === to && m.kind === "email_changed");
      return mail !== undefined;
    })
    .toBe(true);
  const link = mail?.links.find((l) => l.includes("/undo-email-change?token="));
  expect(link).toBeTruthy();
  return new URL(link ?? "").pathname + new URL(link ?? "").search;
}

describe("changing the e-mail address", () => {
  it("at 375 px: asks for the password, tells the old address, whose link puts it back and signs out", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    const user = await registerViaApi(page, "email-change");
    const next = newEmail("email-change-new");
    await page.goto("/dashboard?tab=profile");
    await hydrated(page);

    await page.getByLabel("Email", { exact: true }).fill(next);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByText("Enter your current password to change your email address.").count()).toBeGreaterThan(0);
    await page.getByLabel("Your password", { exact: true }).fill("not my password");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByText("Current password is incorrect.").count()).toBeGreaterThan(0);
    await page.getByLabel("Your password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile updated", `We sent ${user.email} a note with a link to undo the change for 7 days.`);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(next);
    expect(await page.getByLabel("Your password", { exact: true }).inputValue()).toBe("");
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);

    // The owner of the old address opens the link in another browser (a mail app): nothing happens until they confirm.
    const undo = await undoLinkFor(page, user.email);
    const mailApp = await (await getBrowser()).newContext({ baseURL: baseURL(), viewport: PHONE, serviceWorkers: "block" });
    const other = await mailApp.newPage();
    await other.goto(undo);
    await other.getByRole("heading", { name: "Undo the email change" }).waitFor();
    expect((await (await page.request.get("/api/auth/me")).json()) as { user: { email: string } }).toMatchObject({ user: { email: next } });
    await noHorizontalScroll(other);
    expect(await axeSerious(other)).toEqual([]);
    await other.getByRole("button", { name: "Restore my address" }).click();
    await other.getByRole("heading", { name: "Email address restored" }).waitFor();
    expect(await other.getByText(`Your account's email address is ${user.email} again.`).count()).toBe(1);
    expect(await other.getByRole("link", { name: "Choose a new password" }).getAttribute("href")).toBe("/forgot-password");

    // Every device was signed out: the dashboard sends this one to sign in.
    await page.goto("/dashboard?tab=profile");
    await page.waitForURL((u) => u.pathname === "/auth");
    // The link works once.
    await other.goto(undo);
    await other.getByRole("button", { name: "Restore my address" }).click();
    await other.getByRole("heading", { name: "Link not valid" }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    await mailApp.close();
    await context.close();
  }, 150_000);

  it("without the page's script: the password is posted, never put back in the page, and the change is saved", async () => {
    const b = await getBrowser();
    const context = await b.newContext({ baseURL: baseURL(), javaScriptEnabled: false, serviceWorkers: "block" });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    const user = await registerViaApi(page, "email-change-noscript");
    const next = newEmail("email-change-noscript-new");
    await page.goto("/dashboard?tab=profile");
    await page.getByLabel("Email", { exact: true }).fill(next);
    await page.getByLabel("Your password", { exact: true }).fill("wrong password 1");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Update failed" }).count()).toBe(1);
    expect(await page.content()).not.toContain("wrong password 1");

    await page.getByLabel("Email", { exact: true }).fill(next);
    await page.getByLabel("Your password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect
      .poll(() =>
        page.getByRole("status").filter({ hasText: "We sent your previous address a note with a link to undo the change" }).count(),
      )
      .toBe(1);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(next);
    for (const url of urls) expect(decodeURIComponent(url)).not.toContain(user.password);

    // The undo page works without the script too.
    const undo = await undoLinkFor(page, user.email);
    await page.goto(undo);
    await page.getByRole("button", { name: "Restore my address" }).click();
    await page.getByRole("heading", { name: "Email address restored" }).waitFor();
    await context.close();
  }, 120_000);
});
