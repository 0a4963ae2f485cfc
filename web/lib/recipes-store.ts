/**
 * The visitor's added recipes (docs/product/behaviour.md): add upserts by id, remove by id. Kept in local storage
 * so the list survives a reload, and shared by components through useSyncExternalStore. The id
 * of the last generated list is kept too: it switches the home page to the list view.
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from "react";
import { clampScale } from "../../core/recipe/scale.ts";

/** A recipe as the client keeps it (the API's recipe answer, ingredients as strings). */
export interface AddedRecipe {
  id: string;
  title: string;
  url?: string | null;
  source: string;
  ingredients: string[];
  /** The right to change this recipe while signed out, from its create answer (decision 0013). */
  editToken?: string;
  /** The page's yield as written ("4 servings"); absent for recipes typed in by hand. */
  yields?: string | null;
  /** The servings factor chosen on the home page (x0.5, x2, wanted / given servings); absent means 1. */
  scale?: number;
}

export interface RecipesState {
  recipes: AddedRecipe[];
  lastListId: string | null;
}

export const RECIPES_STORAGE_KEY = "recipecart:recipes";
export const LAST_LIST_STORAGE_KEY = "recipecart:last-list";
/** Edit tokens of the lists this browser made while signed out: { [listId]: token } (decision 0013). */
export const LIST_TOKENS_STORAGE_KEY = "recipecart:list-tokens";

const EMPTY: RecipesState = { recipes: [], lastListId: null };
let state: RecipesState | null = null;
const listeners = new Set<() => void>();

function load(): RecipesState {
  try {
    const raw = JSON.parse(localStorage.getItem(RECIPES_STORAGE_KEY) ?? "[]") as unknown;
    const recipes = Array.isArray(raw) ? raw.filter(isRecipe) : [];
    return { recipes, lastListId: localStorage.getItem(LAST_LIST_STORAGE_KEY) };
  } catch {
    return EMPTY;
  }
}

function isRecipe(value: unknown): value is AddedRecipe {
  const r = value as AddedRecipe;
  return !!r && typeof r.id === "string" && typeof r.title === "string" && Array.isArray(r.ingredients);
}

function snapshot(): RecipesState {
  if (typeof localStorage === "undefined") return EMPTY;
  state ??= load();
  return state;
}

function set(next: RecipesState) {
  state = next;
  try {
    localStorage.setItem(RECIPES_STORAGE_KEY, JSON.stringify(next.recipes));
    if (next.lastListId) localStorage.setItem(LAST_LIST_STORAGE_KEY, next.lastListId);
    else localStorage.removeItem(LAST_LIST_STORAGE_KEY);
  } catch {
    // Storage full or blocked (private mode): the list still works for this visit.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the list.
  const onStorage = (e: StorageEvent) => {
    if (e.key === RECIPES_STORAGE_KEY || e.key === LAST_LIST_STORAGE_KEY) {
      state = load();
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Adds a recipe, or replaces the one with the same id in place. */
export function upsertRecipe(recipe: AddedRecipe): void {
  const { recipes, lastListId } = snapshot();
  const at = recipes.findIndex((r) => r.id === recipe.id);
  // An edit answer carries no edit token and no scale: keep the create answer's token and the chosen scale.
  const keep = (old: AddedRecipe): AddedRecipe => ({
    ...recipe,
    ...(!recipe.editToken && old.editToken ? { editToken: old.editToken } : {}),
    ...(recipe.scale === undefined && old.scale !== undefined ? { scale: old.scale } : {}),
  });
  const next = at < 0 ? [...recipes, recipe] : recipes.map((r, i) => (i === at ? keep(r) : r));
  set({ recipes: next, lastListId });
}

/** Removes the recipe with this id (nothing when there is none). */
export function removeRecipe(id: string): void {
  const { recipes, lastListId } = snapshot();
  set({ recipes: recipes.filter((r) => r.id !== id), lastListId });
}

/** Puts a removed recipe back at its old position (Undo); nothing when it is already there. */
export function restoreRecipe(recipe: AddedRecipe, index: number): void {
  const { recipes, lastListId } = snapshot();
  if (recipes.some((r) => r.id === recipe.id)) return;
  const at = Math.max(0, Math.min(index, recipes.length));
  set({ recipes: [...recipes.slice(0, at), recipe, ...recipes.slice(at)], lastListId });
}

/**
 * Remembers the servings factor chosen for an added recipe (1 forgets it); kept with the recipe, so a
 * reload keeps it. Nothing when the recipe is not in the list.
 */
export function setRecipeScale(id: string, scale: number): void {
  const { recipes, lastListId } = snapshot();
  const at = recipes.findIndex((r) => r.id === id);
  const old = recipes[at];
  if (!old) return;
  const value = clampScale(scale);
  if ((old.scale ?? 1) === value) return;
  const { scale: _old, ...rest } = old;
  const next: AddedRecipe = value === 1 ? rest : { ...rest, scale: value };
  set({ recipes: recipes.map((r, i) => (i === at ? next : r)), lastListId });
}

/** The `scales` of POST /api/shopping-lists for these recipes: only the ones not at 1; undefined when none. */
export function scalesFor(recipes: readonly AddedRecipe[]): Record<string, number> | undefined {
  const entries = recipes.flatMap((r) => {
    const scale = clampScale(r.scale);
    return scale === 1 ? [] : [[r.id, scale] as const];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Remembers the list just generated. */
export function setLastListId(id: string | null): void {
  set({ ...snapshot(), lastListId: id });
}

/** The added recipes and last list id; empty during server render and hydration. */
export function useRecipesState(): RecipesState {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** True once a component reading the store has committed in the browser (hydration is over). */
let hydrated = false;

/**
 * One value of the store for a component (decision 0017). Rendered during hydration it starts empty, like
 * the server's HTML, and the saved value follows in a transition: React renders that in slices between
 * which the browser can respond, where useSyncExternalStore's server snapshot would make React render the
 * whole page's difference at once, in the same task as hydration. Mounted later (a client navigation),
 * it starts with the saved value. Changes after that render at once.
 */
function useStoreValue<T>(read: (s: RecipesState) => T): { value: T; saved: boolean } {
  const [duringHydration] = useState(() => !hydrated && typeof window !== "undefined");
  const [current, setCurrent] = useState(() =>
    duringHydration || typeof window === "undefined" ? { value: read(EMPTY), saved: false } : { value: read(snapshot()), saved: true },
  );
  useEffect(() => {
    hydrated = true;
    const update = () => setCurrent({ value: read(snapshot()), saved: true });
    if (duringHydration) startTransition(update);
    else update();
    return subscribe(update);
  }, [duringHydration, read]);
  return current;
}

const readRecipes = (s: RecipesState) => s.recipes;
const readLastListId = (s: RecipesState) => s.lastListId;

/**
 * The added recipes alone: a component that shows only the recipes does not render again when the last
 * list changes, and the reverse (decision 0017). `saved` is false while the value is still the server's
 * (empty), during hydration and until the transition with the saved recipes has rendered.
 */
export function useAddedRecipes(): { recipes: AddedRecipe[]; saved: boolean } {
  const { value, saved } = useStoreValue(readRecipes);
  return { recipes: value, saved };
}

/** The last generated list's id alone (null during server render and hydration). */
export function useLastListId(): string | null {
  return useStoreValue(readLastListId).value;
}

/** The added recipes now, for an event handler that only reads them (no re-render when they change). */
export function currentRecipes(): readonly AddedRecipe[] {
  return snapshot().recipes;
}

function readListTokens(): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(LIST_TOKENS_STORAGE_KEY) ?? "{}") as unknown;
    if (!raw || typeof raw !== "object") return {};
    return Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  } catch {
    return {};
  }
}

function writeListTokens(tokens: Record<string, string>): void {
  try {
    if (Object.keys(tokens).length) localStorage.setItem(LIST_TOKENS_STORAGE_KEY, JSON.stringify(tokens));
    else localStorage.removeItem(LIST_TOKENS_STORAGE_KEY);
  } catch {
    // Storage blocked: the list can still be read; changing it needs a signed-in owner.
  }
}

/** Keeps the edit token of a list this browser just made while signed out. */
export function rememberListToken(listId: string, token: string | undefined): void {
  if (!token || typeof localStorage === "undefined") return;
  writeListTokens({ ...readListTokens(), [listId]: token });
}

/** The edit token this browser holds for a list, if it made it while signed out. */
export function listEditToken(listId: string): string | undefined {
  if (typeof localStorage === "undefined") return undefined;
  return readListTokens()[listId];
}

/** What this browser made while signed out, with the tokens that prove it (sent on sign-in). */
export function visitorClaim(): { recipes: { id: string; editToken: string }[]; lists: { id: string; editToken: string }[] } {
  const recipes = snapshot().recipes.flatMap((r) => (r.editToken ? [{ id: r.id, editToken: r.editToken }] : []));
  const lists = typeof localStorage === "undefined" ? [] : Object.entries(readListTokens()).map(([id, editToken]) => ({ id, editToken }));
  return { recipes, lists };
}

/** After a claim: the account owns these now, so the tokens are spent. */
export function forgetEditTokens(): void {
  const { recipes, lastListId } = snapshot();
  set({ recipes: recipes.map(({ editToken: _spent, ...r }) => r), lastListId });
  writeListTokens({});
}
