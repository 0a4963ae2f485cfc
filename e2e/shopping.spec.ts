/**
 * In the store, in Chromium at 375 px with touch: tick items off (they move to 'In the
 * cart'), go offline (the context set offline), tick more and add an item, come back online and see
 * the server state match; a second browser context sees the ticks; staples in their own group with
 * 'I need this'; the unit choice changes the display and is remembered; servings scale the amounts;
 * a read-only viewer's ticks stay in their browser.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openPhone, keptForOffline } from "./browser.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";
import { listGroup, listItems, listRow, withoutLiveChannel } from "./lists.ts";

afterAll(async () => {
  await closeBrowser();
});

interface Item {
  id: string;
  name: string;
  amount: string;
  checked?: boolean;
  staple?: boolean;
  addedByHand?: boolean;
}
interface ListJson {
  id: string;
  editToken?: string;
  ingredients: Record<string, Item[]>;
}

const PANCAKES = {
  title: "Pancakes",
  ingredients: ["1 cup milk", "2 eggs", "1 tbsp sugar", "1/2 tsp salt", "1 cup flour", "2 bananas"],
};
const SOUP = { title: "Onion Soup", ingredients: ["250 ml milk", "2 onions", "2 tbsp olive oil", "black pepper to taste"] };

async function makeList(page: Page, scales?: (ids: string[]) => Record<string, number>): Promise<ListJson> {
  const ids: string[] = [];
  for (const r of [PANCAKES, SOUP]) {
    const res = await page.request.post("/api/recipes/manual", { data: { ...r, source: "manually added" } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const res = await page.request.post("/api/shopping-lists", { data: { name: "Store run", recipeIds: ids, scales: scales?.(ids) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ListJson;
}

/** This browser made the list: it holds the edit token (decision 0013). */
async function holdToken(page: Page, list: ListJson) {
  await page.addInitScript(({ id, token }) => localStorage.setItem("recipecart:list-tokens", JSON.stringify({ [id]: token })), {
    id: list.id,
    token: list.editToken,
  });
}

async function serverList(page: Page, id: string, units = ""): Promise<ListJson> {
  const res = await page.request.get(`/api/shopping-lists/${id}${units ? `?units=${units}` : ""}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListJson;
}

const byName = (list: ListJson, re: RegExp) => listItems(list).find((i) => re.test(i.name));

async function waitSynced(page: Page) {
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith("recipecart:list-queue:")), null, {
    timeout: 20_000,
  });
}

/** The list page's status line while the app knows it is offline (docs/product/messages.md). */
const offlineLine = (n: number) =>
  `You're offline. ${n} ${n === 1 ? "change is" : "changes are"} saved on this device and will be sent when you're back online.`;

const checkedOnServer = async (page: Page, id: string) =>
  listItems(await serverList(page, id))
    .filter((i) => i.checked)
    .map((i) => i.name)
    .sort();

async function hydrated(page: Page) {
  // The add form only shows once the page knows this browser holds the edit token (after hydration).
  await page.getByLabel("Add an item").waitFor({ timeout: 20_000 });
}

describe("shopping mode on a phone", () => {
  it("ticks, goes offline, ticks and adds, syncs back; another device sees it", async () => {
    const { context, page, errors } = await openPhone();
    const list = await makeList(page);
    await holdToken(page, list);
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);

    // Staples are in their own group at the end, not in the aisles.
    const staples = listGroup(page, "You probably have");
    await expect.poll(() => staples.locator("li").count()).toBe(4);
    expect(await staples.textContent()).toMatch(/salt/);
    expect(await staples.textContent()).toMatch(/olive oil/);

    // Tap an item: it moves to 'In the cart' and the server has it.
    await listRow(page, /egg/).locator("label.list__tick").tap();
    await expect.poll(() => listGroup(page, "In the cart").locator("li").count()).toBe(1);
    expect(await listGroup(page, "In the cart").textContent()).toMatch(/egg/);
    await waitSynced(page);
    expect(byName(await serverList(page, list.id), /egg/)?.checked).toBe(true);

    // Offline: tick two more and add an item; the page says it is offline and keeps the changes.
    await context.setOffline(true);
    await expect.poll(() => page.locator(".list__offline").textContent()).toMatch(/offline/i);
    await listRow(page, /banana/)
      .locator("label.list__tick")
      .tap();
    await listRow(page, /onion/).locator("label.list__tick").tap();
    await page.getByLabel("Add an item").fill("2 lemons");
    await page.getByRole("button", { name: "Add", exact: true }).tap();
    await expect.poll(() => page.locator(".list__offline").textContent()).toMatch(/3 changes are saved on this device/);
    expect(await listGroup(page, "In the cart").locator("li").count()).toBe(3);
    expect(await page.locator(".list__name", { hasText: "2 lemons" }).count()).toBe(1);
    expect(listItems(await serverList(page, list.id)).filter((i) => i.checked)).toHaveLength(1);

    // Back online: the queue goes out and the server matches what the page shows.
    await context.setOffline(false);
    await waitSynced(page);
    const after = await serverList(page, list.id);
    expect(
      listItems(after)
        .filter((i) => i.checked)
        .map((i) => i.name)
        .sort(),
    ).toEqual(["bananas", "eggs", "onions"]);
    const lemons = listItems(after).filter((i) => /lemon/.test(i.name));
    expect(lemons).toHaveLength(1);
    expect(lemons[0]).toMatchObject({ addedByHand: true, amount: "2" });
    expect(Object.entries(after.ingredients).find(([, is]) => is.some((i) => /lemon/.test(i.name)))?.[0]).toBe("Produce");
    // The page shows the server's placement (lemons in Produce, marked as added by hand).
    await expect.poll(() => listGroup(page, "Produce").textContent()).toMatch(/lemons[\s\S]*added by hand/);

    // A second device (another context, same list, holds the token too) sees the ticks.
    const other = await openPhone();
    await holdToken(other.page, list);
    await other.page.goto(`/shopping-list/${list.id}`);
    await hydrated(other.page);
    expect(await listGroup(other.page, "In the cart").locator("li").count()).toBe(3);
    // It unticks the onions later than the first phone's tick: last tap wins on both.
    await listRow(other.page, /onion/).locator("label.list__tick").tap();
    await waitSynced(other.page);
    expect(byName(await serverList(page, list.id), /onion/)?.checked).toBe(false);
    await other.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a 429 from the changes API: one calm line, nothing lost, sent again only after Retry-After", async () => {
    const { context, page, errors } = await openPhone();
    const list = await makeList(page);
    await holdToken(page, list);
    // The HTTP queue's own rules: no live channel here (its pause after a refusal is the socket's 'rate_limited' error).
    await withoutLiveChannel(page);
    // The first changes request is refused as the limiter would (429, Retry-After: 8); later ones reach the server.
    // The page's clock is Playwright's: it runs on its own, and the test moves it past the wait instead of
    // sleeping through it. Each request is stamped with the page's time.
    await page.clock.install();
    const requests: { at: number; refused: boolean }[] = [];
    await page.route("**/api/shopping-lists/*/changes*", async (route) => {
      const refused = requests.length === 0;
      requests.push({ at: await page.evaluate(() => Date.now()), refused });
      if (!refused) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { "retry-after": "8", "content-type": "application/problem+json" },
        body: JSON.stringify({ code: "rate_limited", message: "Too many requests. Please wait a minute and try again." }),
      });
    });
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);

    await listRow(page, /egg/).locator("label.list__tick").tap();
    // The first change also loads the API client: allow for a slow machine.
    await expect
      .poll(() => page.locator(".list__offline").textContent(), { timeout: 10_000 })
      .toBe("Saving is paused for a moment. 1 change is saved on this device and will be sent in 8 seconds.");
    // A change made during the wait is shown and queued, not sent.
    await listRow(page, /banana/)
      .locator("label.list__tick")
      .tap();
    await expect.poll(() => page.locator(".list__offline").textContent()).toMatch(/^Saving is paused for a moment\. 2 changes are saved/);
    expect(await listGroup(page, "In the cart").locator("li").count()).toBe(2);

    // Both go out in one request, no sooner than Retry-After after the refusal.
    expect(requests).toHaveLength(1);
    await page.clock.fastForward(8_000);
    await waitSynced(page);
    expect(requests.map((r) => r.refused)).toEqual([true, false]);
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(8_000);
    expect(
      listItems(await serverList(page, list.id))
        .filter((i) => i.checked)
        .map((i) => i.name)
        .sort(),
    ).toEqual(["bananas", "eggs"]);
    // No error toast for a wait.
    expect(await page.getByTestId("toast-region").locator(".toast__title").count()).toBe(0);
    await expect.poll(() => page.locator(".list__offline").textContent()).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'I need this' moves a staple back to its aisle; edits and moves stick", async () => {
    const { context, page, errors } = await openPhone();
    const list = await makeList(page);
    await holdToken(page, list);
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);
    await listRow(page, /salt/).getByRole("button", { name: "I need this" }).tap();
    await waitSynced(page);
    expect(byName(await serverList(page, list.id), /salt/)?.staple).toBe(false);
    await expect.poll(() => listGroup(page, "You probably have").locator("li").count()).toBe(3);

    await listRow(page, /banana/)
      .getByRole("button", { name: /^Edit/ })
      .tap();
    const dialog = page.getByRole("dialog", { name: "Edit item" });
    await dialog.getByLabel("Name").fill("ripe bananas");
    await dialog.getByLabel("Amount").fill("6");
    await dialog.getByRole("button", { name: "Save" }).tap();
    await waitSynced(page);
    expect(byName(await serverList(page, list.id), /ripe bananas/)).toMatchObject({ amount: "6" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the unit choice changes the amounts and is remembered", async () => {
    const { context, page } = await openPhone();
    const list = await makeList(page);
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    // 1 cup + 250 ml is 2.06 cups: '2 cups' would be 2.8% short (decision 0007)
    const milk = () => listRow(page, /milk/).locator(".list__amount").textContent();
    expect(await milk()).toBe("2 cups + 1 tbsp");
    await page.getByRole("radio", { name: "Metric" }).check();
    await expect.poll(milk).toBe("485 ml");
    await page.reload();
    await page.locator("article[data-hydrated]").waitFor();
    expect(await milk()).toBe("485 ml");
    expect(await page.getByRole("radio", { name: "Metric" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "As written" }).check();
    await expect.poll(milk).toBe("2 cups + 1 tbsp");
    await context.close();
  });

  it("servings scale the combined amounts", async () => {
    const { context, page } = await openPhone();
    const plain = await makeList(page);
    const doubled = await makeList(page, ([pancakes]) => ({ [expectDefined(pancakes)]: 2 }));
    await page.goto(`/shopping-list/${plain.id}`);
    expect(await listRow(page, /egg/).locator(".list__amount").textContent()).toBe("2");
    expect(await listRow(page, /milk/).locator(".list__amount").textContent()).toBe("2 cups + 1 tbsp");
    await page.goto(`/shopping-list/${doubled.id}`);
    expect(await listRow(page, /egg/).locator(".list__amount").textContent()).toBe("4");
    expect(await listRow(page, /milk/).locator(".list__amount").textContent()).toBe("3 cups");
    await context.close();
  });

  it("a read-only viewer ticks for themselves only", async () => {
    const { context, page, errors } = await openPhone();
    const list = await makeList(page);
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    await page.getByText("your ticks are kept in this browser only").waitFor();
    expect(await page.getByLabel("Add an item").count()).toBe(0);
    await listRow(page, /egg/).locator("label.list__tick").tap();
    await expect.poll(() => listGroup(page, "In the cart").locator("li").count(), { message: `cart after tap; errors: ${errors}` }).toBe(1);
    await page.reload();
    await page.locator("article[data-hydrated]").waitFor();
    await expect.poll(() => listGroup(page, "In the cart").locator("li").count()).toBe(1);
    expect(byName(await serverList(page, list.id), /egg/)?.checked).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("installs as an app: manifest, icons and a service worker that opens a list offline after a reload", async () => {
    const { context, page, errors } = await openPhone();
    const manifest = await page.request.get("/manifest.webmanifest");
    expect(manifest.status()).toBe(200);
    const m = (await manifest.json()) as { start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(m).toMatchObject({ start_url: "/", display: "standalone" });
    for (const size of ["192x192", "512x512"]) {
      const icon = expectDefined(m.icons.find((i) => i.sizes === size && !i.purpose));
      const res = await page.request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
    }
    const sw = await page.request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["content-type"]).toMatch(/javascript/);
    expect(sw.headers()["content-security-policy"]).toMatch(/default-src 'self'/);

    const list = await makeList(page);
    await holdToken(page, list);
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    // The worker runs and keeps this page and every script and style it loaded.
    await keptForOffline(page);

    await context.setOffline(true);
    await listRow(page, /egg/).locator("label.list__tick").tap();
    await page.reload();
    await hydrated(page);
    // The saved page opens, the queued tick is still there, and the page says it is offline.
    await expect.poll(() => listGroup(page, "In the cart").textContent()).toMatch(/egg/);
    await expect.poll(() => page.locator(".list__offline").textContent()).toBe(offlineLine(1));
    await context.setOffline(false);
    await waitSynced(page);
    expect(byName(await serverList(page, list.id), /egg/)?.checked).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a network that fails while the browser says online: the offline line shows, and every change is kept and sent later", async () => {
    const { context, page, errors } = await openPhone();
    const list = await makeList(page);
    await holdToken(page, list);
    // Where WebSockets do not get through, the HTTP queue finds the network gone by its failed requests
    // (an open socket would be found dead by its unanswered ping; e2e/live.spec.ts goes offline with one open).
    await withoutLiveChannel(page);
    await page.goto(`/shopping-list/${list.id}`);
    await hydrated(page);
    // One change online: the page, its scripts and the API client are loaded, and the worker keeps them.
    await listRow(page, /egg/).locator("label.list__tick").tap();
    await waitSynced(page);
    await keptForOffline(page);
    // From here the page's clock is Playwright's, so the test can move it to the next quiet try instead
    // of waiting (installed only now: its clock hides the performance entries the worker is told to keep).
    await page.clock.install();

    // Every request now fails at the network level (weak signal, a captive portal), the service
    // worker's too, while the browser still says it is online.
    await context.route("**/*", (route) => route.abort("internetdisconnected"));
    await listRow(page, /banana/)
      .locator("label.list__tick")
      .tap();
    await expect.poll(() => page.locator(".list__offline").textContent(), { timeout: 10_000 }).toBe(offlineLine(1));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    // A reload opens the worker's saved copy: the page knows at once that it is offline, and a change made there is kept too.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator(".list__offline").textContent(), { timeout: 10_000 }).toBe(offlineLine(1));
    await listRow(page, /onion/).locator("label.list__tick").tap();
    await expect.poll(() => page.locator(".list__offline").textContent()).toBe(offlineLine(2));
    expect(await listGroup(page, "In the cart").locator("li").count()).toBe(3);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await checkedOnServer(page, list.id)).toEqual(["eggs"]);

    // The network comes back without any 'online' event (the browser never said it was gone): the next
    // quiet try gets through, every change is sent and the line goes.
    await context.unroute("**/*");
    await page.clock.fastForward(60_000);
    await waitSynced(page);
    await expect.poll(() => page.locator(".list__offline").textContent(), { timeout: 10_000 }).toBe("");
    expect(await checkedOnServer(page, list.id)).toEqual(["bananas", "eggs", "onions"]);
    expect(errors).toEqual([]);
    await context.close();
    // Two page loads, a reload from the worker's copy and three syncs on a shared 2-core machine.
  }, 60_000);
});
