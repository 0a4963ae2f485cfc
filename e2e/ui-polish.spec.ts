/**
 * Small UI faults a first-time user meets, in Chromium against the built Worker:
 * - an added recipe's actions sit beside its title on a phone (icon buttons with accessible names,
 *   44 px targets, nothing sideways), signed out and signed in (with the favourite heart);
 * - keyboard focus rings only the focused control: no react-aria container (Select, Group, Disclosure)
 *   that only holds focus is ringed while Tab walks the contact form, the sign-in form, the home page and
 *   the Help Center; a check box (a label around a hidden input) still rings;
 * - 'Shared: …' on a signed-out creator's list is in the server's HTML in its final place, so nothing
 *   moves when it shows (no layout shift, measured with a PerformanceObserver), and it stays hidden from
 *   someone holding only the list's link (decision 0014);
 * - the home entry card's tabs are a same-looking preview until the visitor reaches for them: react-aria's
 *   Tabs then take over in the same boxes, with the focus, what was typed, and a key or tap made while
 *   their code was on its way (decision 0017).
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeSerious, noHorizontalScroll } from "./a11y.ts";
import { baseURL, closeBrowser, done, getBrowser, NONE, openPage, PHONE, hydrated, openHome, unexpected } from "./browser.ts";
import { makeList, addManual } from "./lists.ts";
import { registerViaApi } from "./users.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";

afterAll(closeBrowser);

const LONG_TITLE = "Grandma's slow-cooked Sunday beef and winter vegetable stew with dumplings";

type Box = { x: number; y: number; right: number; bottom: number; width: number; height: number };

/** Each added recipe's title, actions and action buttons, as laid out now. */
const addedLayout = (page: Page) =>
  page.$$eval(".added__item", (items) => {
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    return items.map((item) => ({
      item: box(item),
      title: box(item.querySelector(".added__name")),
      actions: box(item.querySelector(".added__actions")),
      buttons: [...item.querySelectorAll(".added__actions button, .added__actions .favorite-slot")].map((b) => ({
        name: b.getAttribute("aria-label") ?? "",
        box: box(b),
      })),
    }));
  });

async function expectActionsBesideTitles(page: Page, titles: string[], withFavorite: boolean) {
  const layout = await addedLayout(page);
  expect(layout).toHaveLength(titles.length);
  for (const [i, row] of layout.entries()) {
    const { item, title, actions } = row;
    if (!item || !title || !actions) throw new Error(`added recipe ${i} is missing its title or actions`);
    // Beside the title: the actions start above the title's last line (not on a line of their own below it).
    expect(actions.y, titles[i]).toBeLessThan(title.bottom);
    expect(actions.x, titles[i]).toBeGreaterThan(title.x);
    expect(actions.right, titles[i]).toBeLessThanOrEqual(item.right);
    expect(title.width, titles[i]).toBeGreaterThanOrEqual(100);
    expect(row.buttons.length, titles[i]).toBe(withFavorite ? 3 : 2);
    // Targets of at least 44 x 44 px.
    for (const b of row.buttons) {
      expect(b.box?.width ?? 0, b.name).toBeGreaterThanOrEqual(44);
      expect(b.box?.height ?? 0, b.name).toBeGreaterThanOrEqual(44);
    }
  }
  for (const t of titles) {
    await page.getByRole("button", { name: `Edit ${t}`, exact: true }).waitFor();
    await page.getByRole("button", { name: `Delete ${t}`, exact: true }).waitFor();
  }
  await noHorizontalScroll(page);
}

describe("added recipes on a phone", () => {
  it("keeps Edit and Delete beside the title, signed out, as 44 px icon buttons with accessible names", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await openHome(page);
    await addManual(page, "Pancakes", "1 cup flour\n2 eggs");
    await addManual(page, LONG_TITLE, "1 kg beef\n3 carrots");
    await expectActionsBesideTitles(page, ["Pancakes", LONG_TITLE], false);
    expect(await axeSerious(page)).toEqual([]);

    // The icon buttons still work: Edit opens the editor for that recipe.
    await page.getByRole("button", { name: "Edit Pancakes", exact: true }).click();
    await page.getByRole("dialog", { name: "Edit Recipe" }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("keeps the favourite heart, Edit and Delete beside the title for a signed-in user", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "uipolish-home");
    await openHome(page);
    await addManual(page, LONG_TITLE, "1 kg beef\n3 carrots");
    await page.getByRole("button", { name: `Favorite ${LONG_TITLE}` }).waitFor();
    await expectActionsBesideTitles(page, [LONG_TITLE], true);
    expect(await axeSerious(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

describe("history search on a phone", () => {
  it("puts the field on its own row and Search and Clear together on the next", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "uipolish-history");
    await page.goto("/dashboard?tab=history");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Search your lists" });
    await form.waitFor();
    const top = async (loc: ReturnType<Page["locator"]>) => expectDefined(await loc.boundingBox()).y;
    const field = await form.getByRole("searchbox").boundingBox();
    const search = await top(form.getByRole("button", { name: "Search", exact: true }));
    const clear = await top(form.getByRole("button", { name: "Clear", exact: true }));
    expect(clear).toBe(search);
    expect(search).toBeGreaterThan(expectDefined(field).y + expectDefined(field).height - 1);
    await noHorizontalScroll(page);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

/**
 * The elements around the focused one that draw an outline, and whether the focused one does (or, for
 * a check box or radio whose input is visually hidden, the label wrapping it). Browser-side code: it
 * checks for itself.
 */
const ringState = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return { active: "", ringed: false, ringedAround: [] as string[] };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""}`;
    const drawn = (el: Element) => {
      const s = getComputedStyle(el);
      return (s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0) || /rgb/.test(s.boxShadow);
    };
    const wrapper = active.closest("label");
    const ringedAround: string[] = [];
    for (let p = active.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      if (p === wrapper) continue;
      const s = getComputedStyle(p);
      if (s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0) ringedAround.push(describe(p));
    }
    return { active: describe(active), ringed: drawn(active) || (wrapper ? drawn(wrapper) : false), ringedAround };
  });

/** Tabs through the page from the top; at each stop the focused control shows a ring and nothing around it does. */
async function tabThrough(page: Page, stops: number, mustVisit: RegExp[]): Promise<string[]> {
  // From the top of the page, with nothing focused.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const state = await ringState(page);
    if (!state.active) continue;
    seen.push(state.active);
    expect(state.ringedAround, `ringed around ${state.active}`).toEqual([]);
    expect(state.ringed, `${state.active} shows no focus ring`).toBe(true);
  }
  for (const re of mustVisit)
    expect(
      seen.some((s) => re.test(s)),
      `${re} reached by Tab in: ${seen.join(" | ")}`,
    ).toBe(true);
  return seen;
}

describe("focus rings with the keyboard", () => {
  it("ring only the focused control on the contact form (the Select's root is not ringed)", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await page.goto("/contact");
    await hydrated(page);
    await tabThrough(page, 30, [/select__button/, /textarea/]);
    // Focus in the Select: react-aria marks its root focus-visible, and the root draws nothing.
    const select = page.locator(".select").first();
    await page.getByRole("button", { name: /Category/ }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await select.getAttribute("data-focus-visible")).not.toBeNull();
    expect(await select.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
    expect(await page.locator(".select__button").evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("ring only the focused control on the sign-in form (the password Group is not ringed)", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await page.goto("/auth");
    await hydrated(page);
    await tabThrough(page, 25, [/password-field__input/, /password-field__toggle/]);
    const group = page.locator(".password-field").first();
    await page.locator(".password-field__input").first().focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await group.getAttribute("data-focus-visible")).not.toBeNull();
    expect(await group.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("ring only the focused control on the home page with an added recipe (servings field and tabs included)", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    // A recipe added from a page with a yield, as this browser keeps it (the servings field needs a yield).
    await page.addInitScript(() =>
      localStorage.setItem(
        "recipecart:recipes",
        JSON.stringify([
          { id: "uipolishRecipe000000001", title: "Chili", source: "example.test", ingredients: ["1 onion"], yields: "Serves 4" },
        ]),
      ),
    );
    await openHome(page);
    await page.locator(".added__item").waitFor();
    // The servings control loads at the first interaction: a key press outside any control.
    await page.keyboard.press("Shift");
    await page.locator(".servings__input").waitFor();
    await tabThrough(page, 40, [/tabs__tab/, /servings__input/, /servings__choice/, /added__action/]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("focus rings with the keyboard, continued", () => {
  it("ring only the focused control in the Help Center's disclosures, open ones included", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await page.goto("/help");
    await hydrated(page);
    const first = page.locator(".disclosure__trigger").first();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => first.getAttribute("aria-expanded")).toBe("true");
    await tabThrough(page, 30, [/disclosure__trigger/]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("still ring a check box (a label around a hidden input) on the Staples tab", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await registerViaApi(page, "uipolish-ring");
    await page.goto("/dashboard?tab=staples");
    await hydrated(page);
    const box = page.locator("label.checkbox").first();
    await box.waitFor();
    await box.locator("input").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const state = await ringState(page);
    expect(state.active).toMatch(/^input/);
    expect(state.ringed).toBe(true);
    expect(state.ringedAround).toEqual([]);
    expect(await box.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

/** Sums every layout shift from the page's start (hadRecentInput included: a shift under the finger counts too). */
const SHIFT_OBSERVER = () => {
  const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
      w.__shifts.push({
        value: e.value,
        sources: (e.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        ),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
};
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);

describe("'Shared: …' on a signed-out creator's list", () => {
  it("is in the server's HTML where it will show, shows without a tap, and moves nothing", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    const list = await makeList(page, { name: "Shared run", recipes: [{ title: "Soup", ingredients: ["2 onions", "1 l stock"] }] });
    const made = await page.request.post(`/api/shopping-lists/${list.id}/shares`, {
      headers: { origin: baseURL(), "x-edit-token": list.editToken ?? "" },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.addInitScript(({ id, token }) => localStorage.setItem("recipecart:list-tokens", JSON.stringify({ [id]: token })), {
      id: list.id,
      token: list.editToken,
    });
    await page.addInitScript(SHIFT_OBSERVER);

    // The server's HTML (no script at all) already holds the line's box.
    const noScript = await (await getBrowser()).newContext({ baseURL: baseURL(), viewport: PHONE, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`/shopping-list/${list.id}`);
    const served = await plain.locator(".list__share-status").boundingBox();
    const servedUnits = await plain.locator(".list__units").boundingBox();
    await noScript.close();
    expect(served).not.toBeNull();

    await page.goto(`/shopping-list/${list.id}`);
    await page.locator("article[data-hydrated]").waitFor();
    await page.getByLabel("Add an item").waitFor({ timeout: 20_000 });
    // Shown to the creator without any tap, in the box the server gave it.
    const line = page.locator(".list__share-status");
    await expect.poll(() => line.evaluate((el) => getComputedStyle(el).visibility)).toBe("visible");
    expect(await line.innerText()).toContain("Shared: anyone with the link can view this list");
    expect(await line.boundingBox()).toEqual(served);
    expect(await page.locator(".list__units").boundingBox()).toEqual(servedUnits);
    // A tap (the first interaction, when anything waiting for one runs) moves nothing either.
    await page.getByRole("heading", { level: 1 }).click();
    await page.getByRole("button", { name: "Share", exact: true }).hover();
    expect(await line.boundingBox()).toEqual(served);
    const moved = (await shifts(page)).filter((s) => s.value > 0);
    expect(moved, JSON.stringify(moved)).toEqual([]);
    await noHorizontalScroll(page);
    expect(await axeSerious(page)).toEqual([]);

    // Someone with only the list's link: the line keeps its box but says nothing to them.
    const other = await openPage({ viewport: PHONE });
    await other.page.goto(`/shopping-list/${list.id}`);
    await other.page.locator("article[data-hydrated]").waitFor();
    await other.page.getByText("your ticks are kept in this browser only").waitFor();
    expect(await other.page.getByText("Shared: anyone with the link").isVisible()).toBe(false);
    expect(await other.page.getByRole("button", { name: "Share", exact: true }).count()).toBe(0);
    expect(await axeSerious(other.page)).toEqual([]);
    await other.context.close();

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("is not in the HTML of a list without a live link", async () => {
    const { page, context } = await openPage({ viewport: PHONE });
    const list = await makeList(page, { name: "Plain run", recipes: [{ title: "Soup", ingredients: ["2 onions"] }] });
    const res = await page.goto(`/shopping-list/${list.id}`);
    expect(await res?.text()).not.toContain("Shared: anyone with the link");
    await context.close();
  });
});

/** The boxes of the entry card's tab list, its tabs, its panel and the URL field, as laid out now. */
const entryBoxes = (page: Page) =>
  page.$$eval(".entry-card .tabs__list, .entry-card .tabs__tab, .entry-card .tabs__panel, .entry-card input[name=url]", (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return `${el.className} ${r.x},${r.y} ${r.width}x${r.height}`;
    }),
  );
/** Whether the entry card still shows the tabs' preview (react-aria's Tabs not drawn yet). */
const previewShown = (page: Page) => page.locator(".entry-card .tabs__tab[data-preview]").count();
const focusedTab = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute("role") === "tab" ? `${el.textContent}${el.hasAttribute("data-preview") ? " (preview)" : ""}` : "";
  });
/** Holds the tabs' chunk (react-aria's Tabs) until `release()`. */
async function holdTabsChunk(page: Page): Promise<{ requested: () => boolean; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(/\/assets\/tabs-[\w-]+\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { requested: () => requested, release };
}

describe("the entry card's tabs before their code (decision 0017)", () => {
  it("look the same, take over when the visitor reaches for them, keep what was typed and move nothing", async () => {
    const { page, context, problems } = await openPage({ viewport: PHONE });
    await page.addInitScript(SHIFT_OBSERVER);
    const chunk = await holdTabsChunk(page);
    await openHome(page);
    // No interaction yet: the preview, and the tabs' code not asked for.
    expect(await previewShown(page)).toBe(2);
    expect(chunk.requested()).toBe(false);
    const before = await entryBoxes(page);
    expect(before).toHaveLength(5);

    // Typing in the URL field (the first interaction) fetches the tabs, but the field is not replaced under the fingers.
    const field = page.getByRole("textbox", { name: "Recipe URL" });
    await field.click();
    await expect.poll(chunk.requested).toBe(true);
    chunk.release();
    await page.keyboard.type("https://example.test/soup");
    await page.waitForLoadState("networkidle");
    expect(await previewShown(page)).toBe(2);
    expect(await field.inputValue()).toBe("https://example.test/soup");
    // Shifts so far come from elsewhere on the page (the added-recipes card's first interaction); the hand-over adds none.
    const shiftsBefore = (await shifts(page)).length;

    // Shift+Tab onto 'From URL': react-aria's tabs take over with the focus on the same tab, in the same boxes.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => previewShown(page)).toBe(0);
    await expect.poll(() => focusedTab(page)).toBe("From URL");
    expect(await page.locator(".entry-card .tabs__tab[data-focus-visible]").count()).toBe(1);
    expect(await entryBoxes(page)).toEqual(before);
    expect(await field.inputValue()).toBe("https://example.test/soup");
    const moved = (await shifts(page)).slice(shiftsBefore).filter((s) => s.value > 0);
    expect(moved, JSON.stringify(moved)).toEqual([]);

    // The real tabs work, and the URL typed before the hand-over is still there on the way back.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByRole("tab", { name: "Manual Entry" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("textbox", { name: "Recipe title" }).waitFor();
    await page.getByRole("tab", { name: "From URL" }).click();
    expect(await field.inputValue()).toBe("https://example.test/soup");
    expect(await axeSerious(page)).toEqual([]);
    expect(unexpected(problems)).toEqual(NONE);
    await context.close();
  }, 60_000);

  it("pass on a key or a tap made while their code is on its way", async () => {
    for (const how of ["key", "tap"] as const) {
      const context = await (await getBrowser()).newContext({
        baseURL: baseURL(),
        viewport: PHONE,
        hasTouch: how === "tap",
        isMobile: how === "tap",
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(String(err)));
      const chunk = await holdTabsChunk(page);
      await openHome(page);
      if (how === "key") {
        await page.getByRole("tab", { name: "From URL" }).focus();
        await expect.poll(chunk.requested).toBe(true);
        await page.keyboard.press("ArrowRight");
      } else {
        await page.getByRole("tab", { name: "Manual Entry" }).tap();
      }
      // Still the preview (the code is held), showing the visitor's choice and that the form is on its way.
      const manual = page.getByRole("tab", { name: "Manual Entry" });
      await expect.poll(() => manual.getAttribute("aria-selected"), { message: how }).toBe("true");
      expect(await previewShown(page), how).toBe(2);
      expect(await page.locator(".entry-card").getByText("Loading the form").count(), how).toBe(1);
      chunk.release();
      await page.getByRole("textbox", { name: "Recipe title" }).waitFor();
      expect(await previewShown(page), how).toBe(0);
      expect(await manual.getAttribute("aria-selected"), how).toBe("true");
      if (how === "key") expect(await focusedTab(page)).toBe("Manual Entry");
      expect(errors, how).toEqual([]);
      await done(page, context);
    }
  }, 60_000);
});
