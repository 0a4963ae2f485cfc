/**
 * The extension's connect page names the extension that asks (decision 0024): a Firefox extension's id is
 * shown with where to check it, and Connect works only once the visitor confirms it is recipecart's
 * (`moz-extension://*` trusts any Firefox extension). A Chrome extension's id is pinned by the server.
 */
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious } from "./a11y.ts";
import { closeBrowser, hydrated, openPage, PHONE } from "./browser.ts";
import { registerViaApi } from "./users.ts";

afterAll(closeBrowser);

const UUID = "0f1e2d3c-4b5a-4968-8778-695a4b3c2d1e";
const STATE = "connect-state-0123456789";

describe("the connect page", () => {
  it("names the asking Firefox extension and connects only once the visitor confirms it", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "connect-firefox");
    await page.goto(`/connect-extension?return=${encodeURIComponent(`moz-extension://${UUID}/connected.html`)}&state=${STATE}`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Connect the browser extension" }).waitFor();
    expect(await page.getByText(`Asking: the Firefox extension with the internal id ${UUID}.`).count()).toBe(1);
    expect(await page.getByText("about:debugging").count()).toBeGreaterThan(0);
    const connect = page.getByRole("button", { name: "Connect" });
    expect(await connect.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: /This is the recipecart extension/ }).check();
    expect(await connect.isEnabled()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it("names a Chrome extension by its id and asks for no extra step", async () => {
    const { page, context } = await openPage();
    await registerViaApi(page, "connect-chrome");
    const id = "abcdefghijklmnopabcdefghijklmnop";
    await page.goto(`/connect-extension?return=${encodeURIComponent(`chrome-extension://${id}/connected.html`)}&state=${STATE}`);
    await hydrated(page);
    expect(await page.getByText(`Asking: the Chrome extension with the id ${id}.`).count()).toBe(1);
    expect(await page.getByRole("checkbox").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Connect" }).isEnabled()).toBe(true);
    await context.close();
  }, 90_000);
});
