/**
 * Shared e2e helper: recipes and a shopping list made through the API (POST /api/recipes/manual,
 * then POST /api/shopping-lists) with the page's own request context, so its cookies (a signed-in
 * session) apply. Signed out, the answer carries the list's edit token (decision 0013), which
 * `listEditTokenHeader` turns into the header a later change or delete needs. Calls name the app
 * as their Origin, as a browser does, so a signed-in (cookie) call passes the CSRF check. Also the
 * locators for a list's items on the list page, and adding a recipe by hand on the home page.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "./browser.ts";

export interface RecipeInput {
  title: string;
  ingredients: string[];
}

export interface ListJson {
  id: string;
  name: string;
  createdAt: string;
  recipes: { id: string; title: string }[];
  ingredients: Record<string, { id: string; name: string; amount: string; recipes: string[] }[]>;
  editToken?: string;
}

export const DEFAULT_RECIPES: RecipeInput[] = [{ title: "Pancakes", ingredients: ["2 cups flour", "3 eggs", "1 cup milk"] }];

/** Makes each recipe by hand entry and returns their ids, in order. */
export async function makeRecipes(page: Page, recipes: RecipeInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of recipes) {
    const res = await page.request.post("/api/recipes/manual", {
      data: { ...r, source: "manually added" },
      headers: { origin: baseURL() },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** Makes the recipes, then a list from them, and returns the list as the API answered it (201). */
export async function makeList(
  page: Page,
  { name = "Party Prep", recipes = DEFAULT_RECIPES }: { name?: string; recipes?: RecipeInput[] } = {},
): Promise<ListJson> {
  const recipeIds = await makeRecipes(page, recipes);
  const res = await page.request.post("/api/shopping-lists", { data: { name, recipeIds }, headers: { origin: baseURL() } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ListJson;
}

/** The header that proves a signed-out list's edit token (decision 0013); none for a signed-in user's list. */
export function listEditTokenHeader(list: Pick<ListJson, "editToken">): Record<string, string> {
  return list.editToken ? { "x-edit-token": list.editToken } : {};
}

/** Every ingredient line of a list as the API answered it, aisle after aisle. */
export const listItems = <I>(list: { ingredients: Record<string, I[]> }): I[] => Object.values(list.ingredients).flat();

/** On the list page: the aisle (or 'You probably have') section whose heading starts with `title`. */
export const listGroup = (page: Page, title: string): Locator =>
  page.locator("section.list__category", { has: page.getByRole("heading", { name: new RegExp(`^${title}`) }) });

/** On the list page: the item whose name matches. */
export const listRow = (page: Page, name: RegExp): Locator =>
  page.locator("li.list__item", { has: page.locator(".list__name", { hasText: name }) });

/** On the home page: the recipes added so far ('Your recipes'). */
export const addedList = (page: Page): Locator => page.getByRole("region", { name: /Your recipes/ }).locator(".added__item");

/** On the home page: adds a recipe by Manual Entry and waits until it is listed. */
export async function addManual(page: Page, title: string, ingredients: string): Promise<void> {
  await page.getByRole("tab", { name: "Manual Entry" }).click();
  await page.getByRole("textbox", { name: "Recipe title" }).fill(title);
  await page.getByRole("textbox", { name: "Ingredients" }).fill(ingredients);
  await page.getByRole("button", { name: "Add Recipe" }).click();
  await addedList(page).filter({ hasText: title }).waitFor();
}

/**
 * The list page where WebSockets do not get through (decision 0037's fallback): every socket to a
 * list's live channel closes before the server's hello, so the page keeps to its HTTP queue of changes.
 */
export async function withoutLiveChannel(target: Page | BrowserContext): Promise<void> {
  await target.routeWebSocket(/\/api\/shopping-lists\/[^/]+\/live/, (ws) => ws.close());
}
