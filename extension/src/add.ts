/**
 * Adding a recipe from a tab: the page as captured (POST /api/recipes/parse with {url, html}) or
 * a text selection (POST /api/recipes/manual). Each added page is remembered (added-store.ts), so
 * a second click on the same page shows the same recipe instead of adding it again. Shared by the
 * popup (loaded on the first click, it brings the API client and zod) and the background.
 */
import { ApiError } from "../../core/api/client.ts";
import type { Recipe } from "../../core/api/recipes.ts";
import { extensionApi } from "./api.ts";
import { capturePage } from "./capture.ts";
import { AddError, type PostForManualEntry } from "./errors.ts";
import {
  accountKey,
  entryKey,
  findAdded,
  remember,
  type AddedRecipe,
  type AddOutcome,
  type Progress,
  type TabInfo,
} from "./added-store.ts";
import { isCapturable, pageKey } from "./pages.ts";
import { selectionToRecipe } from "./recipe-text.ts";
import { t } from "./i18n.ts";

export type { AddedRecipe, AddOutcome, Progress, TabInfo };

function summary(r: Recipe): AddedRecipe {
  return { id: r.id, title: r.title, source: r.source, ingredients: r.ingredients, ...(r.editToken ? { editToken: r.editToken } : {}) };
}

/** The caption and title of a no_recipe_in_post answer, for a manual entry; null for any other problem. */
function postOf(problem: Record<string, unknown> | null | undefined): PostForManualEntry | null {
  if (problem?.code !== "no_recipe_in_post") return null;
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return { title: text(problem.title), caption: text(problem.caption) };
}

/** The server's message for a failed call, or ours when it never answered. */
function toAddError(err: unknown, appOrigin: string): AddError {
  if (err instanceof AddError) return err;
  if (err instanceof ApiError) {
    return new AddError(err.problem?.code ?? `http_${err.status}`, err.displayMessage, err, postOf(err.problem));
  }
  return new AddError("unreachable", t("errUnreachable", { origin: appOrigin }), err);
}

/** Captures the tab's page and imports it. */
export async function addPage(tab: TabInfo, onProgress: (p: Progress) => void = () => {}): Promise<AddOutcome> {
  const url = tab.url;
  if (url === undefined || !isCapturable(url)) throw new AddError("not_a_page", t("errNotAPage"));
  const { api, appOrigin } = await extensionApi();
  const account = await accountKey();
  const key = entryKey(appOrigin, account, pageKey(url));
  const known = await findAdded(key);
  if (known) return { recipe: known, alreadyAdded: true, appOrigin };
  onProgress("capturing");
  const html = await capturePage(tab.id);
  onProgress("sending");
  try {
    const recipe = summary(await api.recipes.parse({ url, html }));
    await remember(key, recipe);
    return { recipe, alreadyAdded: false, appOrigin };
  } catch (err) {
    throw toAddError(err, appOrigin);
  }
}

/** Imports a text selection as a manual recipe (first line the title, the rest ingredients). */
export async function addSelection(tab: TabInfo, text: string): Promise<AddOutcome> {
  const draft = selectionToRecipe(text, tab.title);
  if (!draft) throw new AddError("empty_selection", t("errEmptySelection"));
  const { api, appOrigin } = await extensionApi();
  const account = await accountKey();
  const key = entryKey(appOrigin, account, pageKey(tab.url ?? ""), JSON.stringify(draft));
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
