import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openPage } from "./browser.ts";

afterAll(closeBrowser);

describe("smoke", () => {
  it("serves / from the built app with no console error or failed request", async () => {
    const { page, context, problems } = await openPage();
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/recipecart/i);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [] });
    await context.close();
  });

  it("answers an unknown path with the 404 page and status", async () => {
    const { page, context } = await openPage();
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await context.close();
  });
});
