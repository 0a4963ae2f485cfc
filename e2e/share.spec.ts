/**
 * Sharing, in Chromium at 375 px with touch: the list's maker shares a read-only link (Web
 * Share API where the browser has it, the clipboard otherwise, each with a toast); someone else opens it,
 * sees the items in the first HTML, cannot change anything and ticks items off for themselves; after
 * 'Stop sharing' the link answers 'This shared list is no longer available'. A shared list opened once
 * opens offline after a reload (the service worker keeps it, decision 0029) and the viewer's ticks work
 * there; once revoked, the next online answer (a reload, or the page coming back online) clears the
 * saved copy.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, expectToast, noHorizontalScroll } from "./a11y.ts";
import { baseURL, closeBrowser, openPhone, keptForOffline } from "./browser.ts";
import { type ListJson, listEditTokenHeader, makeList, listGroup, listItems, listRow } from "./lists.ts";
import { registerViaApi } from "./users.ts";

afterAll(async () => {
  await closeBrowser();
});

const RECIPES = [
  { title: "Pancakes", ingredients: ["1 cup milk", "2 eggs", "1 cup flour", "2 bananas", "1/2 tsp salt"] },
  { title: "Onion Soup", ingredients: ["2 onions", "1 litre stock"] },
];

/** The shared page's line while the app knows it is offline (docs/product/messages.md). */
const SHARED_OFFLINE = "You're offline. This is the list as it was when you last opened it; your ticks are kept on this device.";

/** Makes the list's share link through the API, as its signed-out maker. */
async function shareViaApi(page: Page, list: ListJson): Promise<{ id: string; url: string }> {
  const res = await page.request.post(`/api/shopping-lists/${list.id}/shares`, {
    headers: { origin: baseURL(), ...listEditTokenHeader(list) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

async function revokeViaApi(page: Page, list: ListJson, shareId: string) {
  const res = await page.request.delete(`/api/shopping-lists/${list.id}/shares/${shareId}`, {
    headers: { origin: baseURL(), ...listEditTokenHeader(list) },
  });
  expect(res.status(), await res.text()).toBe(204);
}

/** The addresses of shared pages (and their data requests) the service worker keeps. */
const keptSharePages = (page: Page) =>
  page.evaluate(async () => {
    const pages = await caches.open("recipecart-pages-v1");
    return (await pages.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.startsWith("/s/"));
  });

/** Opens the Share dialog and answers the link it shows. */
async function openShare(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Share", exact: true }).tap();
  const dialog = page.getByRole("dialog", { name: "Share this list" });
  await dialog.waitFor();
  const field = dialog.getByRole("textbox", { name: "Share link" });
  await field.waitFor({ timeout: 20_000 });
  return field.inputValue();
}

describe("sharing a list", () => {
  it("a shared link opens read-only and stops working after revoking", async () => {
    const owner = await openPhone({ permissions: ["clipboard-read", "clipboard-write"] });
    // This phone has the Web Share API: record what it was asked to share.
    await owner.page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
        },
      });
    });
    const list = await makeList(owner.page, { name: "Store run", recipes: RECIPES });
    await owner.page.addInitScript(({ id, token }) => localStorage.setItem("recipecart:list-tokens", JSON.stringify({ [id]: token })), {
      id: list.id,
      token: list.editToken,
    });
    await owner.page.goto(`/shopping-list/${list.id}`);
    await owner.page.getByLabel("Add an item").waitFor({ timeout: 20_000 });
    expect(await owner.page.locator(".list__share-status").count()).toBe(0);

    // Share: the dialog shows a link of its own (not the list's address), focused and selected.
    const url = await openShare(owner.page);
    expect(url).toMatch(new RegExp(`^${baseURL()}/s/[A-Za-z0-9_-]{22}$`));
    expect(url).not.toContain(list.id);
    const dialog = owner.page.getByRole("dialog", { name: "Share this list" });
    expect(await dialog.getByRole("textbox", { name: "Share link" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole("button", { name: "Share link" }).tap();
    await expectToast(owner.page, "Link shared");
    const shared = await owner.page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toEqual([{ title: "Store run", text: "Shopping list: Store run", url }]);
    await dialog.getByRole("button", { name: "Copy link" }).tap();
    await expectToast(owner.page, "Link copied");
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await axeSerious(owner.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).tap();
    await dialog.waitFor({ state: "detached" });
    await owner.page.locator(".list__share-status").waitFor();
    // A reload still says so, without any tap: the loader tells every reader whether a link is on, so the
    // line is in the first HTML (kept hidden until the page knows this browser holds the edit token, 0014).
    await owner.page.reload();
    await owner.page.getByLabel("Add an item").waitFor({ timeout: 20_000 });
    await owner.page.locator(".list__share-status").waitFor();

    // Someone else opens the link: the list is in the first HTML, without its id or any token.
    const viewer = await openPhone();
    const first = await viewer.page.goto(url);
    expect(first?.status()).toBe(200);
    expect(first?.headers()["cache-control"]).toBe("no-store");
    const html = (await first?.text()) ?? "";
    for (const name of ["flour", "banana", "onion"]) expect(html).toContain(name);
    expect(html).not.toContain(list.id);
    if (list.editToken) expect(html).not.toContain(list.editToken);
    for (const r of list.recipes) expect(html).not.toContain(r.id);
    expect(await viewer.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await viewer.page.getByRole("heading", { level: 1, name: "Store run" }).waitFor();
    await viewer.page.getByText("your ticks are kept in this browser only").waitFor();

    // 'Keep screen on' where the browser has a wake lock, as on the list page.
    const wakeLock = await viewer.page.evaluate(() => "wakeLock" in navigator);
    expect(await viewer.page.getByRole("button", { name: "Keep screen on" }).count()).toBe(wakeLock ? 1 : 0);
    // Read-only: nothing to add, edit, remove, share, e-mail or order.
    expect(await viewer.page.getByLabel("Add an item").count()).toBe(0);
    for (const name of [/^Edit /, /^Remove /, /^Share$/, /^Email$/, /Order/, /I need this/]) {
      expect(await viewer.page.getByRole("button", { name }).count(), String(name)).toBe(0);
    }

    // Ticks are the viewer's own: kept in their browser, never sent.
    await listRow(viewer.page, /egg/).locator("label.list__tick").tap();
    await expect.poll(() => listGroup(viewer.page, "In the cart").locator("li").count()).toBe(1);
    await viewer.page.reload();
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await expect.poll(() => listGroup(viewer.page, "In the cart").locator("li").count()).toBe(1);
    const onServer = await owner.page.request.get(`/api/shopping-lists/${list.id}`);
    expect(listItems((await onServer.json()) as ListJson).find((i) => /egg/.test(i.name))).toMatchObject({ checked: false });
    // The unit choice works here too (the loader reads the list again in metric), and the viewer's tick stays.
    expect(await listRow(viewer.page, /milk/).locator(".list__amount").textContent()).toBe("1 cup");
    await viewer.page.getByRole("radio", { name: "Metric" }).tap();
    await expect.poll(() => listRow(viewer.page, /milk/).locator(".list__amount").textContent()).toMatch(/ml$/);
    expect(await listGroup(viewer.page, "In the cart").locator("li").count()).toBe(1);
    await noHorizontalScroll(viewer.page);
    expect(await axeSerious(viewer.page)).toEqual([]);

    // Share again: the same link. Then 'Stop sharing'.
    expect(await openShare(owner.page)).toBe(url);
    await owner.page.getByRole("button", { name: "Stop sharing" }).tap();
    await expectToast(owner.page, "Sharing stopped", "The link no longer opens this list.");
    await owner.page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await owner.page.locator(".list__share-status").count()).toBe(0);
    // Focus goes back to the button that opened the dialog.
    await expect.poll(() => owner.page.evaluate(() => document.activeElement?.textContent)).toBe("Share");

    // The link stops working at once, in the open page and on the API.
    const gone = await viewer.page.reload();
    expect(gone?.status()).toBe(404);
    expect(gone?.headers()["cache-control"]).toBe("no-store");
    await viewer.page.getByRole("heading", { level: 1, name: "This shared list is no longer available" }).waitFor();
    expect(await axeSerious(viewer.page)).toEqual([]);
    const shareId = url.slice(url.lastIndexOf("/") + 1);
    expect((await viewer.page.request.get(`/api/shares/${shareId}`)).status()).toBe(404);

    // Sharing again makes a new link; the old one stays dead.
    const next = await openShare(owner.page);
    expect(next).not.toBe(url);
    expect((await viewer.page.goto(url))?.status()).toBe(404);
    expect((await viewer.page.goto(next))?.status()).toBe(200);

    expect(owner.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
    await owner.context.close();
    await viewer.context.close();
    // Two phones through share, view, revoke and share again: ~20-27 s alone, longer under CI's load.
  }, 60_000);

  it("tells a signed-in owner in the first HTML that a link is on", async () => {
    const { context, page, errors } = await openPhone();
    await registerViaApi(page, "share");
    const list = await makeList(page, { name: "Owned run", recipes: RECIPES });
    const first = await page.goto(`/shopping-list/${list.id}`);
    expect(await first?.text()).not.toContain("Shared: anyone with the link");
    const made = await page.request.post(`/api/shopping-lists/${list.id}/shares`, { headers: { origin: baseURL() } });
    expect(made.status(), await made.text()).toBe(201);
    const again = await page.goto(`/shopping-list/${list.id}`);
    expect(await again?.text()).toContain("Shared: anyone with the link can view this list");
    // The dialog hands out the same link, and stopping it clears the line.
    await page.locator("article[data-hydrated]").waitFor();
    expect(await openShare(page)).toBe(((await made.json()) as { url: string }).url);
    await page.getByRole("button", { name: "Stop sharing" }).tap();
    await expectToast(page, "Sharing stopped");
    expect(await page.locator(".list__share-status").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows no Share button to someone who only has the list's own link", async () => {
    const { context, page, errors } = await openPhone();
    const list = await makeList(page, { name: "Not mine", recipes: RECIPES });
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    await page.getByText("your ticks are kept in this browser only").waitFor();
    expect(await page.getByRole("button", { name: "Share", exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a shared list opened once opens offline after a reload, ticks work there, and a revoked link leaves no copy", async () => {
    const owner = await openPhone();
    const list = await makeList(owner.page, { name: "Offline run", recipes: RECIPES });
    const share = await shareViaApi(owner.page, list);

    // The viewer opens the link once, online, and ticks an item; the worker keeps the page.
    const viewer = await openPhone();
    await viewer.page.goto(share.url);
    await viewer.page.locator("article[data-hydrated]").waitFor();
    expect(await viewer.page.locator(".list__offline").textContent()).toBe("");
    await listRow(viewer.page, /egg/).locator("label.list__tick").tap();
    await expect.poll(() => listGroup(viewer.page, "In the cart").locator("li").count()).toBe(1);
    await keptForOffline(viewer.page);

    // Offline, a reload opens the saved page: the list, the viewer's tick, the offline line; ticking works.
    await viewer.context.setOffline(true);
    await viewer.page.reload();
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await viewer.page.getByRole("heading", { level: 1, name: "Offline run" }).waitFor();
    await expect.poll(() => viewer.page.locator(".list__offline").textContent()).toBe(SHARED_OFFLINE);
    expect(await listGroup(viewer.page, "In the cart").textContent()).toMatch(/egg/);
    await listRow(viewer.page, /flour/).locator("label.list__tick").tap();
    await expect.poll(() => listGroup(viewer.page, "In the cart").locator("li").count()).toBe(2);
    await noHorizontalScroll(viewer.page);
    expect(await axeSerious(viewer.page)).toEqual([]);
    await viewer.page.reload();
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await expect.poll(() => listGroup(viewer.page, "In the cart").locator("li").count()).toBe(2);

    // Back online: the line goes. The owner stops sharing; the viewer's reload answers 404 and the
    // saved copy is gone, so offline the link no longer opens the list.
    await viewer.context.setOffline(false);
    // The line goes once a request gets through again (a quick probe right after the 'online' event).
    await expect.poll(() => viewer.page.locator(".list__offline").textContent(), { timeout: 10_000 }).toBe("");
    await revokeViaApi(owner.page, list, share.id);
    const gone = await viewer.page.reload();
    expect(gone?.status()).toBe(404);
    await viewer.page.getByRole("heading", { level: 1, name: "This shared list is no longer available" }).waitFor();
    expect(await keptSharePages(viewer.page)).toEqual([]);
    await viewer.context.setOffline(true);
    await viewer.page.reload();
    await viewer.page.getByRole("heading", { level: 1, name: "You're offline" }).waitFor();
    expect(await viewer.page.getByText("Offline run").count()).toBe(0);
    await viewer.context.setOffline(false);

    // A link turned off while the viewer is offline: coming back online is enough to clear the copy,
    // even without a reload (the page asks the worker to read it again).
    const next = await shareViaApi(owner.page, list);
    await viewer.page.goto(next.url);
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await keptForOffline(viewer.page);
    await viewer.context.setOffline(true);
    await expect.poll(() => viewer.page.locator(".list__offline").textContent()).toMatch(/^You're offline\./);
    await revokeViaApi(owner.page, list, next.id);
    await viewer.context.setOffline(false);
    await expect.poll(() => keptSharePages(viewer.page), { timeout: 20_000 }).toEqual([]);

    expect(owner.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
    await owner.context.close();
    await viewer.context.close();
    // Two browsers, five page loads, two reloads from the worker's copy and an accessibility check.
  }, 60_000);

  it("a shared list opened from the worker's copy says it is offline while the browser says online", async () => {
    const owner = await openPhone();
    const list = await makeList(owner.page, { name: "Captive portal run", recipes: RECIPES });
    const share = await shareViaApi(owner.page, list);
    const viewer = await openPhone();
    await viewer.page.goto(share.url);
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await keptForOffline(viewer.page);
    // From here the page's clock is Playwright's, so the test can move it to the next quiet try.
    await viewer.page.clock.install();

    // Every request fails at the network level (the worker's too), and the browser still says online.
    await viewer.context.route("**/*", (route) => route.abort("internetdisconnected"));
    await viewer.page.reload();
    await viewer.page.locator("article[data-hydrated]").waitFor();
    await viewer.page.getByRole("heading", { level: 1, name: "Captive portal run" }).waitFor();
    await expect.poll(() => viewer.page.locator(".list__offline").textContent(), { timeout: 10_000 }).toBe(SHARED_OFFLINE);
    expect(await viewer.page.evaluate(() => navigator.onLine)).toBe(true);
    await listRow(viewer.page, /egg/).locator("label.list__tick").tap();
    await expect.poll(() => listGroup(viewer.page, "In the cart").locator("li").count()).toBe(1);

    // The network comes back with no 'online' event: the next quiet probe gets through and the line goes.
    await viewer.context.unroute("**/*");
    await viewer.page.clock.fastForward(60_000);
    await expect.poll(() => viewer.page.locator(".list__offline").textContent(), { timeout: 10_000 }).toBe("");
    expect(await listGroup(viewer.page, "In the cart").textContent()).toMatch(/egg/);

    expect(owner.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
    await owner.context.close();
    await viewer.context.close();
  }, 60_000);
});
