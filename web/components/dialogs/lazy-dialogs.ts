/**
 * The cards' and the favourites tab's dialogs, loaded on demand (decision 0034): the dialog code and its
 * stylesheet (dialogs.css) are not part of a page that only shows the cards, so no page that lists
 * favourites or history waits on a stylesheet or on dialog code before its first paint.
 */
import { lazyPart } from "../../lib/lazy-part.ts";

export const listViewDialog = lazyPart(() => import("./list-view-dialog.tsx").then((m) => m.ListViewDialog));
export const recipeViewDialog = lazyPart(() => import("./recipe-view-dialog.tsx").then((m) => m.RecipeViewDialog));
export const afterCreateDialog = lazyPart(() => import("./after-create-dialog.tsx").then((m) => m.AfterCreateDialog));
