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
import { SEARCH_ROW_ITEMS_UPDATE } from "./queries.ts";
import { BUILT_IN_STAPLES_JSON, loadUserRules, NO_RULES, roomForOwnStapleSql, type UserRules } from "../../../../worker/db/user-staples.ts";
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

/**
 * 'I always have this' on a list item, remembered for the user (decisions 0028, 0028): on, its key
 * becomes their staple while they keep fewer than STAPLES_MAX of their own (past that only this list
 * changes; the dashboard says why when they add one there); off, a built-in key is turned off for
 * them and any other key's rule goes.
 */
function rememberStaple(
  d1: D1Database,
  userId: string,
  listId: string,
  itemId: string,
  staple: boolean,
  now: number,
): D1PreparedStatement[] {
  const item = "(select item_key from shopping_list_items where list_id = ?2 and id = ?3)";
  if (staple) {
    return [
      d1
        .prepare(
          `insert into user_staples (user_id, item_key, have, updated_at)
           select ?1, item_key, 1, ?4 from shopping_list_items
           where list_id = ?2 and id = ?3
             and (item_key in (select value from json_each(?6))
                  or exists (select 1 from user_staples where user_id = ?1 and item_key = ${item})
                  or ${roomForOwnStapleSql("?5", "?6")})
           on conflict (user_id, item_key) do update set have = 1, updated_at = excluded.updated_at`,
        )
        .bind(userId, listId, itemId, now, STAPLES_MAX, BUILT_IN_STAPLES_JSON),
    ];
  }
  return [
    d1
      .prepare(
        `insert into user_staples (user_id, item_key, have, updated_at)
         select ?1, item_key, 0, ?4 from shopping_list_items
         where list_id = ?2 and id = ?3 and item_key in (select value from json_each(?5))
         on conflict (user_id, item_key) do update set have = 0, updated_at = excluded.updated_at`,
      )
      .bind(userId, listId, itemId, now, BUILT_IN_STAPLES_JSON),
    d1
      .prepare(`delete from user_staples where user_id = ?1 and item_key = ${item} and item_key not in (select value from json_each(?4))`)
      .bind(userId, listId, itemId, BUILT_IN_STAPLES_JSON),
  ];
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
  const d1 = db.$client;

  const opIds = [...new Set(changes.flatMap((c) => (c.opId ? [c.opId] : [])))];
  const itemIds = [...new Set(changes.map((c) => c.itemId))];
  const [appliedRows, removedRows, aliasRows, itemRows, versionRows] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare("select op_id from list_ops where list_id = ?1 and op_id in (select value from json_each(?2))")
      .bind(listId, JSON.stringify(opIds)),
    d1
      .prepare("select item_id from list_removed_items where list_id = ?1 and item_id in (select value from json_each(?2))")
      .bind(listId, JSON.stringify(itemIds)),
    d1
      .prepare("select alias_id, item_id from list_item_aliases where list_id = ?1 and alias_id in (select value from json_each(?2))")
      .bind(listId, JSON.stringify(itemIds)),
    d1
      .prepare(
        `select id, item_key, name, amount, amounts, sources, checked, staple, added_by_hand from shopping_list_items where list_id = ?1`,
      )
      .bind(listId),
    d1.prepare("select version from shopping_lists where id = ?1").bind(listId),
  ]);
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
          d1
            .prepare("update shopping_list_items set amount = ?1, amounts = ?2, sources = ?3 where list_id = ?4 and id = ?5")
            .bind(merged.text, JSON.stringify(amountsOf(merged)), JSON.stringify(typedSources(lines)), listId, target.id),
          d1
            .prepare("insert or ignore into list_item_aliases (list_id, alias_id, item_id) values (?1, ?2, ?3)")
            .bind(listId, c.itemId, target.id),
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
        d1
          .prepare(
            `insert or ignore into shopping_list_items
               (id, list_id, category, item_key, name, amount, amounts, notes, sources, position, checked, checked_at, added_by_hand, staple)
             select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?11,
               (select coalesce(max(position), -1) + 1 from shopping_list_items where list_id = ?2), 0, 0, 1, ?9
             where (select count(*) from shopping_list_items where list_id = ?2 and added_by_hand = 1) < ?10`,
          )
          .bind(
            c.itemId,
            listId,
            typed.category,
            typed.key,
            typed.name,
            typed.text,
            JSON.stringify(amountsOf(typed)),
            typed.notes.length ? typed.notes.join("; ") : null,
            typed.staple ? 1 : 0,
            LIST_ADDED_ITEMS_MAX,
            JSON.stringify(typedSources([c.text.trim()])),
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
        statements.push(
          d1
            .prepare("update shopping_list_items set checked = ?1, checked_at = ?2 where list_id = ?3 and id = ?4")
            .bind(c.checked ? 1 : 0, at, listId, id),
        );
        item.checked = c.checked;
        Object.assign(patchOf(id), { checked: c.checked, checkedAt: at });
        break;
      }
      case "edit":
        // A typed amount is shown as typed: no machine amounts to convert.
        statements.push(
          d1
            .prepare("update shopping_list_items set name = ?1, amount = ?2, amounts = '[]' where list_id = ?3 and id = ?4")
            .bind(c.name, c.amount, listId, id),
        );
        Object.assign(item, { name: c.name, amount: c.amount, amounts: [], lines: [] });
        Object.assign(patchOf(id), { name: c.name, amount: { text: c.amount, amounts: [] } });
        searchRow = true;
        break;
      case "move":
        statements.push(
          d1.prepare("update shopping_list_items set category = ?1 where list_id = ?2 and id = ?3").bind(c.category, listId, id),
        );
        if (userId) {
          // Remembered for this user: the next list with this item puts it here (decision 0029).
          statements.push(
            d1
              .prepare(
                `insert into user_item_categories (user_id, item_key, category, updated_at)
                 select ?1, item_key, ?2, ?5 from shopping_list_items where list_id = ?3 and id = ?4
                 on conflict (user_id, item_key) do update set category = excluded.category, updated_at = excluded.updated_at`,
              )
              .bind(userId, c.category, listId, id, now),
          );
        }
        patchOf(id).category = c.category;
        break;
      case "staple":
        statements.push(
          d1.prepare("update shopping_list_items set staple = ?1 where list_id = ?2 and id = ?3").bind(c.staple ? 1 : 0, listId, id),
        );
        if (userId && c.remember) statements.push(...rememberStaple(d1, userId, listId, id, c.staple, now));
        item.staple = c.staple;
        patchOf(id).staple = c.staple;
        break;
      case "remove":
        statements.push(
          d1.prepare("delete from shopping_list_items where list_id = ?1 and id = ?2").bind(listId, id),
          d1.prepare("insert or ignore into list_removed_items (list_id, item_id, version) values (?1, ?2, ?3)").bind(listId, id, version),
        );
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
    statements.push(d1.prepare("update shopping_lists set version = ?2 where id = ?1").bind(listId, version));
    if (fresh.length) {
      statements.push(
        d1
          .prepare("insert or ignore into list_ops (list_id, op_id, version) select ?1, value, ?2 from json_each(?3)")
          .bind(listId, version, JSON.stringify(fresh)),
      );
    }
    // Added, renamed or removed items: the list's history-search row follows in the same batch (decision 0032).
    if (searchRow) statements.push(d1.prepare(SEARCH_ROW_ITEMS_UPDATE).bind(listId));
    await d1.batch(statements);
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
  await db.$client
    .prepare("delete from list_ops where created_at < ?1")
    .bind(now - OP_IDS_KEPT_MS)
    .run();
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
