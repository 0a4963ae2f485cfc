/**
 * Adding a recipe from a tab: the page as captured (POST /api/recipes/parse with {url, html}) or
 * a text selection (POST /api/recipes/manual). Each added page is remembered per app address and
 * account, so a second click on the same page shows the same recipe instead of adding it again.
 * Shared by the popup and the background (context menu).
 */
import browser from "webextension-polyfill";
import { ApiError } from "../../core/api/client.ts";
import type { Recipe } from "../../core/api/recipes.ts";
import { extensionApi } from "./api.ts";
import { capturePage, isCapturable } from "./capture.ts";
import { AddError } from "./errors.ts";
import { pageKey, selectionToRecipe } from "./recipe-text.ts";

/** What the popup shows of an added recipe. */
export interface AddedRecipe {
  id: string;
  title: string;
  source: string;
  ingredients: string[];
}

export interface AddOutcome {
  recipe: AddedRecipe;
  /** The same page (or selection) had been added before: nothing new was sent. */
  alreadyAdded: boolean;
  appOrigin: string;
}

export interface TabInfo {
  id: number;
  url?: string;
  title?: string;
}

export type Progress = "capturing" | "sending";

interface AddedEntry {
  key: string;
  recipe: AddedRecipe;
  at: number;
}

const ADDED_KEY = "added";
/** How many added pages are remembered (oldest forgotten first). */
const ADDED_MAX = 200;

function entryKey(appOrigin: string, account: string | null, page: string, selection?: string): string {
  return JSON.stringify([appOrigin, account ?? "", page, selection ?? ""]);
}

async function readAdded(): Promise<AddedEntry[]> {
  const got = await browser.storage.local.get(ADDED_KEY);
  const list = got[ADDED_KEY];
  return Array.isArray(list) ? (list as AddedEntry[]) : [];
}

async function findAdded(key: string): Promise<AddedRecipe | null> {
  return (await readAdded()).find((e) => e.key === key)?.recipe ?? null;
}

async function remember(key: string, recipe: AddedRecipe): Promise<void> {
  const list = (await readAdded()).filter((e) => e.key !== key);
  list.push({ key, recipe, at: Date.now() });
  await browser.storage.local.set({ [ADDED_KEY]: list.slice(-ADDED_MAX) });
}

function summary(r: Recipe): AddedRecipe {
  return { id: r.id, title: r.title, source: r.source, ingredients: r.ingredients };
}

/** The server's message for a failed call, or ours when it never answered. */
function toAddError(err: unknown, appOrigin: string): AddError {
  if (err instanceof AddError) return err;
  if (err instanceof ApiError) return new AddError(err.problem?.code ?? `http_${err.status}`, err.displayMessage, err);
  return new AddError("unreachable", `Could not reach recipecart at ${appOrigin}. Check your connection, or the app's address in the options.`, err);
}

/** The recipe already added from this page, if any (the popup shows it on open). */
export async function addedForPage(url: string): Promise<{ recipe: AddedRecipe; appOrigin: string } | null> {
  const { appOrigin, token } = await extensionApi();
  const recipe = await findAdded(entryKey(appOrigin, token, pageKey(url)));
  return recipe ? { recipe, appOrigin } : null;
}

/** Captures the tab's page and imports it. */
export async function addPage(tab: TabInfo, onProgress: (p: Progress) => void = () => {}): Promise<AddOutcome> {
  if (!isCapturable(tab.url)) throw new AddError("not_a_page", "This page cannot be added. Open a recipe page and try again.");
  const { api, appOrigin, token } = await extensionApi();
  const key = entryKey(appOrigin, token, pageKey(tab.url!));
  const known = await findAdded(key);
  if (known) return { recipe: known, alreadyAdded: true, appOrigin };
  onProgress("capturing");
  const html = await capturePage(tab.id);
  onProgress("sending");
  try {
    const recipe = summary(await api.recipes.parse({ url: tab.url!, html }));
    await remember(key, recipe);
    return { recipe, alreadyAdded: false, appOrigin };
  } catch (err) {
    throw toAddError(err, appOrigin);
  }
}

/** Imports a text selection as a manual recipe (first line the title, the rest ingredients). */
export async function addSelection(tab: TabInfo, text: string): Promise<AddOutcome> {
  const draft = selectionToRecipe(text, tab.title);
  if (!draft) throw new AddError("empty_selection", "Select the recipe's title and ingredients first.");
  const { api, appOrigin, token } = await extensionApi();
  const key = entryKey(appOrigin, token, pageKey(tab.url ?? ""), JSON.stringify(draft));
  const known = await findAdded(key);
  if (known) return { recipe: known, alreadyAdded: true, appOrigin };
  try {
    const recipe = summary(await api.recipes.manual({ title: draft.title, ingredients: draft.ingredients }));
    await remember(key, recipe);
    return { recipe, alreadyAdded: false, appOrigin };
  } catch (err) {
    throw toAddError(err, appOrigin);
  }
}
