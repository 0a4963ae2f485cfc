/**
 * The static pages in Chromium: content docs/product/screens.md asks for, the 13-question FAQ, the contact
 * form (validation; a sent message is stored, mailed to support and shown to an admin on the dashboard; a
 * refused one keeps the typed text), and axe-core accessibility checks.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeManifest } from "../extension/manifest.ts";
import { LIST_TOKENS_STORAGE_KEY, RECIPES_STORAGE_KEY } from "../web/lib/recipes-store.ts";
import { axeSerious, expectToast, noHorizontalScroll } from "./a11y.ts";
import { PHONE, closeBrowser, openPage, done, hydrated } from "./browser.ts";
import { signInViaApi } from "./users.ts";

afterAll(closeBrowser);

const PAGES = [
  { path: "/about", must: [/free/i, /personal use/i, /servings you need/i] },
  { path: "/help", must: [/Contact Support/] },
  { path: "/contact", must: [/within 24 hours/i, /Monday to Friday, 9AM to 6PM EST/] },
  { path: "/privacy", must: [/Last updated August 15, 2025/, /up to 2 years/i, /within 30 days/i] },
  { path: "/terms", must: [/Last updated August 15, 2025/, /personal, non-commercial use/i] },
];

describe("static pages", () => {
  it("each has its content and a 'Back to Home' link to /", async () => {
    const { page, context, problems } = await openPage();
    for (const { path: p, must } of PAGES) {
      await page.goto(p);
      await hydrated(page);
      const text = await page.locator("main").innerText();
      for (const re of must) expect(text, `${p} ${re}`).toMatch(re);
      const back = page.locator("main").getByRole("link", { name: "Back to Home" });
      expect(await back.count(), p).toBeGreaterThan(0);
      expect(await back.first().getAttribute("href")).toBe("/");
      // Let route discovery (/__manifest) finish before leaving, or the browser cancels it.
      await page.waitForLoadState("networkidle");
    }
    await page.locator("main").getByRole("link", { name: "Back to Home" }).last().click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [] });
    await done(page, context);
  });
});

describe("statements that must match the shipped product", () => {
  it("the Help Center names every browser the extension is built for", async () => {
    // The builds that ship (extension/manifest.ts): Chrome's service worker, Firefox's background scripts.
    const firefox = makeManifest({ target: "firefox", test: false, version: "1.0.0" }) as { background: { scripts?: string[] } };
    expect(firefox.background.scripts?.length).toBeGreaterThan(0);
    const { page, context } = await openPage();
    await page.goto("/help#faq-browser-extension");
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector("#faq-browser-extension button")?.getAttribute("aria-expanded") === "true");
    const trigger = page.locator("#faq-browser-extension button[aria-expanded]");
    const text = await page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`).innerText();
    expect(text).toMatch(/Firefox/);
    expect(text).toMatch(/Chrome/);
    expect(text).not.toMatch(/Chromium-based browsers adds/);
    await done(page, context);
  });

  it("the Privacy Policy says what local storage holds: the recipes this browser added and their keys", async () => {
    const { page, context } = await openPage();
    // What the app really keeps there (web/lib/recipes-store.ts).
    expect([RECIPES_STORAGE_KEY, LIST_TOKENS_STORAGE_KEY]).toEqual(["recipecart:recipes", "recipecart:list-tokens"]);
    await page.goto("/privacy");
    await hydrated(page);
    const storage = await page.locator("#storage + p").innerText();
    expect(storage).toMatch(/local storage to remember, on this browser,\s+the recipes you added and the lists you made/);
    expect(storage).toMatch(/extension/);
    // Shopping mode's waiting ticks and the service worker's offline copy (web/lib/shopping-state.ts, web/lib/offline.ts).
    expect(storage).toMatch(/items you tick in the store wait\s+in local storage/);
    expect(storage).toMatch(/service worker keeps a copy of the pages you opened/);
    expect(storage).not.toMatch(/only to keep you signed in/);
    expect(await page.locator("main").innerText()).not.toMatch(/through the contact form or by e-mail/);
    await done(page, context);
  });
});

describe("Help Center FAQ", () => {
  it("has 13 questions, all closed, that open and close by mouse and keyboard", async () => {
    const { page, context } = await openPage();
    await page.goto("/help");
    await hydrated(page);
    const faq = page.getByTestId("faq");
    const triggers = faq.locator("h3 button[aria-expanded]");
    await expect(triggers.count()).resolves.toBe(13);
    const expanded = await triggers.evaluateAll((els) => els.map((e) => e.getAttribute("aria-expanded")));
    expect(expanded).toEqual(Array(13).fill("false"));
    const questions = await triggers.allInnerTexts();
    expect(new Set(questions).size).toBe(13);
    for (const q of questions) expect(q.trim()).toMatch(/\?$/);

    const first = triggers.nth(0);
    const panel = page.locator(`[id="${await first.getAttribute("aria-controls")}"]`);
    await expect(panel.isVisible()).resolves.toBe(false);
    await first.click();
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    await expect(panel.isVisible()).resolves.toBe(true);
    await expect(panel.innerText()).resolves.toMatch(/paste/i);

    const last = triggers.nth(12);
    await last.focus();
    await page.keyboard.press("Enter");
    expect(await last.getAttribute("aria-expanded")).toBe("true");
    await expect(page.locator(`[id="${await last.getAttribute("aria-controls")}"]`).innerText()).resolves.toMatch(/free/i);
    await page.keyboard.press("Space");
    expect(await last.getAttribute("aria-expanded")).toBe("false");
    await done(page, context);
  });

  it("a link to one answer (/help#faq-cost) opens it", async () => {
    const { page, context } = await openPage();
    await page.goto("/help#faq-cost");
    await hydrated(page);
    const trigger = page.locator("#faq-cost button[aria-expanded]");
    await page.waitForFunction(() => document.querySelector("#faq-cost button")?.getAttribute("aria-expanded") === "true");
    const panel = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
    await expect(panel.innerText()).resolves.toMatch(/free for personal use/i);
    const open = await page.locator("h3 button[aria-expanded=true]").count();
    expect(open).toBe(1);
    await done(page, context);
  });

  it("'Contact Support' goes to /contact", async () => {
    const { page, context } = await openPage();
    await page.goto("/help");
    await hydrated(page);
    await page.getByRole("link", { name: "Contact Support" }).click();
    await page.waitForURL("**/contact");
    await page.getByRole("button", { name: "Send Message" }).waitFor();
    await done(page, context);
  });
});

describe("Contact form", () => {
  it("marks the required fields and types the email field as email", async () => {
    const { page, context } = await openPage();
    await page.goto("/contact");
    await hydrated(page);
    for (const name of ["Name", "Email", "Subject"]) {
      expect(await page.getByRole("textbox", { name }).getAttribute("required"), name).not.toBeNull();
    }
    expect(await page.getByRole("textbox", { name: "Message" }).getAttribute("required")).not.toBeNull();
    expect(await page.getByRole("textbox", { name: "Email" }).getAttribute("type")).toBe("email");
    await done(page, context);
  });

  it("shows a clear error on each missing required field and none on the optional category", async () => {
    const { page, context } = await openPage();
    await page.goto("/contact");
    await hydrated(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    const form = page.locator("form");
    const text = await form.innerText();
    expect(text).toContain("Please enter your name.");
    expect(text).toContain("Please enter your email address.");
    expect(text).toContain("Please enter a subject.");
    expect(text).toContain("Please enter your message.");
    // Errors are tied to their fields and focus goes to the first one.
    const name = page.getByRole("textbox", { name: "Name" });
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await name.getAttribute("aria-describedby")) ?? "";
    const described = await page.evaluate(
      (ids) =>
        ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(described).toContain("Please enter your name.");
    expect(await page.locator("[data-invalid] >> text=Category").count()).toBe(0);

    await name.fill("Sam");
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    const after = await form.innerText();
    expect(after).not.toContain("Please enter your name.");
    expect(after).toContain("Please enter a valid email address.");
    await expect(page.getByRole("region", { name: /notifications/i }).count()).resolves.toBe(0);
    await done(page, context);
  });

  async function fillContact(page: Page, fields: { name: string; email: string; subject: string; message: string }) {
    await page.getByRole("textbox", { name: "Name" }).fill(fields.name);
    await page.getByRole("textbox", { name: "Email" }).fill(fields.email);
    await page.getByRole("textbox", { name: "Subject" }).fill(fields.subject);
    await page.getByRole("button", { name: /Category/ }).click();
    await page.getByRole("option", { name: "Feature request" }).click();
    await page.getByRole("textbox", { name: "Message" }).fill(fields.message);
  }

  it("sends the message: stored, mailed to support, a success toast and an empty form; an admin then reads it", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await page.goto("/contact");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const marker = Math.random().toString(36).slice(2, 10);
    const sender = `sam.${marker}@example.com`;
    const subject = `Love it ${marker}`;
    await fillContact(page, {
      name: "Sam Cook",
      email: sender,
      subject,
      message: `Could lists be shared with my partner?\n\nThanks, ${marker}`,
    });

    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await answer).status()).toBe(202);
    await expectToast(page, "Message sent!", "Thanks for getting in touch. We'll get back to you within 24 hours.");
    for (const name of ["Name", "Email", "Subject", "Message"]) {
      await expect(page.getByRole("textbox", { name }).inputValue(), name).resolves.toBe("");
    }
    await expect(page.getByRole("button", { name: /Category/ }).innerText()).resolves.toMatch(/choose a category/i);
    // Cleared without complaining about the now-empty required fields.
    expect(await page.locator("form").innerText()).not.toMatch(/Please enter/);

    // Its mail to the support address is in the outbox.
    const outbox = (await (await page.request.get("/api/dev/outbox")).json()) as { mails: { to: string; subject: string; text: string }[] };
    const mail = outbox.mails.find((m) => m.subject.includes(subject));
    expect(mail?.to).toBe("support@example.test");
    expect(mail?.text).toContain(`From: Sam Cook <${sender}>`);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [] });
    await done(page, context);

    // An admin sees it under 'Contact messages' on the dashboard's Admin tab.
    const admin = await openPage({ viewport: PHONE });
    await signInViaApi(admin.page, inject("admin"));
    await admin.page.goto("/dashboard?tab=admin");
    await hydrated(admin.page);
    await admin.page.getByRole("heading", { name: /^Contact messages \(\d+\)$/ }).waitFor();
    const item = admin.page.locator(".admin-message").filter({ hasText: subject });
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain("Sam Cook");
    expect(text).toContain(sender);
    expect(text).toContain("Feature request");
    expect(text).toContain(`Thanks, ${marker}`);
    expect(await axeSerious(admin.page)).toEqual([]);
    await noHorizontalScroll(admin.page);
    await done(admin.page, admin.context);
  }, 60_000);

  it("keeps the typed text and says why when the server refuses the message", async () => {
    const { page, context } = await openPage();
    await page.goto("/contact");
    await hydrated(page);
    const sender = `busy.${Math.random().toString(36).slice(2, 10)}@example.com`;
    // The server allows 3 messages a minute per sender e-mail: use them up first.
    const message = { name: "Busy Bee", email: sender, subject: "Again", message: "Hello once more." };
    for (let i = 0; i < 3; i++) expect((await page.request.post("/api/contact", { data: message })).status()).toBe(202);

    await fillContact(page, { name: "Busy Bee", email: sender, subject: "Fourth", message: "Typed with care." });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await answer).status()).toBe(429);
    await expectToast(page, "Message not sent", "Too many messages sent in a short time. Please wait a minute and try again.");
    await expect(page.getByRole("textbox", { name: "Subject" }).inputValue()).resolves.toBe("Fourth");
    await expect(page.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe("Typed with care.");
    await expect(page.getByRole("textbox", { name: "Email" }).inputValue()).resolves.toBe(sender);
    await expect(page.getByRole("button", { name: /Category/ }).innerText()).resolves.toMatch(/Feature request/);
    await page.getByRole("button", { name: "Send Message" }).waitFor();
    await done(page, context);
  });
});

describe("accessibility (axe-core)", () => {
  // One page for all of them: every closed browser context is a chance for wrangler dev's
  // proxy to die on a reset connection (workers-sdk#15451), and axe needs no fresh state.
  let session: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    session = await openPage();
  });
  afterAll(async () => {
    await done(session.page, session.context);
  });

  for (const p of ["/", "/about", "/help", "/contact", "/privacy", "/terms", "/no-such-page"]) {
    it(`${p} has no serious or critical violation`, async () => {
      const { page } = session;
      await page.goto(p);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      if (p === "/help") await page.locator("h3 button[aria-expanded]").first().click();
      expect(await axeSerious(page)).toEqual([]);
    });
  }
});
