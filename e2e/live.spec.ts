/**
 * A household's live list (decisions 0036, 0037) at 375 px, two people in two browser contexts:
 * a tick, an added item, an item's rename, a removal and the list's rename show on the other phone without a reload,
 * and so do the amounts a recipe added on one phone changes; the first tick after an idle spell (the room hibernated)
 * arrives live; a socket cut, or dead without a word while the page was hidden, reconnects and catches up; 'milk' added on both at once
 * is one row with the amounts combined; a phone that was offline sends its tick when back while an
 * item removed meanwhile stays gone (after reloads too); invite → accept → live; a member removed
 * from the household loses the list at once and the page says so.
 */
import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, openPhone } from "./browser.ts";
import { axeSerious, closeToasts, noHorizontalScroll } from "./a11y.ts";
import { listGroup, listItems, listRow, makeList, type ListJson } from "./lists.ts";
import { registerViaApi } from "./users.ts";
import { fixtureServerForFile } from "./fixture-server.ts";
import { STORE_AISLES } from "../core/shopping/store-order.ts";
import { LIVE_AGAIN_TEXT, RECONNECTING_TEXT, REVOKED_TEXT } from "../web/components/shopping-list/live-status.ts";

const TIMEOUT = 120_000;
/** Recipe pages on loopback (e2e/fixtures), for a recipe added to a list from its address. */
const fixtures = fixtureServerForFile();

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

async function householdList(
  recipes = [{ title: "Pancakes", ingredients: ["2 cups flour", "3 eggs", "1 cup milk", "2 bananas"] }],
): Promise<ListJson> {
  const list = await makeList(olive.page, { name: "Saturday shop", recipes });
  await api(olive.page, "PUT", `/api/shopping-lists/${list.id}/household`, { household: true });
  return list;
}

/**
 * Opens the list and waits until its live channel has said hello (article[data-live="open"]): the add form shows from
 * the server's HTML already, and a socket cut before its hello never was live, so the page rightly says nothing of a
 * lost connection.
 */
async function openList(p: Phone, id: string): Promise<void> {
  await p.page.goto(`/shopping-list/${id}`);
  await p.page.getByLabel("Add an item").waitFor({ timeout: 30_000 });
  await p.page.locator('article[data-hydrated][data-live="open"]').waitFor({ timeout: 30_000 });
}

/** The phone loses its network, and its page has heard so (the 'offline' event) before the next step. */
async function goOffline(p: Phone, page: Page = p.page): Promise<void> {
  await p.context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
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

/**
 * A page of `p`'s browser whose live-channel sockets go through the test: `cut()` closes them from the server's side (as
 * a network that drops a connection), `silence()` lets nothing through them either way without closing them (as a
 * network that dropped a connection without a word: the page's socket still looks open), and while `blocked` every
 * new one is refused at once. `sockets` counts the sockets the page opened; `sent` holds what the page sent on each
 * (by its number) once silenced, and `closedByPage` the numbers of those the page closed itself.
 */
async function routedPhone(p: Phone) {
  const page = await p.context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  const net = { blocked: false, sockets: 0 };
  const silenced = new Set<number>();
  const sent = new Map<number, string[]>();
  const closedByPage: number[] = [];
  await page.routeWebSocket(/\/api\/shopping-lists\/[^/]+\/live/, (ws) => {
    if (net.blocked) {
      void ws.close({ code: 1011, reason: "no network" });
      return;
    }
    const n = ++net.sockets;
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      if (!silenced.has(n)) server.send(m);
      else sent.get(n)?.push(String(m));
    });
    server.onMessage((m) => {
      if (!silenced.has(n)) ws.send(m);
    });
    ws.onClose((code, reason) => {
      closedByPage.push(n);
      server.close({ code, reason }).catch(() => {});
    });
    open.push({ page: ws, server });
  });
  const cut = async () => {
    for (const { page: side, server } of open.splice(0)) {
      await server.close({ code: 1001, reason: "connection lost" });
      await side.close({ code: 1001, reason: "connection lost" });
    }
  };
  const silence = () => {
    for (let n = 1; n <= net.sockets; n++) {
      silenced.add(n);
      sent.set(n, []);
    }
  };
  return { phone: { context: p.context, page, errors } satisfies Phone, net, cut, silence, sent, closedByPage };
}

/**
 * Olive and Mina's routed phone on a new household list (Olive sees Mina there), then Mina's live socket cut with
 * no network to reconnect through: her page says it is reconnecting. `net.blocked = false` brings the network back.
 */
async function minaCutOff() {
  const list = await householdList();
  await openList(olive, list.id);
  const { phone, net, cut } = await routedPhone(mina);
  await openList(phone, list.id);
  await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Mina is in the store");
  net.blocked = true;
  await cut();
  await expect.poll(() => liveLine(phone.page), { timeout: 15_000 }).toBe(RECONNECTING_TEXT);
  return { list, phone, net };
}

/** What a phone in a pocket or a laptop with its lid closed tells the page: hidden, then visible again. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    if (h) {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    } else {
      Reflect.deleteProperty(document, "visibilityState");
      Reflect.deleteProperty(document, "hidden");
    }
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

const liveLine = (page: Page) => page.locator(".list__live").textContent();

/** The page's aisle and group headings in order, without their counts. */
const groupTitles = (page: Page) =>
  page.locator("h2.list__category-title").evaluateAll((hs) => hs.map((h) => (h.textContent ?? "").replace(/\s*\(\d+\)$/, "")));

beforeAll(async () => {
  olive = await openPhone({ blockServiceWorkers: true });
  mina = await openPhone({ blockServiceWorkers: true });
  await registerViaApi(olive.page, "live-olive", "Olive");
  await registerViaApi(mina.page, "live-mina", "Mina");
  await householdOfTwo();
}, TIMEOUT);

// A test that fails while a phone is offline must not leave it so for the next one (its first page.goto would fail).
afterEach(async () => {
  await olive?.context.setOffline(false);
  await mina?.context.setOffline(false);
});

afterAll(async () => {
  await olive?.context.close();
  await mina?.context.close();
  await closeBrowser();
});

describe("a household's live list on two phones", () => {
  it(
    "a tick, an added item, an item renamed, a removal and the list renamed show on the other phone at once, with who is in the store",
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

      // Mina renames the milk and gives it a new amount; Olive removes the bananas (the removal goes when the toast closes).
      await listRow(mina.page, /milk/).getByRole("button", { name: /^Edit/ }).tap();
      const dialog = mina.page.getByRole("dialog", { name: "Edit item" });
      await dialog.getByLabel("Name").fill("oat milk");
      await dialog.getByLabel("Amount").fill("2 l");
      await dialog.getByRole("button", { name: "Save" }).tap();
      await expect
        .poll(
          () =>
            listRow(olive.page, /oat milk/)
              .locator(".list__amount")
              .textContent(),
          { timeout: 10_000 },
        )
        .toBe("2 l");
      await listRow(olive.page, /banana/)
        .getByRole("button", { name: /Remove/ })
        .tap();
      await closeToasts(olive.page);
      await expect.poll(() => listRow(mina.page, /banana/).count(), { timeout: 10_000 }).toBe(0);

      // Olive renames the list: Mina's heading follows.
      await olive.page.getByRole("button", { name: "Rename Saturday shop" }).tap();
      await olive.page.getByRole("textbox", { name: "List name" }).fill("Sunday market");
      await olive.page.getByRole("textbox", { name: "List name" }).press("Enter");
      await expect.poll(() => mina.page.locator("#list-title").innerText(), { timeout: 10_000 }).toBe("Sunday market");

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

      await goOffline(mina);
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

  it(
    "a socket cut under a visible page: the page says it is reconnecting, comes back by itself and catches up; its own tick went meanwhile",
    async () => {
      const { list, phone, net } = await minaCutOff();
      // Olive ticks the eggs meanwhile; Mina's page cannot hear it.
      await tick(olive.page, /egg/);
      await expect
        .poll(async () => (await serverItems(olive.page, list.id)).find((i) => /egg/.test(i.name))?.checked, { timeout: 20_000 })
        .toBe(true);
      expect(await listRow(phone.page, /egg/).getAttribute("data-checked")).toBeNull();
      // Mina's own tick does not wait for the socket: the changes API takes it.
      await tick(phone.page, /flour/);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 20_000 }).toMatch(/flour/);

      // The network is back: the next retry (backoff) reconnects, and its hello brings the eggs.
      net.blocked = false;
      await expect.poll(() => inCart(phone.page).textContent(), { timeout: 40_000 }).toMatch(/egg/);
      await expect.poll(() => liveLine(phone.page), { timeout: 10_000 }).toBe(LIVE_AGAIN_TEXT);
      await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Mina is in the store");
      // 'Live again' goes after a moment.
      await expect.poll(() => liveLine(phone.page), { timeout: 15_000 }).toBe("");
      expect(phone.errors).toEqual([]);
      await phone.page.close();
    },
    TIMEOUT,
  );

  it(
    "a hidden phone whose connection died: shown again, it reconnects at once, catches up every change and sends what waited",
    async () => {
      // The connection dies; the page says so, and a screen reader hears it (a polite live region).
      const { list, phone, net } = await minaCutOff();
      expect(await phone.page.locator(".list__live").getAttribute("aria-live")).toBe("polite");
      // No network for requests either: Mina's tick waits on the phone, which then goes into a pocket.
      await goOffline(mina, phone.page);
      await tick(phone.page, /flour/);
      await expect
        .poll(() => listRow(phone.page, /flour/).locator(".list__waiting").textContent(), { timeout: 20_000 })
        .toBe("Not sent yet");
      await setHidden(phone.page, true);

      // Meanwhile Olive ticks the eggs, adds lemons and removes the bananas.
      await tick(olive.page, /egg/);
      await add(olive.page, "2 lemons");
      await listRow(olive.page, /banana/)
        .getByRole("button", { name: /Remove/ })
        .tap();
      await closeToasts(olive.page);
      await expect
        .poll(
          async () => {
            const items = await serverItems(olive.page, list.id);
            return (
              items.some((i) => /lemon/.test(i.name)) &&
              !items.some((i) => /banana/.test(i.name)) &&
              items.find((i) => /egg/.test(i.name))?.checked === true
            );
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(await listRow(phone.page, /lemon/).count()).toBe(0);

      // The network is back and the phone comes out of the pocket: a new socket at once (no backoff wait).
      await mina.context.setOffline(false);
      net.blocked = false;
      await setHidden(phone.page, false);
      await expect.poll(() => listRow(phone.page, /lemon/).count(), { timeout: 15_000 }).toBe(1);
      expect(await listRow(phone.page, /banana/).count()).toBe(0);
      expect(await inCart(phone.page).textContent()).toMatch(/egg/);
      await expect.poll(() => liveLine(phone.page), { timeout: 10_000 }).toBe(LIVE_AGAIN_TEXT);
      // What waited went, and Olive sees it live.
      await noQueue(phone.page);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 20_000 }).toMatch(/flour/);
      const items = await serverItems(olive.page, list.id);
      expect(items.find((i) => /flour/.test(i.name))?.checked).toBe(true);
      expect(items.some((i) => /banana/.test(i.name))).toBe(false);
      expect(phone.errors).toEqual([]);
      await phone.page.close();
    },
    TIMEOUT,
  );

  it(
    "a phone in a pocket whose connection died without a word: taken out after a long time, a new socket at once catches it up",
    async () => {
      const list = await householdList();
      await openList(olive, list.id);
      const { phone, net, silence, sent, closedByPage } = await routedPhone(mina);
      await openList(phone, list.id);
      await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Mina is in the store");
      // The phone goes into a pocket and its network drops the connection without a close: the page's socket still
      // looks open, and nothing gets through it either way.
      await setHidden(phone.page, true);
      silence();
      await tick(olive.page, /egg/);
      await add(olive.page, "2 lemons");
      await expect
        .poll(async () => (await serverItems(olive.page, list.id)).some((i) => /lemon/.test(i.name)), { timeout: 20_000 })
        .toBe(true);
      expect(await listRow(phone.page, /lemon/).count()).toBe(0);
      // Half a minute in the pocket (longer than a ping interval), told to the page by its clock.
      await phone.page.evaluate(() => {
        const now = Date.now.bind(Date);
        Date.now = () => now() + 30_000;
      });
      await setHidden(phone.page, false);
      // Out of the pocket: the page does not test the old socket with a ping, it opens a new one, whose hello brings
      // the eggs and the lemons.
      await expect.poll(() => listRow(phone.page, /lemon/).count(), { timeout: 15_000 }).toBe(1);
      expect(await inCart(phone.page).textContent()).toMatch(/egg/);
      expect(net.sockets).toBe(2);
      expect(sent.get(1)).not.toContain("ping");
      expect(closedByPage).toContain(1);
      // And it is live again both ways.
      await tick(phone.page, /flour/);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 20_000 }).toMatch(/flour/);
      await noQueue(phone.page);
      expect(phone.errors).toEqual([]);
      await phone.page.close();
    },
    TIMEOUT,
  );

  it(
    "a page shown again soon after its connection died without a word: its ping gets no answer, it reconnects and catches up",
    async () => {
      const list = await householdList();
      await openList(olive, list.id);
      const { phone, net, silence, sent } = await routedPhone(mina);
      await openList(phone, list.id);
      await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Mina is in the store");
      // A laptop lid closed for a moment, its connection lost without a close.
      await setHidden(phone.page, true);
      silence();
      await tick(olive.page, /egg/);
      await expect
        .poll(async () => (await serverItems(olive.page, list.id)).find((i) => /egg/.test(i.name))?.checked, { timeout: 20_000 })
        .toBe(true);
      await setHidden(phone.page, false);
      // Opened again: the page asks the old socket for a sign of life first, gets none, drops it and connects again.
      await expect.poll(() => sent.get(1), { timeout: 10_000 }).toContain("ping");
      await expect.poll(() => inCart(phone.page).textContent(), { timeout: 40_000 }).toMatch(/egg/);
      expect(net.sockets).toBe(2);
      await tick(phone.page, /flour/);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 20_000 }).toMatch(/flour/);
      expect(phone.errors).toEqual([]);
      await phone.page.close();
    },
    TIMEOUT,
  );

  it(
    "after an idle spell long enough for the list's room to hibernate, the first tick still reaches the other phone live",
    async () => {
      const list = await householdList();
      await openList(olive, list.id);
      const { phone, net } = await routedPhone(mina);
      await openList(phone, list.id);
      await expect.poll(() => olive.page.locator(".list__presence").textContent(), { timeout: 20_000 }).toBe("Mina is in the store");
      // Nobody touches the list for longer than the 10 s after which the runtime may evict an idle room whose sockets
      // are all hibernatable (the pages' pings, every 25 s, are answered without waking it).
      await olive.page.waitForTimeout(15_000);
      await tick(olive.page, /egg/);
      await expect.poll(() => inCart(phone.page).textContent(), { timeout: 10_000 }).toMatch(/egg/);
      await tick(phone.page, /banana/);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 10_000 }).toMatch(/banana/);
      // Over the sockets opened before the spell: no reconnection was needed.
      expect(net.sockets).toBe(1);
      expect(await liveLine(phone.page)).toBe("");
      expect(phone.errors).toEqual([]);
      await phone.page.close();
    },
    TIMEOUT,
  );

  it(
    "another store chosen on one phone regroups the other's open page in that store's aisle order",
    async () => {
      const list = await householdList();
      const store = (await api(olive.page, "POST", "/api/users/me/stores", {
        name: "Corner shop",
        aisles: ["Baking", ...STORE_AISLES.filter((a) => a !== "Baking")],
      })) as { id: string };
      expect(store.id).toBeTruthy();
      await openList(olive, list.id);
      await openList(mina, list.id);
      await tick(mina.page, /banana/);
      await expect.poll(() => inCart(olive.page).textContent(), { timeout: 10_000 }).toMatch(/banana/);
      // The usual order walks the dairy aisle before the baking one.
      expect((await groupTitles(mina.page)).slice(0, 2)).toEqual(["Dairy & Eggs", "Baking"]);
      // Olive picks her store on her page; Mina's page follows without a reload, the ticked bananas still in the cart.
      await olive.page.locator(".list__store-select button").tap();
      await olive.page.getByRole("option", { name: "Corner shop" }).tap();
      await expect.poll(async () => (await groupTitles(mina.page)).slice(0, 2), { timeout: 10_000 }).toEqual(["Baking", "Dairy & Eggs"]);
      expect(await groupTitles(mina.page)).toContain("In the cart");
      expect(await inCart(mina.page).textContent()).toMatch(/banana/);
      expect(mina.errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "a recipe added on one phone changes the amounts on the other's open page: joined items, new rows, the recipes line",
    async () => {
      const list = await householdList([{ title: "Tacos", ingredients: ["2 onions", "3 tomatoes", "1 lime"] }]);
      await openList(olive, list.id);
      await openList(mina, list.id);
      // The lime is in the cart already: the salsa's lime is a new row, the one bought keeps its amount.
      await tick(olive.page, /lime/);
      await expect.poll(() => inCart(mina.page).textContent(), { timeout: 10_000 }).toMatch(/lime/);
      const amount = (page: Page, name: RegExp) => listRow(page, name).first().locator(".list__amount").textContent();
      expect(await amount(olive.page, /onion/)).toBe("2");

      // Mina adds the Garden Salsa from its page (1 onion, 4 tomatoes, a clove of garlic, a lime, cilantro).
      await mina.page.getByRole("button", { name: "Add a recipe" }).tap();
      const dialog = mina.page.getByRole("dialog", { name: "Add a recipe" });
      await dialog.getByLabel("Recipe URL").fill(`${fixtures.origin}/garden-salsa.html`);
      await noHorizontalScroll(mina.page);
      expect(await axeSerious(mina.page)).toEqual([]);
      await dialog.getByRole("button", { name: "Add recipe" }).tap();
      await dialog.waitFor({ state: "detached", timeout: 30_000 });

      // Olive's open page, without a reload: the amounts change, the new items come, the recipes line follows.
      await expect.poll(() => amount(olive.page, /onion/), { timeout: 10_000 }).toBe("3");
      expect(await amount(olive.page, /tomato/)).toBe("7");
      await expect.poll(() => listRow(olive.page, /garlic/).count(), { timeout: 10_000 }).toBe(1);
      expect(await listRow(olive.page, /onion/).textContent()).toMatch(/for Tacos, Garden Salsa/);
      expect(await olive.page.locator(".list__recipes").textContent()).toBe("From 2 recipes: Tacos, Garden Salsa");
      expect(await inCart(olive.page).locator("li").count()).toBe(1);
      expect(await listRow(olive.page, /lime/).count()).toBe(2);
      // Mina's page shows the same.
      await expect.poll(() => amount(mina.page, /onion/), { timeout: 10_000 }).toBe("3");
      // And it is the list: after a reload too.
      await olive.page.reload();
      await olive.page.getByLabel("Add an item").waitFor({ timeout: 30_000 });
      expect(await amount(olive.page, /onion/)).toBe("3");
      expect(await listRow(olive.page, /lime/).count()).toBe(2);
      expect(olive.errors).toEqual([]);
      expect(mina.errors).toEqual([]);
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
      await owner.page.getByRole("heading", { level: 1, name: "Rosa's household", exact: true }).waitFor();
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
      // Exact: 'Join Rosa's household' (the page before the join) holds these words too.
      await sam.page.getByRole("heading", { level: 1, name: "Rosa's household", exact: true }).waitFor();
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
  it(
    "a list made personal again, the household deleted, leaving: the member's open page says why, stops, and the server refuses",
    async () => {
      const ada = await openPhone({ blockServiceWorkers: true });
      const ben = await openPhone({ blockServiceWorkers: true });
      await registerViaApi(ada.page, "live-ada", "Ada");
      await registerViaApi(ben.page, "live-ben", "Ben");
      const joinAdas = async () => {
        await api(ada.page, "POST", "/api/household", { name: "Home" });
        const invite = (await api(ada.page, "POST", "/api/household/invites", {})) as { link: string };
        await api(ben.page, "POST", "/api/household/invites/accept", { token: invite.link.split("/invite/")[1] });
      };
      const shared = async (name: string) => {
        const list = await makeList(ada.page, { name, recipes: [{ title: "Dip", ingredients: ["2 avocados", "1 lime", "1 onion"] }] });
        await api(ada.page, "PUT", `/api/shopping-lists/${list.id}/household`, { household: true });
        return list;
      };
      const tickByApi = (page: Page, listId: string, itemId: string) =>
        page.request.post(`/api/shopping-lists/${listId}/changes`, {
          data: { changes: [{ op: "tick", itemId, checked: true, at: Date.now() }] },
          headers: origin(),
        });
      const itemId = async (listId: string, name: RegExp) => (await serverItems(ada.page, listId)).find((i) => name.test(i.name))?.id ?? "";
      await joinAdas();
      const first = await shared("Party");
      const second = await shared("Picnic");

      // Ada makes the first list personal again from its page: Ben's open page says so and offers no change.
      await openList(ada, first.id);
      await openList(ben, first.id);
      const benSecond = await ben.context.newPage();
      await openList({ context: ben.context, page: benSecond, errors: [] }, second.id);
      await ada.page.getByRole("button", { name: "Make personal" }).tap();
      await expect.poll(() => ben.page.locator(".list__revoked").textContent(), { timeout: 15_000 }).toBe(REVOKED_TEXT.unshared);
      expect(await ben.page.getByLabel("Add an item").count()).toBe(0);
      await tick(ada.page, /lime/);
      await expect.poll(() => inCart(ada.page).textContent()).toMatch(/lime/);
      await ben.page.waitForTimeout(1_500);
      expect(await listRow(ben.page, /lime/).getAttribute("data-checked")).toBeNull();
      expect((await tickByApi(ben.page, first.id, await itemId(first.id, /onion/))).status()).toBe(403);

      // Ada deletes the household: Ben's page of the second list says why.
      await api(ada.page, "DELETE", "/api/household");
      await expect.poll(() => benSecond.locator(".list__revoked").textContent(), { timeout: 15_000 }).toBe(REVOKED_TEXT.household_deleted);
      expect(await benSecond.getByLabel("Add an item").count()).toBe(0);
      expect((await tickByApi(ben.page, second.id, await itemId(second.id, /onion/))).status()).toBe(403);
      await benSecond.close();

      // In a household again, Ben leaves it on /household while the list is open in another tab: that page says so.
      await joinAdas();
      await api(ada.page, "PUT", `/api/shopping-lists/${first.id}/household`, { household: true });
      await openList(ben, first.id);
      const benHousehold = await ben.context.newPage();
      await benHousehold.goto("/household");
      await benHousehold.getByRole("button", { name: "Leave household" }).click();
      await benHousehold
        .getByRole("heading", { level: 1, name: /household/i })
        .first()
        .waitFor();
      await expect.poll(() => ben.page.locator(".list__revoked").textContent(), { timeout: 15_000 }).toBe(REVOKED_TEXT.access);
      expect(await ben.page.getByLabel("Add an item").count()).toBe(0);
      const refused = await tickByApi(ben.page, first.id, await itemId(first.id, /onion/));
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe("not_in_household");
      await ben.page.reload();
      await ben.page.getByRole("heading", { level: 1, name: "No access to this list" }).waitFor();
      expect(ben.errors).toEqual([]);
      await benHousehold.close();
      await ada.context.close();
      await ben.context.close();
    },
    TIMEOUT * 2,
  );
});
