/**
 * What a reader sees of amounts and groups (decision 0007), in Chromium: the list page, Copy and Print
 * group the list the same way (the aisles, then 'You probably have' with sugar, salt and pepper), and
 * amounts read as a cook writes them: 'black pepper (to taste)', '1/2 tsp salt, plus more to taste',
 * no half egg after scaling, '1/4 cup' butter (not '3 tbsp + 2 1/4 tsp'), '1 lb 9 oz' ground beef
 * (not '1 1/2 lb'), flour entered as 250 g stays in grams, and in metric butter is weighed ('70 g').
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { expectDefined } from "../core/lib/expect-defined.ts";
import { expectToast } from "./a11y.ts";
import { baseURL, closeBrowser, NONE, openPage, unexpected } from "./browser.ts";
import { makeRecipes, listRow } from "./lists.ts";

afterAll(closeBrowser);

const SOUP = {
  title: "Onion Soup",
  ingredients: ["2 onions", "1/2 tsp salt", "salt to taste", "black pepper to taste", "1 tbsp sugar", "3 tbsp butter", "2 cups flour"],
};
/** Made at half: 1 1/2 eggs and 2 1/4 tsp butter. */
const OMELETTE = { title: "Omelette", ingredients: ["3 eggs", "4 1/2 tsp butter"] };
const CAKE = { title: "Meat Cake", ingredients: ["250 g flour", "1 lb ground beef", "250 g ground beef", "5 tbsp unsalted butter"] };

async function makeList(page: Page): Promise<{ id: string }> {
  const [soup, omelette, cake] = await makeRecipes(page, [SOUP, OMELETTE, CAKE]);
  const res = await page.request.post("/api/shopping-lists", {
    data: { name: "Cook's list", recipeIds: [soup, omelette, cake], scales: { [expectDefined(omelette)]: 0.5 } },
    headers: { origin: baseURL() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The list page's groups as shown: heading (without its count) and each row's line. */
async function pageGroups(page: Page): Promise<[string, string[]][]> {
  return page
    .locator("section.list__category")
    .evaluateAll((sections) =>
      sections.map((s) => [
        (s.querySelector("h2")?.textContent ?? "").replace(/\s*\(\d+\)$/, ""),
        [...s.querySelectorAll(".list__item-line")].map((l) => (l.textContent ?? "").replace(/\s+/g, " ").trim()),
      ]),
    );
}

const line = (page: Page, name: RegExp) => listRow(page, name).locator(".list__item-line").textContent();

describe("amounts and groups as a cook reads them", () => {
  it("the list page, Copy and Print group alike and write amounts as a cook would", async () => {
    const { page, context, problems } = await openPage({ permissions: ["clipboard-read", "clipboard-write"] });
    const list = await makeList(page);
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();

    const groups = await pageGroups(page);
    const titles = groups.map(([t]) => t);
    expect(titles.at(-1)).toBe("You probably have");
    const staples = expectDefined(groups.find(([t]) => t === "You probably have"))[1];
    expect(staples).toEqual(expect.arrayContaining(["1/2 tsp salt, plus more to taste", "black pepper (to taste)", "1 tbsp sugar"]));
    expect(staples).toHaveLength(3);

    expect(await line(page, /egg/)).toMatch(/^2 eggs$/);
    expect(await line(page, /^butter$/)).toBe("1/4 cup butter");
    expect(await line(page, /ground beef/)).toBe("1 lb 9 oz ground beef");
    expect(await line(page, /flour/)).toMatch(/^500 g (plain |all.purpose )?flour$/);

    // Copy: the same groups, in the same order, with the same items
    await page.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "Copied to clipboard");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const blocks = copied.split("\n\n").slice(1);
    expect(blocks.map((b) => b.split("\n")[0])).toEqual(titles);
    expect(blocks.map((b) => b.split("\n").length - 1)).toEqual(groups.map(([, rows]) => rows.length));
    const copiedStaples = expectDefined(blocks.find((b) => b.startsWith("You probably have\n")));
    expect(copiedStaples).toContain("• salt - 1/2 tsp, plus more to taste");
    expect(copiedStaples).toContain("• black pepper (to taste)");
    expect(copiedStaples).toContain("• sugar - 1 tbsp");

    // Print: the same groups again, each line as on the page
    await page.evaluate(() => {
      const w = window as unknown as { __printed?: string };
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        const win = open(...args);
        if (win) {
          const print = win.print.bind(win);
          win.print = () => {
            w.__printed = win.document.documentElement.outerHTML;
            print();
          };
        }
        return win;
      };
    });
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Print" }).click();
    const win = await popup;
    if (!win.isClosed()) await win.waitForEvent("close", { timeout: 10_000 });
    const html = await page.evaluate(() => (window as unknown as { __printed?: string }).__printed ?? "");
    const text = (s: string) =>
      s
        .replace(/<[^>]+>/g, "")
        .replace(/&amp;/g, "&")
        .replace(/&#39;/g, "'")
        .trim();
    expect([...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => text(m[1] ?? ""))).toEqual(titles);
    expect([...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => text(m[1] ?? ""))).toEqual(groups.flatMap(([, rows]) => rows));

    expect(unexpected(problems)).toEqual(NONE);
    await context.close();
  }, 90_000);

  it("in metric, solids are weighed and totals are not rounded down", async () => {
    const { page, context, problems } = await openPage();
    const list = await makeList(page);
    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    await page.getByRole("radio", { name: "Metric" }).check();
    await expect.poll(() => line(page, /unsalted butter/)).toBe("70 g unsalted butter");
    expect(await line(page, /ground beef/)).toBe("705 g ground beef");
    expect(await line(page, /flour/)).toMatch(/^500 g /);
    expect(await line(page, /egg/)).toBe("2 eggs");
    await page.getByRole("radio", { name: "As written" }).check();
    await expect.poll(() => line(page, /unsalted butter/)).toBe("5 tbsp unsalted butter");
    expect(unexpected(problems)).toEqual(NONE);
    await context.close();
  }, 90_000);
});
