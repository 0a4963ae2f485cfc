/**
 * Signed-in pages (issue 12) in Chromium against the built Worker and D1, at desktop size and at
 * 375 px: the dashboard's tabs rendered by the server, the security tab (see and end another session,
 * sign out everywhere else), and axe on every state shown.
 */
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, expectToast, noHorizontalScroll } from "./a11y.ts";
import { closeBrowser, DESKTOP, openPage, PHONE } from "./browser.ts";
import { hydrated, registerViaApi, signInViaApi } from "./users.ts";

afterAll(closeBrowser);

const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["375 px", PHONE],
] as const;

describe("dashboard security tab", () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`lists this and another session and ends them (${label})`, async () => {
      const a = await openPage({ viewport });
      const b = await openPage({ viewport });
      const user = await registerViaApi(a.page, `sessions-${label.replace(/\W/g, "")}`);
      await signInViaApi(b.page, user);

      // Rendered by the server: the sessions are in the first HTML.
      const html = await (await a.page.request.get("/dashboard?tab=security")).text();
      expect(html).toContain("Active sessions");
      expect(html).toContain("This device");

      await a.page.goto("/dashboard?tab=security");
      await hydrated(a.page);
      expect(await a.page.getByRole("tab", { name: "Security" }).getAttribute("aria-selected")).toBe("true");
      const sessions = a.page.locator(".session");
      await expect.poll(() => sessions.count()).toBe(2);
      expect(await sessions.filter({ hasText: "This device" }).count()).toBe(1);
      expect(await sessions.first().innerText()).toMatch(/Chrome on Linux/);
      expect(await axeSerious(a.page)).toEqual([]);
      await noHorizontalScroll(a.page);

      // By keyboard: the other session's 'Sign out'.
      const other = sessions.filter({ hasNotText: "This device" });
      await other.getByRole("button", { name: "Sign out" }).focus();
      await a.page.keyboard.press("Enter");
      await expectToast(a.page, "Signed out", "That device has been signed out.");
      await expect.poll(() => sessions.count()).toBe(1);
      await a.page.getByText("You are not signed in anywhere else.").waitFor();
      expect((await b.page.request.get("/api/auth/me")).status()).toBe(401);
      await b.page.goto("/dashboard?tab=security");
      await b.page.waitForURL((u) => u.pathname === "/auth");

      // Sign in twice more elsewhere, then 'Sign out everywhere else'.
      await signInViaApi(b.page, user);
      const c = await openPage({ viewport });
      await signInViaApi(c.page, user);
      await a.page.goto("/dashboard?tab=security");
      await hydrated(a.page);
      await expect.poll(() => sessions.count()).toBe(3);
      await a.page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expectToast(a.page, "Signed out", "Every other device has been signed out.");
      await expect.poll(() => sessions.count()).toBe(1);
      expect((await b.page.request.get("/api/auth/me")).status()).toBe(401);
      expect((await c.page.request.get("/api/auth/me")).status()).toBe(401);
      expect((await a.page.request.get("/api/auth/me")).status()).toBe(200);

      for (const p of [a, b, c]) expect(p.problems.pageErrors).toEqual([]);
      await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
    }, 90_000);
  }
});
