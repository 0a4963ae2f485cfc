/**
 * `/?add=<recipeId>`: the browser extension's 'Open my list' (and its context-menu entry) opens the
 * home page with the recipe it just imported. Once hydrated, the page checks the id's shape,
 * fetches the recipe, upserts it into the visitor's added recipes (an id already there is
 * replaced in place, never listed twice) and drops the parameter from the address.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, errorText } from "../../lib/api.ts";
import { upsertRecipe } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { toAddedRecipe } from "./to-added-recipe.ts";

export const ADD_PARAM = "add";

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
    const clear = () =>
      void navigate({ search: withoutAddParam(location.search), hash: location.hash }, { replace: true, preventScrollReset: true });
    if (id === "invalid") {
      toast({ title: "Error adding recipe", description: "This link does not name a recipe.", variant: "destructive" });
      clear();
      return;
    }
    void api.recipes.get(id).then(
      (recipe) => {
        upsertRecipe(toAddedRecipe(recipe));
        clear();
      },
      (err: unknown) => {
        toast({ title: "Error adding recipe", description: errorText(err), variant: "destructive" });
        clear();
      },
    );
  }, [hydrated, location.search, location.hash, navigate]);
}
