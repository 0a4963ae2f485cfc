/**
 * The pages added so far, in the extension's storage: per app address, account and page (and,
 * for a selection, its text). Storage only, no API client: the popup reads it on open.
 */
import browser from "webextension-polyfill";
import { pageKey } from "./pages.ts";
import { getAppOrigin, getConnection } from "./settings.ts";

/** What the popup shows of an added recipe. */
export interface AddedRecipe {
  id: string;
  title: string;
  source: string;
  ingredients: string[];
  /**
   * Added as a visitor: the right to change the recipe (decision 0013), handed to the web app in
   * 'Open my list' (decision 0024). Kept in extension storage only.
   */
  editToken?: string;
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

/** The connected account (its e-mail), or null for the visitor. */
export async function accountKey(): Promise<string | null> {
  return (await getConnection())?.email ?? null;
}

export function entryKey(appOrigin: string, account: string | null, page: string, selection?: string): string {
  return JSON.stringify([appOrigin, account ?? "", page, selection ?? ""]);
}

async function readAdded(): Promise<AddedEntry[]> {
  const got = await browser.storage.local.get(ADDED_KEY);
  const list = got[ADDED_KEY];
  return Array.isArray(list) ? (list as AddedEntry[]) : [];
}

export async function findAdded(key: string): Promise<AddedRecipe | null> {
  return (await readAdded()).find((e) => e.key === key)?.recipe ?? null;
}

export async function remember(key: string, recipe: AddedRecipe): Promise<void> {
  const list = (await readAdded()).filter((e) => e.key !== key);
  list.push({ key, recipe, at: Date.now() });
  await browser.storage.local.set({ [ADDED_KEY]: list.slice(-ADDED_MAX) });
}

/** The recipe already added from this page, if any (the popup shows it on open). */
export async function addedForPage(url: string): Promise<{ recipe: AddedRecipe; appOrigin: string } | null> {
  const appOrigin = await getAppOrigin();
  const recipe = await findAdded(entryKey(appOrigin, await accountKey(), pageKey(url)));
  return recipe ? { recipe, appOrigin } : null;
}
