/**
 * E-mailing a list in Chromium against the built Worker: the Email dialog on the list page
 * (desktop and 375 px), docs/product/validation.md validation, 'Email sent', and the mail itself in the development
 * outbox (GET /api/dev/outbox, on because the e2e setup sets RECIPECART_DEV_OUTBOX=1).
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openPage, PHONE, NONE, unexpected, hydratedButton } from "./browser.ts";
import { expectToast } from "./a11y.ts";
import { makeList } from "./lists.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";

afterAll(async () => {
  await closeBrowser();
});

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
}

async function mailTo(page: Page, to: string): Promise<OutboxMail | undefined> {
  const res = await page.request.get("/api/dev/outbox");
  expect(res.status()).toBe(200);
  const { mails } = (await res.json()) as { mails: OutboxMail[] };
  return mails.find((m) => m.to === to);
}

describe("e-mail a list", () => {
  for (const [label, viewport] of [
    ["desktop", undefined],
    ["375 px", PHONE],
  ] as const) {
    it(`from the list page (${label}): validation, 'Email sent', the mail in the outbox`, async () => {
      const { page, context, problems } = await openPage(viewport ? { viewport } : {});
      const name = `Brunch ${label}`;
      const { id } = await makeList(page, { name });
      await page.goto(`/shopping-list/${id}`);
      await page.locator(".list__item").first().waitFor();
      await (await hydratedButton(page, "Email")).click();
      const dialog = page.getByRole("dialog", { name: "Email shopping list" });
      await dialog.waitFor();
      const field = dialog.getByRole("textbox", { name: "Email address" });
      await dialog.getByRole("button", { name: "Send" }).click();
      await expectToast(page, "Invalid email", "Please enter a valid email address.");
      await field.fill("not-an-address");
      await field.press("Enter");
      await expectToast(page, "Invalid email", "Please enter a valid email address.");

      const to = `friend-${Date.now()}-${label.replace(/\W/g, "")}@example.test`;
      await field.fill(to);
      await dialog.getByRole("button", { name: "Send" }).click();
      await expectToast(page, "Email sent");
      await dialog.waitFor({ state: "detached" });

      const mail = await mailTo(page, to);
      expect(mail).toBeDefined();
      expect(expectDefined(mail).kind).toBe("shopping_list");
      expect(expectDefined(mail).subject).toBe(`Shopping list: ${name}`);
      expect(expectDefined(mail).text).toMatch(/• eggs - 3\n {2}for Pancakes/);
      expect(expectDefined(mail).text).toContain(`/shopping-list/${id}`);
      expect(expectDefined(mail).html).toContain(`<h1 style="font-size:22px;margin:0 0 4px">${name}</h1>`);
      expect(unexpected(problems)).toEqual(NONE);
      await context.close();
    }, 60_000);
  }

  it("prefills a signed-in user's own address", async () => {
    const { page, context, problems } = await openPage();
    const { id } = await makeList(page, { name: "Owner list" });
    // Signed in through the API: the session cookie is the browser context's.
    const email = `owner-${Date.now()}@example.test`;
    const reg = await page.request.post("/api/auth/register", {
      data: { firstName: "Ada", lastName: "Cook", email, password: "correct horse battery" },
    });
    expect(reg.status(), await reg.text()).toBeLessThan(300);
    await page.goto(`/shopping-list/${id}`);
    await page.locator(".list__item").first().waitFor();
    await (await hydratedButton(page, "Email")).click();
    const field = page.getByRole("dialog", { name: "Email shopping list" }).getByRole("textbox", { name: "Email address" });
    await page.waitForFunction((want) => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value === want, email);
    expect(await field.inputValue()).toBe(email);
    await page.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Email sent");
    expect((await mailTo(page, email))?.subject).toBe("Shopping list: Owner list");
    expect(unexpected(problems)).toEqual(NONE);
    await context.close();
  }, 60_000);
});
