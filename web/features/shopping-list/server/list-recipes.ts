/**
 * A recipe added to a list already made (POST /api/shopping-lists/{id}/recipes, decision 0037): its lines are
 * combined as when a list is built (stored parses, the caller's staples and aisle corrections, the servings scale),
 * then each of its items joins the list's item of the same key that came from recipes and is not in the cart yet,
 * amounts combined ('3 eggs' and a recipe's '2 eggs' are '5 eggs'); any other item is a new row. An item added by
 * hand stays the shopper's own line, and one in the cart keeps the amount that was bought (the recipe's share is a
 * new row), as for two adds of the same item. The list's room runs it in its order and sends the patch to every
 * open page, so the amounts change live on the others' pages.
 */
import { LIST_RECIPES_MAX, type ShoppingList } from "../../../../core/api/lists.ts";
import { combineRecipes, type ListItem } from "../../../../core/combine/combine.ts";
import type { UnitChoice } from "../../../../core/combine/unit-choice.ts";
import { parseIngredient } from "../../../../core/ingredient/parse.ts";
import type { ParsedIngredient } from "../../../../core/ingredient/types.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { changeStatements, findRecipesForList, readRecipeAddState } from "./queries.ts";
import { loadUserRules, type UserRules } from "../../../../worker/db/user-staples.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { callerUserId, type Caller } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { getShoppingList, isStoredParse, requireChangeable } from "./service.ts";
import { may } from "../../../../worker/services/policy.ts";
import type { AppliedItem, AppliedPatch } from "./shopping.ts";

/** A list item as the merge needs it. */
interface Row {
  id: string;
  key: string;
  checked: boolean;
  addedByHand: boolean;
  amount: string;
  amounts: { quantity: number | null; unit: string | null }[];
  sources: { recipeId: string | null; recipe: string; line: string }[];
}

const unknownRecipe = (recipeId: string) =>
  new DomainError("invalid", "unknown_recipes", "Some recipes could not be found. Add them again and retry.", {
    errors: { recipeId: [`No recipe ${recipeId}`] },
  });

const amountsOf = (item: Pick<ListItem, "amounts">) => item.amounts.map((a) => ({ quantity: a.quantity, unit: a.unit }));
const titlesOf = (sources: { recipe: string }[]) => [...new Set(sources.map((s) => s.recipe).filter(Boolean))];

/**
 * Adds recipe `recipeId` (times `scale`) to the list for `caller`. A recipe already on the list changes nothing (the
 * same request sent twice adds it once). Answers the list in `units` (none for null), the patch for the open pages
 * (null when nothing changed) and the list's version.
 */
export async function addRecipeToList(
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  recipeId: string,
  scale: number | undefined,
  units: UnitChoice | null,
): Promise<{ list: ShoppingList | null; patch: AppliedPatch | null; version: number }> {
  await requireChangeable(db, caller, listId, editToken);
  const [recipe] = await findRecipesForList(db, [recipeId]);
  if (!recipe || !may(caller, "read", recipe)) throw unknownRecipe(recipeId);
  const { recipeRows, itemRows, versionRows } = await readRecipeAddState(db, listId);
  const onList = (recipeRows?.results ?? []).map((r) => ({ id: String(r.recipe_id), title: String(r.title) }));
  const current = Number(versionRows?.results[0]?.version ?? 0);
  const answer = async (patch: AppliedPatch | null, version: number) => {
    const list = units === null ? null : await getShoppingList(db, listId, units);
    if (units !== null && !list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
    return { list, patch, version };
  };
  if (onList.some((r) => r.id === recipe.id)) return answer(null, current);
  if (onList.length >= LIST_RECIPES_MAX) {
    throw new DomainError("conflict", "list_recipes_full", `A list takes at most ${LIST_RECIPES_MAX} recipes. Start a new list for more.`, {
      limit: LIST_RECIPES_MAX,
    });
  }
  const rows: Row[] = (itemRows?.results ?? []).map((r) => ({
    id: String(r.id),
    key: String(r.item_key),
    checked: Number(r.checked) === 1,
    addedByHand: Number(r.added_by_hand) === 1,
    amount: String(r.amount ?? ""),
    amounts: parseJson(r.amounts, []),
    sources: parseJson(r.sources, []),
  }));

  // The recipe's lines as a list of their own, as createShoppingList combines them.
  const stored = new Map<string, ParsedIngredient>();
  for (const line of recipe.ingredients) if (isStoredParse(line.parsed, line.text)) stored.set(line.text, line.parsed);
  const parse = (line: string) => stored.get(line) ?? parseIngredient(line);
  const rules = await loadUserRules(db, callerUserId(caller));
  const lines = recipe.ingredients.map((i) => i.text).filter((t) => t.trim());
  const own = combineRecipes([{ id: recipe.id, title: recipe.title, lines, scale }], { parse, staples: rules.staples });

  const version = current + 1;
  const sql = changeStatements(db, listId);
  const statements: D1PreparedStatement[] = [];
  const items: AppliedItem[] = [];
  for (const item of own.categories.flatMap((g) => g.items)) {
    const sources = item.sources.map((s) => ({ recipeId: s.recipeId ?? null, recipe: s.recipe, line: s.line }));
    const target = rows.find((r) => r.key === item.key && !r.addedByHand && !r.checked);
    const merged = target ? joined(target, item, { id: recipe.id, title: recipe.title, scale }, parse, rules.staples) : null;
    if (target && merged) {
      const allSources = [...target.sources, ...sources];
      statements.push(sql.setAmount(target.id, merged.text, JSON.stringify(amountsOf(merged)), JSON.stringify(allSources)));
      items.push({ id: target.id, amount: { text: merged.text, amounts: amountsOf(merged) }, recipes: titlesOf(allSources) });
      continue;
    }
    const id = newId();
    const category = rules.categories.get(item.key) ?? item.category;
    const notes = item.notes.length ? item.notes.join("; ") : null;
    statements.push(
      sql.addRecipeItem({
        id,
        category,
        key: item.key,
        name: item.name,
        amount: item.text,
        amountsJson: JSON.stringify(amountsOf(item)),
        notes,
        sourcesJson: JSON.stringify(sources),
        staple: item.staple,
      }),
    );
    items.push({
      id,
      category,
      name: item.name,
      amount: { text: item.text, amounts: amountsOf(item) },
      recipes: item.recipes,
      notes,
      checked: false,
      checkedAt: 0,
      staple: item.staple,
      addedByHand: false,
    });
  }
  const recipes = [...onList, { id: recipe.id, title: recipe.title }];
  statements.push(
    sql.linkRecipe(recipe.id, recipe.title),
    sql.setVersion(version),
    // The list's history-search row follows in the same batch (decision 0032).
    sql.searchRowItems(),
    sql.searchRowRecipes(),
  );
  await db.$client.batch(statements);
  return answer({ version, items, removed: [], aliases: [], done: [], missing: [], recipes }, version);
}

/**
 * The list's item `target` with the recipe's item of the same key added: the item's amounts so far (already scaled
 * and summed) and the recipe's lines for it, through the list combiner. Null when they do not come out as one item
 * of that key (the new item then gets a row of its own).
 */
function joined(
  target: Row,
  item: ListItem,
  recipe: { id: string; title: string; scale: number | undefined },
  parse: (line: string) => ParsedIngredient,
  staples: UserRules["staples"],
): ListItem | null {
  const lines = [...new Set(item.sources.map((s) => s.line))];
  const first = lines[0];
  if (!first) return null;
  // The item's amounts so far as lines of the same name as the recipe's (so they fold onto the same key).
  const like = parse(first);
  const so = target.amounts.length ? target.amounts : [{ quantity: null, unit: null }];
  const synthetic = new Map<string, ParsedIngredient>();
  so.forEach((a, n) => {
    const token = `\u0001so far ${n}`;
    const amounts = a.quantity === null ? [] : [{ quantity: a.quantity, quantityMax: null, unit: a.unit, text: "" }];
    synthetic.set(token, {
      ...like,
      input: token,
      quantity: a.quantity,
      quantityMax: null,
      unit: a.unit,
      amounts,
      optional: false,
      comment: null,
    });
  });
  // An item whose amount was typed over (an edit) has no amounts to add to: it keeps its row, the recipe gets one.
  if (!target.amounts.length && target.amount.trim()) return null;
  const combined = combineRecipes(
    [
      { title: "", lines: [...synthetic.keys()] },
      { id: recipe.id, title: recipe.title, lines, scale: recipe.scale },
    ],
    { parse: (line) => synthetic.get(line) ?? parse(line), staples },
  );
  return combined.categories.flatMap((g) => g.items).find((i) => i.key === target.key) ?? null;
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== "string") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
