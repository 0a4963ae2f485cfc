/**
 * E-mailing a list in Chromium against the built Worker: the Email dialog on the list page
 * (desktop and 375 px), docs/product/validation.md validation, 'Email sent', and the mail itself in the development
 * outbox (GET /api/dev/outbox, on because the e2e setup sets RECIPECART_DEV_OUTBOX=1). Not a relay (decision 0044):
 * the fixed subject and the quoted list, an unconfirmed account's dialog and its confirmation link, the 'Don't send
 * me lists' link (page and one-click POST), and a visitor's 3 lists a day. Each test is a client of its own
 * (x-test-client), so the visitors' daily limit of one test never holds back another.
 */
import { type Page, request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, openPage, PHONE, NONE, unexpected, hydratedButton } from "./browser.ts";
import { axeSerious, expectToast } from "./a11y.ts";
import { makeList } from "./lists.ts";
import { newEmail, registerViaApi } from "./users.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";
import { TEST_CLIENT_HEADER } from "../worker/http/rate-limit.ts";

afterAll(async () => {
  await closeBrowser();
});

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  replyTo: string | null;
  headers: Record<string, string> | null;
  links: string[];
}

/** The newest mail to `to` (of `kind`), waiting for it a little: some mails are written after the answer. */
async function mailTo(page: Page, to: string, kind = "shopping_list"): Promise<OutboxMail | undefined> {
  for (let i = 0; i < 40; i++) {
    const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(res.status()).toBe(200);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    const mail = mails.filter((m) => m.kind === kind).at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** Path and query of an absolute link (the test server's origin may differ from APP_ORIGIN's spelling). */
const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

/** A browser context that is a client of its own for the server's per-client limits. */
async function ownClient(viewport?: { width: number; height: number }) {
  const opened = await openPage(viewport ? { viewport } : {});
  await opened.context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: `email-${Date.now()}-${Math.random().toString(36).slice(2)}` });
  return opened;
}

async function openEmailDialog(page: Page, listId: string) {
  await page.goto(`/shopping-list/${listId}`);
  await page.locator(".list__item").first().waitFor();
  await (await hydratedButton(page, "Email")).click();
  const dialog = page.getByRole("dialog", { name: "Email shopping list" });
  await dialog.waitFor();
  return { dialog, field: dialog.getByRole("textbox", { name: "Email address" }) };
}

async function sendTo(page: Page, listId: string, to: string) {
  const { dialog, field } = await openEmailDialog(page, listId);
  await field.fill(to);
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  return dialog;
}

describe("e-mail a list", () => {
  for (const [label, viewport] of [
    ["desktop", undefined],
    ["375 px", PHONE],
  ] as const) {
    it(`from the list page (${label}): validation, 'Email sent', the mail in the outbox`, async () => {
      const { page, context, problems } = await ownClient(viewport);
      const name = `Brunch ${label}`;
      const { id } = await makeList(page, { name });
      const { dialog, field } = await openEmailDialog(page, id);
      await dialog.getByRole("button", { name: "Send", exact: true }).click();
      await expectToast(page, "Invalid email", "Please enter a valid email address.");
      await field.fill("not-an-address");
      await field.press("Enter");
      await expectToast(page, "Invalid email", "Please enter a valid email address.");

      const to = `friend-${Date.now()}-${label.replace(/\W/g, "")}@example.test`;
      await field.fill(to);
      await dialog.getByRole("button", { name: "Send", exact: true }).click();
      await expectToast(page, "Email sent");
      await dialog.waitFor({ state: "detached" });

      const mail = expectDefined(await mailTo(page, to));
      expect(mail.kind).toBe("shopping_list");
      expect(mail.subject).toBe("A shopping list from recipecart");
      expect(mail.text).toContain("This shopping list was sent to you by a recipecart visitor.");
      expect(mail.text).toContain(`> “${name}”`);
      expect(mail.text).toMatch(/> • eggs - 3\n> {3}for Pancakes/);
      expect(mail.text).toContain(`/shopping-list/${id}`);
      expect(mail.html).toContain(`>“${name}”</p>`);
      expect(mail.replyTo).toBeNull();
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(unexpected(problems)).toEqual(NONE);
      await context.close();
    }, 60_000);
  }

  it("a new account: its own address works at once; another needs the confirmation link, then replies go to the sender", async () => {
    const { page, context, problems } = await ownClient();
    const { id } = await makeList(page, { name: "Owner list" });
    // Signed in through the API: the session cookie is the browser context's.
    const user = await registerViaApi(page, "email-owner");
    const { dialog, field } = await openEmailDialog(page, id);
    await page.waitForFunction(
      (want) => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value === want,
      user.email,
    );
    expect(await field.inputValue()).toBe(user.email);
    const note = dialog.getByRole("note");
    await note.waitFor();
    expect(await note.innerText()).toContain("Confirm your e-mail address");
    expect(await axeSerious(page, { include: '[role="dialog"]' })).toEqual([]);
    // The registration's link went out a moment ago: a new one must wait a minute.
    await note.getByRole("button", { name: "Send a new link" }).click();
    await expectToast(page, "Link not sent", /^429: We sent a link a moment ago/);
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await expectToast(page, "Email sent");
    expect((await mailTo(page, user.email))?.subject).toBe("A shopping list from recipecart, sent by Ada Cook");

    const friend = newEmail("email-friend");
    const again = await sendTo(page, id, friend);
    await expectToast(
      page,
      "Error sending email",
      "403: Please confirm your e-mail address first: until then you can send lists to your own address only.",
    );
    await again.getByRole("button", { name: "Cancel" }).click();

    // The link from the mail: a page with one button (opening it confirms nothing).
    const confirmation = expectDefined(await mailTo(page, user.email, "email_verification"));
    expect(confirmation.subject).toBe("Confirm your recipecart e-mail address");
    const link = expectDefined(confirmation.links.find((l) => l.includes("/verify-email?token=")));
    await page.goto(pathOf(link));
    await page.getByRole("heading", { name: "Confirm your e-mail address" }).waitFor();
    expect((await page.request.get("/api/users/me/email-verification").then((r) => r.json())).verified).toBe(false);
    await (await hydratedButton(page, "Confirm")).click();
    await page.getByRole("heading", { name: "E-mail address confirmed" }).waitFor();
    // Used once.
    await page.goto(pathOf(link));
    await page.getByRole("heading", { name: "Invalid confirmation link" }).waitFor();

    const confirmed = await sendTo(page, id, friend);
    await expectToast(page, "Email sent");
    await confirmed.waitFor({ state: "detached" });
    const mail = expectDefined(await mailTo(page, friend));
    expect(mail.subject).toBe("A shopping list from recipecart, sent by Ada Cook");
    expect(mail.replyTo).toBe(user.email);
    expect(mail.text).toContain("This shopping list was sent to you by Ada Cook with recipecart.");
    // The refused resend (429) and send (403) are the specified answers.
    expect(unexpected(problems, [403, 429])).toEqual(NONE);
    await context.close();
  }, 120_000);

  it("'Don't send me lists': the mail's link opens a page whose button stops lists to that address; one-click POST does too; it can be undone", async () => {
    const { page, context } = await ownClient();
    const { id } = await makeList(page, { name: "Opt-out list" });
    const reader = newEmail("email-reader");
    await sendTo(page, id, reader);
    await expectToast(page, "Email sent");
    const mail = expectDefined(await mailTo(page, reader));
    const stop = expectDefined(mail.links.find((l) => l.includes("/email-opt-out/")));
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mail.html).toContain(`href="${stop}"`);

    // Opening the link changes nothing.
    await page.goto(pathOf(stop));
    await page.getByRole("heading", { name: "Don't send me lists" }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    expect((await page.request.get(`/api/mail/opt-out/${pathOf(stop).split("/").at(-1)}`).then((r) => r.json())).optedOut).toBe(false);
    await (await hydratedButton(page, "Don't send me lists")).click();
    await page.getByRole("heading", { name: "No more lists to this address" }).waitFor();

    // Nobody can send this address a list now, in any case of its letters.
    await sendTo(page, id, reader.toUpperCase());
    await expectToast(page, "Error sending email", "422: This address has asked not to receive shopping lists from recipecart.");

    // A mail provider's one-click unsubscribe (RFC 8058): a form POST to the same link, no session, no Origin.
    const other = newEmail("email-oneclick");
    expect((await page.request.post(`/api/shopping-lists/${id}/email`, { data: { email: other } })).status()).toBe(202);
    const oneClick = expectDefined(expectDefined(await mailTo(page, other)).headers?.["List-Unsubscribe"]).slice(1, -1);
    const provider = await request.newContext({ baseURL: baseURL() });
    const posted = await provider.post(pathOf(oneClick), { form: { "List-Unsubscribe": "One-Click" } });
    expect(posted.status()).toBe(200);
    await provider.dispose();
    const refused = await page.request.post(`/api/shopping-lists/${id}/email`, { data: { email: other } });
    expect(refused.status()).toBe(422);

    // Undo from the page.
    await page.goto(pathOf(stop));
    await (await hydratedButton(page, "Send me lists again")).click();
    await page.getByRole("heading", { name: "Don't send me lists" }).waitFor();
    await sendTo(page, id, reader);
    await expectToast(page, "Email sent");
    await context.close();
  }, 120_000);

  it("a visitor sends at most 3 lists a day: the fourth is refused with the reason (429)", async () => {
    const { page, context } = await ownClient(PHONE);
    const { id } = await makeList(page, { name: "Busy visitor" });
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post(`/api/shopping-lists/${id}/email`, { data: { email: newEmail(`email-visitor-${i}`) } });
      expect(res.status()).toBe(202);
    }
    // One address a request: a list of addresses is not one.
    const many = await page.request.post(`/api/shopping-lists/${id}/email`, { data: { email: "a@example.com, b@example.com" } });
    expect(many.status()).toBe(400);
    await sendTo(page, id, newEmail("email-visitor-4"));
    await expectToast(
      page,
      "Error sending email",
      "429: You have sent as many lists by e-mail as we allow in a day without an account. Please try again tomorrow, or sign in.",
    );
    const res = await page.request.post(`/api/shopping-lists/${id}/email`, { data: { email: newEmail("email-visitor-5") } });
    expect(res.status()).toBe(429);
    expect(Number(res.headers()["retry-after"])).toBeGreaterThan(23 * 3600);
    await context.close();
  }, 90_000);
});
