/**
 * What a first-time user met, walking the app end to end (desktop and 375 px), each fixed and shown
 * here as the user sees it: external links stay external.
 */
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, hydrated, openPage } from "./browser.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { registerViaApi } from "./users.ts";

afterAll(closeBrowser);

const fixtures = fixtureServerForFile();

describe("links to other sites", () => {
  it("'Original recipe' on /favorites and on the dashboard opens the recipe's own page, not the app's 404", async () => {
    const { page, context, problems } = await openPage();
    await registerViaApi(page, "extlink");
    const url = `${fixtures.origin}/weeknight-chili.html`;
    const made = await page.request.post("/api/recipes/parse", { data: { url }, headers: { origin: baseURL() } });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await page.request.post(`/api/recipes/${id}/favorite`, { headers: { origin: baseURL() } })).status()).toBe(200);

    for (const path of ["/favorites", "/dashboard?tab=favorites"]) {
      await page.goto(path);
      await hydrated(page);
      const link = page.getByRole("link", { name: "Original recipe: Weeknight Chili (opens in a new tab)" });
      expect(await link.getAttribute("href")).toBe(url);
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.waitForLoadState("domcontentloaded");
      expect(tab.url()).toBe(url);
      await tab.close();
      // The app's own page did not move.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
