/**
 * The app shell in Chromium against the built Worker: per-page meta, the 404 page, header and
 * footer links (with the smooth scroll to home sections), the account area signed out and
 * signed in, the phone menu, the skip link, and the toast region.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, closeBrowser, openPage, done, hydrated, NONE } from "./browser.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";
import { newEmail, registerViaApi } from "./users.ts";

afterAll(closeBrowser);

/** Public routes and a word their title must carry. */
const ROUTES = [
  { path: "/", title: /recipecart/i },
  { path: "/about", title: /our story/i },
  { path: "/help", title: /help center/i },
  { path: "/contact", title: /contact us/i },
  { path: "/privacy", title: /privacy policy/i },
  { path: "/terms", title: /terms of service/i },
];

async function metaContent(page: Page, name: string) {
  return page.locator(`head meta[name="${name}"]`).getAttribute("content");
}

/**
 * Signs a real account in with the session cookie (the only session the web app has), and records the
 * headers of every /api/auth/me call the page makes. `firstName: ""` signs in through the fake Google with a
 * profile that has no name (a password account always has one).
 */
async function signInAs(page: Page, user: { firstName: string }) {
  const seen: Record<string, string>[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/auth/me") seen.push(r.headers());
  });
  if (user.firstName) {
    await registerViaApi(page, "shell", user.firstName);
    return seen;
  }
  const start = await page.request.get("/api/auth/oauth/google/start", { maxRedirects: 0 });
  const authorize = new URL(expectDefined(start.headers().location));
  authorize.searchParams.set(
    "fake_user",
    JSON.stringify({ id: `shell-${Date.now()}`, email: newEmail("noname"), givenName: "", familyName: "", name: "" }),
  );
  const back = await page.request.get(authorize.href, { maxRedirects: 0 });
  const landed = await page.request.get(expectDefined(back.headers().location), { maxRedirects: 0 });
  expect(landed.headers().location).toMatch(/^\/dashboard\?signed_in=google/);
  return seen;
}

const USER = { firstName: "Ada" };

describe("every public route", () => {
  it("renders with its own title, description and robots meta, and no console error or failed request", async () => {
    const { page, context, problems } = await openPage();
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path, title } of ROUTES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await hydrated(page);
      const t = await page.title();
      expect(t, path).toMatch(title);
      titles.add(t);
      const description = await metaContent(page, "description");
      expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(40);
      descriptions.add(expectDefined(description));
      expect(await metaContent(page, "robots"), path).toMatch(/^index,\s*follow$/);
      await expect(page.locator("h1").count(), `${path} has one h1`).resolves.toBe(1);
      await expect(page.locator("main#main").count()).resolves.toBe(1);
      await page.waitForLoadState("networkidle");
    }
    expect(titles.size).toBe(ROUTES.length);
    expect(descriptions.size).toBe(ROUTES.length);
    expect(problems).toEqual(NONE);
    await done(page, context);
  });

  it("server-renders the static pages' content (readable before any script runs)", async () => {
    const { page, context } = await openPage();
    await page.route("**/*.js", (route) => route.abort());
    for (const path of ["/about", "/help", "/contact", "/privacy", "/terms"]) {
      await page.goto(path);
      await expect(page.locator("h1").innerText()).resolves.not.toBe("");
      await expect(page.locator("footer.site-footer").innerText()).resolves.toContain("© 2024 recipecart");
    }
    await done(page, context);
  });
});

describe("404", () => {
  it("answers an unknown path with status 404 and a friendly page inside the site chrome", async () => {
    const { page, context, problems } = await openPage();
    const res = await page.goto("/this/does-not-exist");
    expect(res?.status()).toBe(404);
    await hydrated(page);
    await expect(page.title()).resolves.toMatch(/page not found/i);
    expect(await metaContent(page, "robots")).toMatch(/noindex/);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toMatch(/page not found/i);
    await expect(page.locator("header.site-header").count()).resolves.toBe(1);
    await expect(page.locator("footer.site-footer").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.waitForLoadState("networkidle");
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    // The only console error allowed is the browser's note about the 404 document itself.
    expect(problems.consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await done(page, context);
  });
});

describe("header", () => {
  it("has the logo to /, Features, How It Works and Our Story", async () => {
    const { page, context } = await openPage();
    await page.goto("/help");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Our Story" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1, name: /shopping list/i }).waitFor();
    await expect(page.title()).resolves.toMatch(/our story/i);
    await page
      .locator("header")
      .getByRole("link", { name: /recipecart/i })
      .click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(await nav.getByRole("link", { name: "Features" }).getAttribute("href")).toBe("/#features");
    expect(await nav.getByRole("link", { name: "How It Works" }).getAttribute("href")).toBe("/#how-it-works");
    await done(page, context);
  });

  for (const [label, id] of [
    ["Features", "features"],
    ["How It Works", "how-it-works"],
  ] as const) {
    it(`${label} from another page goes to / and scrolls to #${id}`, async () => {
      const { page, context, problems } = await openPage();
      await page.goto("/privacy");
      await hydrated(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();
      await page.waitForURL((u) => u.pathname === "/");
      const section = page.locator(`#${id}`);
      await section.waitFor();
      await page.waitForFunction(
        (sel) => {
          const r = document.querySelector(sel)?.getBoundingClientRect();
          return !!r && r.top >= 0 && r.top < 200;
        },
        `#${id}`,
        { timeout: 5000 },
      );
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      expect(problems.pageErrors).toEqual([]);
      await done(page, context);
    });
  }

  it("smooth-scrolls to a section on / without leaving the page", async () => {
    const { page, context } = await openPage();
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How It Works" }).click();
    // Smooth: the first frames after the click are somewhere between the top and the target.
    await page.waitForFunction(() => {
      const r = document.getElementById("how-it-works")?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.top < 200;
    });
    // Same document (no reload) and the address is still /.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/");
    await done(page, context);
  });

  it("signed out (no session cookie, no token): a 'Sign In' button to /auth in the header and the phone menu, no user menu, no /api/auth/me call", async () => {
    const { page, context, problems } = await openPage();
    let calls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/me")) calls++;
    });
    await page.goto("/about");
    await hydrated(page);
    // The placeholder the server rendered goes away once the page knows (decision 0017: the server saw
    // no session and no token is stored, so it does not ask).
    await page.locator(".site-header__account .account-placeholder").waitFor({ state: "detached" });
    await page.waitForLoadState("networkidle");
    const signIn = page.locator(".site-header__account").getByRole("link", { name: "Sign In" });
    expect(await signIn.getAttribute("href")).toBe("/auth");
    expect(await page.locator(".mobile-menu").getByRole("link", { name: "Sign In", includeHidden: true }).getAttribute("href")).toBe(
      "/auth",
    );
    expect(await page.locator(".site-header__account button").count()).toBe(0);
    expect(calls).toBe(0);
    expect(problems).toEqual(NONE);
    await done(page, context);
  });

  it("shows the user menu with the first name when signed in (the cookie session: no token on the page, none sent)", async () => {
    const { page, context } = await openPage();
    const authorization: string[] = [];
    page.on("request", (r) => {
      const h = r.headers().authorization;
      if (h) authorization.push(`${r.url()} ${h}`);
    });
    await signInAs(page, USER);
    await page.goto("/about");
    await hydrated(page);
    const button = page.locator(".site-header__account").getByRole("button", { name: /Ada/ });
    await button.waitFor();
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    await button.click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    const items = await menu.getByRole("menuitem").allInnerTexts();
    expect(items.map((s) => s.trim())).toEqual(["Dashboard", "My Favorites", "List History", "Household", "Sign out"]);
    const hrefs = await menu.locator("a[role=menuitem]").evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toEqual(["/dashboard", "/dashboard?tab=favorites", "/dashboard?tab=history", "/household"]);
    await menu.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.locator(".site-header__account button").waitFor({ state: "detached" });
    await page.locator(".site-header__account").getByRole("link", { name: "Sign In" }).waitFor();
    // The session is over on the server too: the cookie no longer names anyone.
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
    expect(authorization).toEqual([]);
    await done(page, context);
  });

  it("labels the user menu 'Account' when the user has no first name", async () => {
    const { page, context } = await openPage();
    await signInAs(page, { firstName: "" });
    await page.goto("/help");
    await page
      .locator(".site-header__account")
      .getByRole("button", { name: /Account/ })
      .waitFor();
    await done(page, context);
  });

  it("signed in, knows the user from the server's render and reuses it across client navigation (no /api/auth/me call)", async () => {
    const { page, context } = await openPage();
    const seen = await signInAs(page, USER);
    await page.goto("/about");
    await hydrated(page);
    await page.locator(".site-header__account").getByRole("button", { name: /Ada/ }).waitFor();
    await page.locator("footer.site-footer").getByRole("link", { name: "Help Center" }).click();
    await page.waitForURL("**/help");
    await page.locator("footer.site-footer").getByRole("link", { name: "Terms of Service" }).click();
    await page.waitForURL("**/terms");
    await page.waitForLoadState("networkidle");
    expect(seen.length).toBe(0);
    await done(page, context);
  });
});

describe("footer", () => {
  it("has the tagline, Product and Support columns, social links and the 2024 notice", async () => {
    const { page, context } = await openPage();
    await page.goto("/terms");
    await hydrated(page);
    const footer = page.locator("footer.site-footer");
    await expect(footer.innerText()).resolves.toMatch(/recipe collection into organised shopping lists in just a few clicks/i);
    await expect(footer.innerText()).resolves.toContain("© 2024 recipecart");
    const product = footer.getByRole("navigation", { name: "Product" });
    expect(await product.getByRole("link").allInnerTexts()).toEqual(["Features", "How it Works", "Supported Sites", "About Us"]);
    const support = footer.getByRole("navigation", { name: "Support" });
    expect(await support.getByRole("link").allInnerTexts()).toEqual(["Help Center", "Contact Us", "Privacy Policy", "Terms of Service"]);
    for (const [name, host] of [
      ["Twitter", "twitter.com"],
      ["Facebook", "facebook.com"],
      ["Instagram", "instagram.com"],
    ] as const) {
      const link = footer.getByRole("link", { name: new RegExp(`on ${name}`) });
      expect(new URL(expectDefined(await link.getAttribute("href"))).hostname).toMatch(new RegExp(`(^|\\.)${host.replace(".", "\\.")}$`));
      expect(await link.getAttribute("target")).toBe("_blank");
      expect((await link.getAttribute("rel"))?.split(/\s+/).sort()).toEqual(["noopener", "noreferrer"]);
    }
    await done(page, context);
  });

  it("links go to their pages", async () => {
    const { page, context, problems } = await openPage();
    await page.goto("/");
    await hydrated(page);
    const footer = page.locator("footer.site-footer");
    for (const [name, path, title] of [
      ["Help Center", "/help", "Help Center"],
      ["Contact Us", "/contact", "Contact Us"],
      ["Privacy Policy", "/privacy", "Privacy Policy"],
      ["Terms of Service", "/terms", "Terms of Service"],
      ["About Us", "/about", "Our Story"],
    ] as const) {
      await footer.getByRole("link", { name, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      await page.waitForFunction((t) => document.title.startsWith(t), title);
    }
    await footer.getByRole("link", { name: "How it Works" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.waitForFunction(() => {
      const el = document.getElementById("how-it-works");
      const r = el?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.top < 200;
    });
    // Supported Sites: the badges section near the bottom of / is scrolled into view.
    await page.goto("/terms");
    await hydrated(page);
    await footer.getByRole("link", { name: "Supported Sites" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.waitForFunction(() => {
      const r = document.getElementById("supported-sites")?.getBoundingClientRect();
      return !!r && window.scrollY > 100 && r.top >= 0 && r.top < window.innerHeight - 50;
    });
    expect(problems).toEqual(NONE);
    await done(page, context);
  });
});

describe("phone (375 px)", () => {
  it("hides the desktop links behind an accessible menu button", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    await page.goto("/help");
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);
    const button = page.getByRole("button", { name: "Open menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    const panelId = expectDefined(await button.getAttribute("aria-controls"));
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel.isVisible()).resolves.toBe(false);

    await button.click();
    const close = page.getByRole("button", { name: "Close menu" });
    expect(await close.getAttribute("aria-expanded")).toBe("true");
    await expect(panel.isVisible()).resolves.toBe(true);
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Features", "How It Works", "Our Story"]) {
      await expect(mobile.getByRole("link", { name, exact: true }).isVisible(), name).resolves.toBe(true);
    }

    // Escape closes and returns focus to the button.
    await page.keyboard.press("Escape");
    await expect(panel.isVisible()).resolves.toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(panelId);

    // A link navigates and closes the menu.
    await page.getByRole("button", { name: "Open menu" }).click();
    await mobile.getByRole("link", { name: "Our Story" }).click();
    await page.waitForURL("**/about");
    await expect(panel.isVisible()).resolves.toBe(false);
    await done(page, context);
  });

  it("Features in the phone menu goes to the home section", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    await page.goto("/contact");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Features" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.waitForFunction(() => {
      const r = document.getElementById("features")?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.top < 200;
    });
    await done(page, context);
  });

  it("no page scrolls sideways", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    for (const { path } of ROUTES) {
      await page.goto(path);
      await hydrated(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      await page.waitForLoadState("networkidle");
    }
    await done(page, context);
  });
});

describe("keyboard", () => {
  it("the first Tab reaches a visible 'Skip to main content' link that moves focus to #main", async () => {
    const { page, context } = await openPage();
    await page.goto("/privacy");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // The link slides in (a short CSS transition): wait until it is fully on screen.
    await page.waitForFunction(() => {
      const el = document.activeElement;
      return el instanceof HTMLElement && el.getBoundingClientRect().top >= 0;
    });
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "main");
    await done(page, context);
  });
});

describe("toasts", () => {
  async function sendContact(page: Page, n: number) {
    await page.getByLabel("Name").fill(`Tester ${n}`);
    // A fresh sender each time: the server allows 3 messages a minute per sender e-mail (decision 0021).
    await page.getByLabel("Email").fill(`tester-${n}-${Math.random().toString(36).slice(2)}@example.com`);
    await page.getByLabel("Subject").fill("Hello");
    await page.getByRole("textbox", { name: "Message" }).fill("Just saying hi.");
    await page.getByRole("button", { name: "Send Message" }).click();
  }

  it("F8 moves focus into the toast region; at most 420 px wide on desktop", async () => {
    const { page, context } = await openPage({ viewport: DESKTOP });
    await page.goto("/contact");
    await hydrated(page);
    await sendContact(page, 1);
    const region = page.getByRole("region", { name: /notifications/i });
    await region.waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=region]"))).toBe(false);
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=region][aria-label*="Notifications"]'))).toBe(true);
    const box = expectDefined(await region.boundingBox());
    expect(box.width).toBeLessThanOrEqual(420);
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 40);
    await done(page, context);
  });

  it("shows one toast at a time: a new one replaces the one showing, which does not come back", async () => {
    const { page, context } = await openPage();
    await page.goto("/contact");
    await hydrated(page);
    await sendContact(page, 1);
    const toastEl = page.getByRole("alertdialog");
    await toastEl.waitFor();
    await toastEl.evaluate((el) => el.setAttribute("data-first", ""));
    await sendContact(page, 2);
    await page.locator("[role=alertdialog]:not([data-first])").waitFor();
    await expect(toastEl.count()).resolves.toBe(1);
    await toastEl.getByRole("button", { name: /close/i }).click();
    await toastEl.waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    await expect(toastEl.count()).resolves.toBe(0);
    await done(page, context);
  });

  it("closes itself after about 5 seconds", async () => {
    const { page, context } = await openPage();
    await page.goto("/contact");
    await hydrated(page);
    await sendContact(page, 1);
    const t = page.getByRole("alertdialog");
    await t.waitFor();
    const shownAt = Date.now();
    await page.mouse.move(5, 5); // not hovering it (hover pauses the timer)
    await t.waitFor({ state: "detached", timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3500);
    await done(page, context);
  });

  it("a toast moved to the top (clear of the focused button) stays there while pressed, so Close closes it", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    await page.goto("/contact");
    await hydrated(page);
    await sendContact(page, 1);
    const t = page.getByRole("alertdialog");
    await t.waitFor();
    // The focused 'Send Message' at the foot of the screen: the toast goes to the top rather than cover it.
    await page.evaluate(() => {
      const focused = document.activeElement?.getBoundingClientRect();
      if (focused) window.scrollBy(0, focused.bottom - (window.innerHeight - 20));
    });
    const region = page.getByTestId("toast-region");
    await expect.poll(() => region.getAttribute("data-placement")).toBe("top");
    // Measured once the toast has finished coming in and moving (on a busy machine the animations run late).
    await region.evaluate((el) =>
      Promise.all(
        el
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const close = t.locator(".toast__close");
    const box = expectDefined(await close.boundingBox());
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The press focuses the toast; frames pass before the finger lifts (as on a busy phone): it does not move away.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await region.getAttribute("data-placement")).toBe("top");
    expect(await close.boundingBox()).toEqual(box);
    await page.mouse.up();
    await t.waitFor({ state: "detached", timeout: 10_000 });
    await done(page, context);
  });

  it("a swipe right past 50 px dismisses it; a shorter one does not", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    await page.goto("/contact");
    await hydrated(page);
    await sendContact(page, 1);
    const t = page.getByRole("alertdialog");
    await t.waitFor();
    const box = expectDefined(await t.locator(".toast__title").boundingBox());
    const y = box.y + box.height / 2;
    const x = box.x + 10;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    await expect(t.count()).resolves.toBe(1);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 90, y, { steps: 8 });
    await page.mouse.up();
    await t.waitFor({ state: "detached", timeout: 2000 });
    await done(page, context);
  });
});
