/**
 * Shopping mode: changes made on a list page while shopping — ticks, hand-typed items,
 * edits, category moves, staples — sent one at a time or as a queued offline batch, and the signed-in
 * user's own rules (categories and staples) that later lists follow. Who may change a list is the one
 * policy (worker/services/policy.ts): its owner, or the browser holding a signed-out list's edit token.
 * Decisions: docs/decisions/0028-pantry-staples.md, 0029-list-page.md.
 */
import { LIST_ADDED_ITEMS_MAX, type ShoppingList } from "../../../../core/api/lists.ts";
import { STAPLES_MAX } from "../../../../core/api/staples.ts";
import type { ListPatch } from "../../../../core/api/live.ts";
import type { ListChange } from "../../../../core/api/shopping.ts";
import { categorise } from "../../../../core/categorise/categorise.ts";
import { combineRecipes, type ListItem } from "../../../../core/combine/combine.ts";
import { amountInUnits, type UnitChoice } from "../../../../core/combine/unit-choice.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { changeStatements, deleteOpsBefore, readChangeState } from "./queries.ts";
import { loadUserRules, NO_RULES, type UserRules } from "../../../../worker/db/user-staples.ts";
import type { Caller } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { getShoppingList, requireChangeable } from "./service.ts";

/** How far ahead of the server's clock a tap time may be (a phone's clock a little fast). */
export const TAP_CLOCK_SKEW_MS = 5 * 60_000;

/** One hand-typed line as a list item: parsed and categorised by the same engine as recipe lines. */
export function parseTypedItem(text: string, rules: UserRules = NO_RULES): Omit<ListItem, "sources" | "recipes" | "optional"> {
  const line = text.trim();
  const combined = combineRecipes([{ title: "", lines: [line] }], { staples: rules.staples });
  const first = combined.categories[0]?.items[0];
  if (first && combined.categories.flatMap((c) => c.items).length === 1) {
    return { ...first, category: rules.categories.get(first.key) ?? first.category };
  }
  // Not one parseable item ("salt and pepper", "water", a lone word the parser cannot name): keep it as typed.
  const key = line.toLowerCase().replace(/\s+/g, " ");
  return {
    key,
    name: line,
    category: rules.categories.get(key) ?? categorise(line),
    text: "",
    amounts: [],
    notes: [],
    staple: false,
  };
}

/**
 * The refusal (409 `list_full`) of a batch whose new hand-typed items would take the list past
 * LIST_ADDED_ITEMS_MAX (decision 0029). Only adds that make a row count: a queued add sent again, or an
 * add that joins an item already there (decision 0037), is not new. The insert itself also stops at
 * the cap, so two batches racing cannot pass it.
 */
function listFull(added: number): DomainError {
  return new DomainError(
    "conflict",
    "list_full",
    `This list already has ${added} items added by hand; a list takes at most ${LIST_ADDED_ITEMS_MAX}. Start a new list for more.`,
    { limit: LIST_ADDED_ITEMS_MAX },
  );
}

/** An item as the merge needs it (the list's items are read once per batch). */
interface ItemState {
  id: string;
  key: string;
  checked: boolean;
  staple: boolean;
  addedByHand: boolean;
  amount: string;
  amounts: { quantity: number | null; unit: string | null }[];
  /** Typed lines an added item was made of (its sources' lines). */
  lines: string[];
  name: string;
}

/** An item's changed fields as applied, before they are shown in a reader's units (see `patchInUnits`). */
export interface AppliedItem {
  id: string;
  category?: string;
  name?: string;
  /** The amount as stored: shown in each reader's unit choice. */
  amount?: { text: string; amounts: { quantity: number | null; unit: string | null }[] };
  recipes?: string[];
  notes?: string | null;
  checked?: boolean;
  checkedAt?: number;
  staple?: boolean;
  addedByHand?: boolean;
}

/** What a batch changed (decision 0037): what the live channel sends every open page. */
export interface AppliedPatch extends Omit<ListPatch, "items"> {
  items: AppliedItem[];
}

/** The patch as a reader with this unit choice sees it. */
export function patchInUnits(patch: AppliedPatch, units: UnitChoice): ListPatch {
  return {
    ...patch,
    items: patch.items.map(({ amount, ...rest }) =>
      amount === undefined ? rest : { ...rest, amount: amountInUnits(amount.text, amount.amounts, units) },
    ),
  };
}

/**
 * Several typed lines as one item ('1 l milk' and '2 l milk' -> '3 l milk'), by the same combiner as
 * recipe lines; null when they do not make exactly one item.
 */
export function combineTypedLines(lines: string[], rules: UserRules = NO_RULES): Omit<ListItem, "sources" | "recipes" | "optional"> | null {
  const combined = combineRecipes([{ title: "", lines }], { staples: rules.staples });
  const items = combined.categories.flatMap((c) => c.items);
  const [first] = items;
  if (!first || items.length !== 1) return null;
  return { ...first, category: rules.categories.get(first.key) ?? first.category };
}

const amountsOf = (item: Pick<ListItem, "amounts">) => item.amounts.map((a) => ({ quantity: a.quantity, unit: a.unit }));

/**
 * Applies a batch of changes in order, in one D1 batch (decision 0037), and answers the list after
 * them with the patch the live channel sends. The rules:
 * - the server's order decides: each change sets only its own fields of its item, and the later
 *   change of a field wins (a tick sent late by a phone that was offline wins over an earlier one);
 * - an operation id already applied is not applied again (a resend after a lost answer);
 * - a removed item is recorded: a change or an add naming it later is skipped and reported in
 *   `missing`, so no stale device brings it back;
 * - an add whose item is already on the list, added by hand and not yet in the cart ('milk' typed on
 *   two phones at once) joins that item, amounts combined; its id becomes an alias of it.
 * The list's live room runs one batch at a time, so reading the list's state first is safe.
 */
export async function applyListChanges(
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  changes: ListChange[],
  /** The unit choice of the answer's list; null: no list in the answer. */
  units: UnitChoice | null = "as-written",
  now = Date.now(),
): Promise<{ list: ShoppingList | null; missing: string[]; patch: AppliedPatch | null; done: string[]; version: number }> {
  await requireChangeable(db, caller, listId, editToken);
  const userId = caller.user?.id ?? null;
  const rules = changes.some((c) => c.op === "add") ? await loadUserRules(db, userId) : NO_RULES;
  const opIds = [...new Set(changes.flatMap((c) => (c.opId ? [c.opId] : [])))];
  const itemIds = [...new Set(changes.map((c) => c.itemId))];
  const { appliedRows, removedRows, aliasRows, itemRows, versionRows } = await readChangeState(db, listId, opIds, itemIds);
  const sql = changeStatements(db, listId);
  const applied = new Set((appliedRows?.results ?? []).map((r) => String(r.op_id)));
  const removed = new Set((removedRows?.results ?? []).map((r) => String(r.item_id)));
  const alias = new Map((aliasRows?.results ?? []).map((r) => [String(r.alias_id), String(r.item_id)]));
  const items = new Map<string, ItemState>();
  for (const r of itemRows?.results ?? []) {
    const sources = parseJson<{ line?: unknown }[]>(r.sources, []);
    items.set(String(r.id), {
      id: String(r.id),
      key: String(r.item_key),
      name: String(r.name),
      checked: Number(r.checked) === 1,
      staple: Number(r.staple) === 1,
      addedByHand: Number(r.added_by_hand) === 1,
      amount: String(r.amount ?? ""),
      amounts: parseJson(r.amounts, []),
      lines: sources.flatMap((x) => (typeof x.line === "string" && x.line ? [x.line] : [])),
    });
  }
  const version = Number(versionRows?.results[0]?.version ?? 0) + 1;
  // Rows added by hand as the batch goes (an add makes one, a removal frees one): the cap counts rows.
  const byHandBefore = [...items.values()].filter((i) => i.addedByHand).length;
  let byHand = byHandBefore;

  const statements: D1PreparedStatement[] = [];
  const patchItems = new Map<string, AppliedItem>();
  const patchOf = (id: string) => {
    let p = patchItems.get(id);
    if (!p) patchItems.set(id, (p = { id }));
    return p;
  };
  const removedNow: string[] = [];
  const aliasesNow: [string, string][] = [];
  const missing = new Set<string>();
  const done: string[] = [];
  const seen = new Set<string>();
  let searchRow = false;

  for (const c of changes) {
    if (c.opId) {
      done.push(c.opId);
      if (applied.has(c.opId) || seen.has(c.opId)) continue;
      seen.add(c.opId);
    }
    const id = alias.get(c.itemId) ?? c.itemId;
    if (c.op === "add") {
      if (removed.has(id)) {
        missing.add(c.itemId);
        continue;
      }
      if (items.has(id)) continue; // the same add sent again
      const typed = parseTypedItem(c.text, rules);
      const target = [...items.values()].find((i) => i.key === typed.key && i.addedByHand && !i.checked && !i.staple);
      // The item's own typed lines (an edited one: its amount and name as they read now) and this one.
      const lines = target ? [...(target.lines.length ? target.lines : [`${target.amount} ${target.name}`.trim()]), c.text.trim()] : [];
      const merged = target ? combineTypedLines(lines, rules) : null;
      if (target && merged) {
        statements.push(
          sql.setAmount(target.id, merged.text, JSON.stringify(amountsOf(merged)), JSON.stringify(typedSources(lines))),
          sql.addAlias(c.itemId, target.id),
        );
        Object.assign(target, { amount: merged.text, amounts: amountsOf(merged), lines });
        alias.set(c.itemId, target.id);
        aliasesNow.push([c.itemId, target.id]);
        patchOf(target.id).amount = { text: merged.text, amounts: amountsOf(merged) };
        continue;
      }
      byHand += 1;
      if (byHand > LIST_ADDED_ITEMS_MAX) throw listFull(byHandBefore);
      statements.push(
        sql.addTypedItem(
          {
            id: c.itemId,
            category: typed.category,
            key: typed.key,
            name: typed.name,
            amount: typed.text,
            amountsJson: JSON.stringify(amountsOf(typed)),
            notes: typed.notes.length ? typed.notes.join("; ") : null,
            staple: typed.staple,
            sourcesJson: JSON.stringify(typedSources([c.text.trim()])),
          },
          LIST_ADDED_ITEMS_MAX,
        ),
      );
      items.set(c.itemId, {
        id: c.itemId,
        key: typed.key,
        name: typed.name,
        checked: false,
        staple: typed.staple,
        addedByHand: true,
        amount: typed.text,
        amounts: amountsOf(typed),
        lines: [c.text.trim()],
      });
      patchItems.set(c.itemId, {
        id: c.itemId,
        category: typed.category,
        name: typed.name,
        amount: { text: typed.text, amounts: amountsOf(typed) },
        recipes: [],
        notes: typed.notes.length ? typed.notes.join("; ") : null,
        checked: false,
        checkedAt: 0,
        staple: typed.staple,
        addedByHand: true,
      });
      searchRow = true;
      continue;
    }
    const item = items.get(id);
    if (!item || removed.has(id)) {
      missing.add(c.itemId);
      continue;
    }
    switch (c.op) {
      case "tick": {
        // The server's order decides (decision 0037); the tap time is kept for display, held near the server's clock.
        const at = Math.min(c.at, now + TAP_CLOCK_SKEW_MS);
        statements.push(sql.tick(id, c.checked, at));
        item.checked = c.checked;
        Object.assign(patchOf(id), { checked: c.checked, checkedAt: at });
        break;
      }
      case "edit":
        // A typed amount is shown as typed: no machine amounts to convert.
        statements.push(sql.edit(id, c.name, c.amount));
        Object.assign(item, { name: c.name, amount: c.amount, amounts: [], lines: [] });
        Object.assign(patchOf(id), { name: c.name, amount: { text: c.amount, amounts: [] } });
        searchRow = true;
        break;
      case "move":
        statements.push(sql.move(id, c.category));
        // Remembered for this user: the next list with this item puts it here (decision 0029).
        if (userId) statements.push(sql.rememberCategory(userId, id, c.category, now));
        patchOf(id).category = c.category;
        break;
      case "staple":
        statements.push(sql.staple(id, c.staple));
        if (userId && c.remember) statements.push(...sql.rememberStaple(userId, id, c.staple, now, STAPLES_MAX));
        item.staple = c.staple;
        patchOf(id).staple = c.staple;
        break;
      case "remove":
        statements.push(...sql.remove(id, version));
        if (item.addedByHand) byHand -= 1;
        items.delete(id);
        removed.add(id);
        patchItems.delete(id);
        removedNow.push(id);
        searchRow = true;
        break;
    }
  }
  const fresh = opIds.filter((o) => seen.has(o));
  if (statements.length || fresh.length) {
    statements.push(sql.setVersion(version));
    if (fresh.length) statements.push(sql.recordOps(version, fresh));
    // Added, renamed or removed items: the list's history-search row follows in the same batch (decision 0032).
    if (searchRow) statements.push(sql.searchRowItems());
    await db.$client.batch(statements);
  }
  // The whole list only for a caller that answers with it (POST .../changes); a socket's batch needs only the patch.
  const list = units === null ? null : await getShoppingList(db, listId, units);
  if (units !== null && !list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  const changed = statements.length > 0;
  const patch: AppliedPatch | null = changed
    ? { version, items: [...patchItems.values()], removed: removedNow, aliases: aliasesNow, done, missing: [...missing] }
    : null;
  return { list, missing: [...missing], patch, done, version: changed ? version : version - 1 };
}

/** How long an applied operation id is remembered (decision 0037). */
export const OP_IDS_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/** Forgets applied operation ids older than OP_IDS_KEPT_MS (the scheduled job). */
export async function deleteOldOpIds(db: Db, now = Date.now()): Promise<void> {
  await deleteOpsBefore(db, now - OP_IDS_KEPT_MS);
}

/** The sources of an item typed in by hand: its typed lines, under no recipe. */
function typedSources(lines: string[]): { recipeId: null; recipe: string; line: string }[] {
  return lines.map((line) => ({ recipeId: null, recipe: "", line }));
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== "string") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
