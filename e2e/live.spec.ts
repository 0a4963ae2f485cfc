/**
 * A household's live list (decisions 0036, 0037) at 375 px, two people in two browser contexts:
 * a tick, an added item, a rename and a removal show on the other phone without a reload; 'milk' added on both at once
 * is one row with the amounts combined; a phone that was offline sends its tick when back while an
 * item removed meanwhile stays gone (after reloads too); invite → accept → live; a member removed
 * from the household loses the list at once and the page says so.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, openPhone } from "./browser.ts";
import { axeSerious, closeToasts, noHorizontalScroll } from "./a11y.ts";
import { listGroup, listItems, listRow, makeList, type ListJson } from "./lists.ts";
import { registerViaApi } from "./users.ts";

const TIMEOUT = 120_000;

interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

let olive: Phone;
let mina: Phone;

const origin = () => ({ origin: baseURL() });

async function api(page: Page, method: string, path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data, headers: origin() });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.status() === 204 ? null : ((await res.json()) as unknown);
}

/** Olive's household with Mina in it, made through the API. */
async function householdOfTwo(): Promise<void> {
  await api(olive.page, "POST", "/api/household", { name: "Home" });
  const invite = (await api(olive.page, "POST", "/api/household/invites", {})) as { link: string };
  await api(mina.page, "POST", "/api/household/invites/accept", { token: invite.link.split("/invite/")[1] });
}

async function householdList(): Promise<ListJson> {
  const list = await makeList(olive.page, {
    name: "Saturday shop",
    recipes: [{ title: "Pancakes", ingredients: ["2 cups flour", "3 eggs", "1 cup milk", "2 bananas"] }],
  });
  await api(olive.page, "PUT", `/api/shopping-lists/${list.id}/household`, { household: true });
  return list;
}

/** Opens the list and waits until its live channel has said hello (the add form shows an editor). */
async function openList(p: Phone, id: string): Promise<void> {
  await p.page.goto(`/shopping-list/${id}`);
  await p.page.getByLabel("Add an item").waitFor({ timeout: 30_000 });
  await p.page.waitForFunction(() => document.querySelector("article[data-hydrated]") !== null);
}

const inCart = (page: Page) => listGroup(page, "In the cart");

async function tick(page: Page, name: RegExp): Promise<void> {
  await listRow(page, name).locator("label.list__tick").tap();
}

async function add(page: Page, text: string): Promise<void> {
  await page.getByLabel("Add an item").fill(text);
  await page.getByRole("button", { name: "Add", exact: true }).tap();
}

async function noQueue(page: Page) {
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith("recipecart:list-queue:")), null, {
    timeout: 30_000,
  });
}

async function serverItems(page: Page, id: string) {
  const res = await page.request.get(`/api/shopping-lists/${id}`);
  expect(res.status()).toBe(200);
  type Item = { id: string; name: string; amount: string; checked?: boolean; addedByHand?: boolean };
  return listItems((await res.json()) as { ingredients: Record<string, Item[]> });
}

beforeAll(async () => {
  olive = await openPhone({ blockServiceWorkers: true });
  mina = await openPhone({ blockServiceWorkers: true });
  await registerViaApi(olive.page, "live-olive", "Olive");
  await registerViaApi(mina.page, "live-mina", "Mina");
  await householdOfTwo();
}, TIMEOUT);

afterAll(async () => {
  await olive?.context.close();
  await mina?.context.close();
  await closeBrowser();
});

describe("a household's live list on two phones", () => {
  it(
    "a tick, an added item, a rename and a removal show on the other phone at once, with who is in the store",
    async () => {
      const list = await householdList();
      await openList(olive, list.id);
      await openList(mina, list.id);
      await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Mina is in the store");
      await expect.poll(() => mina.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Olive is in the store");

      await tick(olive.page, /egg/);
      await expect.poll(() => inCart(mina.page).textContent(), { timeout: 10_000 }).toMatch(/egg/);

      await add(mina.page, "2 lemons");
      await expect.poll(() => listRow(olive.page, /lemon/).count(), { timeout: 10_000 }).toBe(1);
      expect(await listRow(olive.page, /lemon/).textContent()).toMatch(/added by hand/);

      await noHorizontalScroll(mina.page);
      expect(await axeSerious(mina.page)).toEqual([]);
      // Mina leaves the page: Olive's presence line goes.
      await mina.page.goto("/");
      await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("");
      expect(olive.errors).toEqual([]);
      expect(mina.errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "two people adding milk at once get one milk with the amounts combined",
    async () => {
      const list = await householdList();
      await openList(olive, list.id);
      await openList(mina, list.id);
      await Promise.all([add(olive.page, "1 l milk"), add(mina.page, "2 l milk")]);
      for (const p of [olive, mina]) {
        const typed = p.page.locator("li.list__item", { hasText: "added by hand" }).filter({ hasText: /milk/ });
        await expect.poll(() => typed.count(), { timeout: 20_000 }).toBe(1);
        await expect.poll(() => typed.locator(".list__amount").textContent(), { timeout: 20_000 }).toBe("3 l");
      }
      await noQueue(olive.page);
      await noQueue(mina.page);
      const items = await serverItems(olive.page, list.id);
      expect(items.filter((i) => i.addedByHand && /milk/.test(i.name)).map((i) => i.amount)).toEqual(["3 l"]);
    },
    TIMEOUT,
  );

  it(
    "offline tick, a removal elsewhere, back online: nothing lost, nothing back, after reloads too",
    async () => {
      const list = await householdList();
      await openList(olive, list.id);
      await openList(mina, list.id);

      await mina.context.setOffline(true);
      await tick(mina.page, /flour/);
      // What waits says so, item by item.
      await expect
        .poll(() => listRow(mina.page, /flour/).locator(".list__waiting").textContent(), { timeout: 10_000 })
        .toBe("Not sent yet");
      await expect.poll(() => mina.page.locator(".list__offline").textContent()).toMatch(/1 change is saved on this device/);

      // Meanwhile Olive removes the bananas (the toast's Undo window ends when it is closed).
      await listRow(olive.page, /banana/)
        .getByRole("button", { name: /Remove/ })
        .tap();
      await closeToasts(olive.page);
      await expect
        .poll(async () => (await serverItems(olive.page, list.id)).some((i) => /banana/.test(i.name)), { timeout: 20_000 })
        .toBe(false);

      // Mina's phone is back: her tick goes, and the bananas are gone from her page too.
      await mina.context.setOffline(false);
      await mina.page.evaluate(() => window.dispatchEvent(new Event("online")));
      await noQueue(mina.page);
      await expect.poll(() => listRow(mina.page, /banana/).count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 20_000 }).toMatch(/flour/);

      for (const p of [olive, mina]) {
        await p.page.reload();
        await p.page.getByLabel("Add an item").waitFor({ timeout: 30_000 });
        expect(await inCart(p.page).textContent()).toMatch(/flour/);
        expect(await listRow(p.page, /banana/).count()).toBe(0);
      }
      const items = await serverItems(olive.page, list.id);
      expect(items.find((i) => /flour/.test(i.name))?.checked).toBe(true);
      expect(items.some((i) => /banana/.test(i.name))).toBe(false);
    },
    TIMEOUT,
  );
});

describe("invitations and losing access", () => {
  it(
    "invite by link, accept, share a list, see it live; removed, the member's page stops and says so",
    async () => {
      const sam = await openPhone({ blockServiceWorkers: true });
      const owner = await openPhone({ blockServiceWorkers: true });
      await registerViaApi(owner.page, "live-owner", "Rosa");
      await registerViaApi(sam.page, "live-sam", "Sam");

      // Rosa starts a household and makes an invitation link on /household.
      await owner.page.goto("/household");
      await owner.page.getByRole("button", { name: "Start a household" }).tap();
      await owner.page.getByRole("heading", { level: 1, name: "Rosa's household" }).waitFor();
      await owner.page.getByRole("button", { name: "Create an invitation link" }).tap();
      const field = owner.page.getByLabel(/Invitation link/);
      await field.waitFor();
      const link = await field.inputValue();
      expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      await noHorizontalScroll(owner.page);
      expect(await axeSerious(owner.page)).toEqual([]);

      // Sam opens it and joins.
      await sam.page.goto(new URL(link).pathname);
      await sam.page.getByRole("heading", { level: 1, name: "Join Rosa's household" }).waitFor();
      expect(await sam.page.getByText("Rosa invited you").count()).toBe(1);
      await sam.page.getByRole("button", { name: "Join household" }).tap();
      await sam.page.getByRole("heading", { level: 1, name: "Rosa's household" }).waitFor();
      // The link worked once.
      await owner.page.goto(new URL(link).pathname);
      await owner.page.getByRole("heading", { level: 1, name: "This invitation cannot be used" }).waitFor();

      // Rosa shares a list with the household from its page; Sam sees it on /household and opens it.
      const list = await makeList(owner.page, { name: "Party", recipes: [{ title: "Dip", ingredients: ["2 avocados", "1 lime"] }] });
      await openList(owner, list.id);
      await owner.page.getByRole("button", { name: "Share with household" }).tap();
      await owner.page.getByRole("button", { name: "Make personal" }).waitFor();
      await sam.page.goto("/household");
      await sam.page.getByRole("link", { name: "Party" }).tap();
      await sam.page.getByLabel("Add an item").waitFor({ timeout: 30_000 });
      await expect.poll(() => owner.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Sam is in the store");
      await tick(owner.page, /avocado/);
      await expect.poll(() => inCart(sam.page).textContent(), { timeout: 10_000 }).toMatch(/avocado/);

      // Rosa removes Sam on /household (after the confirm step): Sam's open page says so at once and stops.
      const rosaHousehold = await owner.context.newPage();
      await rosaHousehold.goto("/household");
      await rosaHousehold.getByRole("button", { name: "Remove Sam" }).click();
      await rosaHousehold.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
      await expect
        .poll(() => sam.page.locator(".list__revoked").textContent(), { timeout: 10_000 })
        .toBe("You are no longer a member of this list's household, so it no longer updates here and you cannot change it.");
      expect(await sam.page.getByLabel("Add an item").count()).toBe(0);
      await tick(owner.page, /lime/);
      await expect.poll(() => inCart(owner.page).textContent()).toMatch(/lime/);
      await sam.page.waitForTimeout(1_500);
      expect(await inCart(sam.page).textContent()).not.toMatch(/lime/);
      // And the list's address no longer opens for Sam.
      await sam.page.reload();
      await sam.page.getByRole("heading", { level: 1, name: "No access to this list" }).waitFor();
      expect(sam.errors).toEqual([]);
      await rosaHousehold.close();
      await owner.context.close();
      await sam.context.close();
    },
    TIMEOUT * 2,
  );
});
