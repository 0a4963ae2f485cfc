/**
 * `/?add=<recipeId>#edit=<token>`: the browser extension's 'Open my list' (and its context-menu
 * entry) opens the home page with the recipe it just imported. Once hydrated, the page checks the
 * id's shape, fetches the recipe, upserts it into the visitor's added recipes (an id already there
 * is replaced in place, never listed twice) and drops the parameter from the address. A recipe the
 * extension added while signed out comes with its edit token in the fragment (never sent to a
 * server): it is kept with the recipe like the web app's own tokens (decision 0013), so the
 * visitor can change or delete it here, and the fragment is dropped from the address too.
 *
 * `/#manual=1&title=…&caption=…`: the extension's 'Open in recipecart' for a post without a recipe
 * opens Manual Entry with the post's title and caption filled in (recipe-entry.tsx; decision 0024).
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, errorText } from "../../lib/api.ts";
import { upsertRecipe } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { toAddedRecipe } from "./to-added-recipe.ts";

export const ADD_PARAM = "add";
export const EDIT_FRAGMENT = "edit";

/** An edit token's shape (worker/lib/ids.ts newToken: 256 bits, base64url). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;
/** Longest caption taken from a link (the server sends at most 5000 characters). */
const CAPTION_MAX = 5000;
const TITLE_MAX = 200;

/** The edit token in the fragment (`#edit=…`), or null when absent or malformed. */
export function readEditFragment(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get(EDIT_FRAGMENT);
  return value && TOKEN_SHAPE.test(value) ? value : null;
}

/** The manual entry a link asks for (`#manual=1&title=…&caption=…`), or null. */
export function readManualFragment(hash: string): { title: string; caption: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.get("manual") !== "1") return null;
  return {
    title: (params.get("title") ?? "").trim().slice(0, TITLE_MAX),
    caption: (params.get("caption") ?? "").trim().slice(0, CAPTION_MAX),
  };
}

/** Same shape as the server's ids (worker/lib/ids.ts isWellFormedId). */
const ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** The recipe id named by `?add=`, "invalid" for a malformed one, null when absent. */
export function readAddParam(search: string): string | "invalid" | null {
  const value = new URLSearchParams(search).get(ADD_PARAM);
  if (value === null) return null;
  return ID_SHAPE.test(value) ? value : "invalid";
}

/** The search string without `add` ("" when nothing else is left). */
export function withoutAddParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ADD_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

export function useAddFromLink(hydrated: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    const id = readAddParam(location.search);
    if (id === null || handled.current === location.search) return;
    handled.current = location.search;
    const editToken = readEditFragment(location.hash);
    // The token leaves the address bar (and the history entry) as soon as it is read.
    const hash = new URLSearchParams(location.hash.replace(/^#/, "")).has(EDIT_FRAGMENT) ? "" : location.hash;
    const clear = () => void navigate({ search: withoutAddParam(location.search), hash }, { replace: true, preventScrollReset: true });
    if (id === "invalid") {
      toast({ title: "Error adding recipe", description: "This link does not name a recipe.", variant: "destructive" });
      clear();
      return;
    }
    void api.recipes.get(id).then(
      (recipe) => {
        upsertRecipe({ ...toAddedRecipe(recipe), ...(editToken ? { editToken } : {}) });
        clear();
      },
      (err: unknown) => {
        toast({ title: "Error adding recipe", description: errorText(err), variant: "destructive" });
        clear();
      },
    );
  }, [hydrated, location.search, location.hash, navigate]);
}
