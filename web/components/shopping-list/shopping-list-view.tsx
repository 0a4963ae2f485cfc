/**
 * One shopping list (docs/product/screens.md /shopping-list/{id}) in shopping mode: the
 * name, the recipes it came from, the items by aisle with a large tap target to tick each off
 * (ticked items move to 'In the cart'), 'You probably have' for pantry staples with 'I need this',
 * typed items, editing an item (name, amount, category), the unit choice, removing an item, Print,
 * Copy, Share (a read-only link, decision 0031) and Email (web/components/share), and Order with
 * Instacart (web/components/grocery). Editors' changes go to the server (queued while offline); read-only viewers' ticks stay in their browser.
 * Signed-in readers also get the favourite toggle and, under 'You probably have', a link to their staples.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { ShoppingList, ShoppingListItem } from "../../../core/api/lists.ts";
import { ITEM_TEXT_MAX } from "../../../core/api/constants.ts";
import { useAuth } from "../../lib/auth.ts";
import { useFavoriteIds } from "../../lib/favorites-store.ts";
import { FavoriteToggle } from "../favorites/favorite-toggle.tsx";
import { newItemId, setUnitsCookie } from "../../lib/shopping-state.ts";
import { dismissAllToasts, toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { OrderButton } from "../grocery/order-button.tsx";
import { EmailButton } from "../share/email-button.tsx";
import { ShareButton, ShareStatus, useListShare } from "../share/share-button.tsx";
import { ItemEditDialog } from "./item-edit-dialog.tsx";
import { LocalDate } from "../local-date.tsx";
import { listGroups } from "./groups.ts";
import { ItemLine } from "./item-line.tsx";
import { copyList, printListOrToast } from "./list-actions.ts";
import { ShoppingTools } from "./shopping-tools.tsx";
import { useShopping } from "./use-shopping.ts";
import { HouseholdLine } from "./household-line.tsx";
import { REVOKED_TEXT, useLiveStatus } from "./live-status.ts";
import { RenameList } from "../list-name/rename-list.tsx";
import { AddRecipe } from "./add-recipe.tsx";
import { StorePicker } from "./store-picker.tsx";
import { listEditToken } from "../../lib/recipes-store.ts";

export { CART_GROUP, STAPLES_GROUP } from "./groups.ts";

const UNIT_OPTIONS = [
  { id: "as-written", label: "As written" },
  { id: "metric", label: "Metric" },
  { id: "us", label: "US" },
] as const;

export function ShoppingListView({
  list: serverList,
  onChanged,
  owned = false,
  household = null,
  shared = null,
  units = "as-written",
  stores = null,
}: {
  list: ShoppingList;
  onChanged: () => Promise<void>;
  owned?: boolean;
  /**
   * For the list's maker (signed in): the household it is in, or the one they could move it into
   * (decision 0036); null for anyone else.
   */
  household?: { current: string | null; mine: string | null } | null;
  /** Whether the list has a live share link (from the loader, decision 0014); null when the loader could not say. */
  shared?: boolean | null;
  units?: string;
  /** A signed-in shopper who may change the list: their stores, for the store choice (decision 0048); null for anyone else. */
  stores?: readonly { id: string; name: string }[] | null;
}) {
  const shopping = useShopping(serverList, owned, units);
  const liveStatus = useLiveStatus(shopping.live, shopping.online, shopping.revoked !== null);
  // A rename shows at once; other open pages get it live (decision 0037), and a newer name from the list (another
  // page's rename, or this one's own coming back) replaces it.
  const [renamed, setRenamed] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's name changing is the trigger
  useEffect(() => setRenamed(null), [shopping.list.name]);
  const list = renamed === null ? shopping.list : { ...shopping.list, name: renamed };
  const { canEdit } = shopping;
  const [share, setShare] = useListShare(shared);
  // Items removed but not yet sent: the removal is sent when its toast closes, unless Undo was pressed.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [editing, setEditing] = useState<ShoppingListItem | null>(null);
  const articleRef = useRef<HTMLElement>(null);
  const categories = Object.entries(list.ingredients)
    .map(([category, items]) => [category, items.filter((i) => !hidden.has(i.id))] as const)
    .filter(([, items]) => items.length);
  const count = categories.reduce((n, [, items]) => n + items.length, 0);
  // The one grouping that Copy, Print, the e-mail and every other view use (core/shopping/groups.ts).
  const groups = listGroups(Object.fromEntries(categories));
  const showItem = (id: string, show: boolean) =>
    setHidden((h) => {
      const next = new Set(h);
      if (show) next.delete(id);
      else next.add(id);
      return next;
    });

  const userId = useAuth().user?.id ?? null;
  const visible: ShoppingList = { ...list, ingredients: Object.fromEntries(categories) };
  const location = useLocation();
  const focusHeading = (location.state as { focusListHeading?: boolean } | null)?.focusListHeading === true;

  // Just generated: the list's heading takes the focus, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (focusHeading) articleRef.current?.querySelector<HTMLElement>("#list-title")?.focus();
  }, [focusHeading]);

  // Leaving the page (or the app) sends what is still waiting for its toast to close.
  useEffect(() => {
    window.addEventListener("pagehide", dismissAllToasts);
    return () => {
      window.removeEventListener("pagehide", dismissAllToasts);
      dismissAllToasts();
    };
  }, []);

  /** The removal goes with the other changes (queued, live, kept offline; decision 0037); the waiting change hides the item. */
  function send(item: ShoppingListItem) {
    shopping.change({ op: "remove", itemId: item.id });
    showItem(item.id, true);
  }

  function remove(item: ShoppingListItem) {
    if (hidden.has(item.id)) return;
    const buttons = () => [...(articleRef.current?.querySelectorAll<HTMLElement>("[data-remove-item]") ?? [])];
    const index = buttons().findIndex((b) => b.dataset.removeItem === item.id);
    showItem(item.id, false);
    // The pressed button is gone: keep keyboard focus on the list (next item, else the title).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const left = buttons();
        (left[Math.min(index, left.length - 1)] ?? articleRef.current?.querySelector<HTMLElement>("#list-title"))?.focus();
      }),
    );
    let undone = false;
    toast({
      title: "Item removed",
      description: `${item.name} was removed from the list.`,
      action: {
        label: "Undo",
        onAction: () => {
          undone = true;
          showItem(item.id, true);
        },
      },
      onClose: () => {
        if (!undone) send(item);
      },
    });
  }

  // The choice shows at once; the amounts follow when the loader has read the list in the new units.
  const [chosenUnits, setChosenUnits] = useState(units);
  useEffect(() => setChosenUnits(units), [units]);
  function chooseUnits(value: string) {
    setChosenUnits(value);
    setUnitsCookie(value);
    void onChanged();
  }

  // While changes cannot go out (offline, or paused after a 429), each item with a change still waiting says so.
  const waiting = canEdit && (!shopping.online || shopping.holdSeconds !== null);
  const row = (item: ShoppingListItem, group: "aisle" | "staple" | "cart") => (
    <li
      key={item.id}
      className="list__item"
      data-item-id={item.id}
      data-checked={item.checked ? "" : undefined}
      data-waiting={waiting && shopping.pendingIds.has(item.id) ? "" : undefined}
    >
      <label className="list__tick">
        <input
          type="checkbox"
          className="list__checkbox"
          checked={item.checked ?? false}
          onChange={(e) => shopping.tick(item.id, e.currentTarget.checked)}
        />
        <span className="list__item-text">
          <ItemLine item={item} />
          {item.recipes.length ? <span className="list__for">for {item.recipes.join(", ")}</span> : null}
          {item.addedByHand ? <span className="list__for">added by hand</span> : null}
          {waiting && shopping.pendingIds.has(item.id) ? <span className="list__waiting">Not sent yet</span> : null}
        </span>
      </label>
      <div className="list__item-actions" data-editable={canEdit ? "" : undefined} inert={!canEdit}>
        {group === "staple" ? (
          <Button variant="outline" size="sm" onPress={() => shopping.change({ op: "staple", itemId: item.id, staple: false })}>
            I need this
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" aria-label={`Edit ${item.name}`} onPress={() => setEditing(item)}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Remove ${item.name}`} data-remove-item={item.id} onPress={() => remove(item)}>
          Remove
        </Button>
      </div>
    </li>
  );

  const editingCategory = editing ? categories.find(([, items]) => items.some((i) => i.id === editing.id))?.[0] : undefined;

  return (
    <article
      className="list"
      aria-labelledby="list-title"
      ref={articleRef}
      data-hydrated={shopping.hydrated ? "" : undefined}
      data-live={shopping.live}
    >
      <header className="list__header">
        <h1 id="list-title" className="list__title" tabIndex={-1}>
          <ListTitle name={list.name} />
        </h1>
        {/* Always in the server's HTML: whether this browser may change the list is known only after
            hydration (a signed-out creator's edit token is in local storage), and a box that appeared
            then would push everything below it down. Hidden and inert until then, like the items' actions. */}
        <div className="list__rename" data-editable={canEdit ? "" : undefined} inert={!canEdit}>
          <RenameList
            listId={list.id}
            name={list.name}
            editToken={canEdit ? (listEditToken(list.id) ?? null) : null}
            onRenamed={setRenamed}
          />
        </div>
        <p className="list__meta">
          {count} {count === 1 ? "item" : "items"} · created <LocalDate iso={list.createdAt} />
        </p>
        {list.recipes.length ? (
          <p className="list__recipes">
            From {list.recipes.length === 1 ? "1 recipe" : `${list.recipes.length} recipes`}: {list.recipes.map((r) => r.title).join(", ")}
          </p>
        ) : null}
        <div className="list__actions">
          <Button variant="outline" onPress={() => printListOrToast(visible)}>
            Print
          </Button>
          <Button variant="outline" onPress={() => void copyList(visible)}>
            Copy
          </Button>
          <EmailButton listId={list.id} />
          <OrderButton listId={list.id} />
          {/* After the others: shown once the page knows this browser may change the list, it moves none of them. */}
          {canEdit ? <ShareButton listId={list.id} listName={list.name} share={share} onShareChange={setShare} /> : null}
          {userId ? <ListFavorite list={list} userId={userId} /> : null}
        </div>
        <ShareStatus shared={share} canEdit={canEdit} />
        {household ? <HouseholdLine listId={list.id} household={household} onMoved={onChanged} /> : null}
        {stores ? <StorePicker listId={list.id} storeId={list.store?.id ?? null} stores={stores} onChosen={onChanged} /> : null}
        <fieldset className="list__units">
          <legend className="list__units-legend">Units</legend>
          {UNIT_OPTIONS.map((o) => (
            <label key={o.id} className="list__units-option">
              <input type="radio" name="units" value={o.id} checked={chosenUnits === o.id} onChange={() => chooseUnits(o.id)} />
              <span>{o.label}</span>
            </label>
          ))}
        </fieldset>
        <ShoppingTools online={shopping.online} pending={shopping.pending} holdSeconds={shopping.holdSeconds} />
        <output className="list__presence" aria-live="polite">
          {shopping.present.length ? presenceText(shopping.present.map((p) => p.name)) : ""}
        </output>
        <output className="list__live" aria-live="polite">
          {liveStatus}
        </output>
        {shopping.revoked ? (
          <p className="list__revoked" role="alert">
            {REVOKED_TEXT[shopping.revoked.reason]}
          </p>
        ) : null}
      </header>
      <div className="list__add-slot">
        {canEdit ? (
          <>
            <AddItemForm onAdd={(text) => shopping.change({ op: "add", itemId: newItemId(), text, at: Date.now() })} />
            <AddRecipe
              listId={list.id}
              units={units}
              editToken={() => listEditToken(list.id) ?? null}
              online={shopping.online}
              onAdded={shopping.received}
            />
          </>
        ) : shopping.revoked ? null : (
          <p className="list__readonly-note">You can tick items off here; your ticks are kept in this browser only.</p>
        )}
      </div>
      {categories.length === 0 ? (
        <p className="list__empty">This shopping list is empty.</p>
      ) : (
        groups.map((group) => {
          const id = group.kind === "aisle" ? `cat-${slug(group.title)}` : `cat-${group.kind}`;
          const kind = group.kind === "staples" ? "staple" : group.kind;
          return (
            <section
              key={id}
              className={`list__category${group.kind === "aisle" ? "" : ` list__category--${group.kind}`}`}
              aria-labelledby={id}
            >
              <h2 id={id} className="list__category-title">
                {group.title} <span className="list__category-count">({group.items.length})</span>
              </h2>
              <ul className="list__items">{group.items.map((item) => row(item, kind))}</ul>
              {/* Signed in: their own staples decide this group (decision 0028); a plain link, no extra script. */}
              {group.kind === "staples" && userId ? (
                <p className="list__staples-manage">
                  <Link to="/dashboard?tab=staples">Manage your staples</Link>
                </p>
              ) : null}
            </section>
          );
        })
      )}
      {editing ? (
        <ItemEditDialog
          item={editing}
          category={editingCategory ?? "Other"}
          canRemember={owned}
          onClose={() => setEditing(null)}
          onSave={(changes) => {
            for (const c of changes) shopping.change(c);
            setEditing(null);
          }}
        />
      ) : null}
    </article>
  );
}

/** 'Add an item': a typed line ('2 lemons', 'paper towels') goes through the same parser on the server. */
function AddItemForm({ onAdd }: { onAdd: (text: string) => void }) {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const t = text.trim();
    if (!t) {
      inputRef.current?.focus();
      return;
    }
    onAdd(t.slice(0, ITEM_TEXT_MAX));
    setText("");
    inputRef.current?.focus();
  }
  return (
    // method="post": sent before the script has loaded, the page's action adds it.
    <form className="list__add" method="post" onSubmit={submit}>
      <input type="hidden" name="intent" value="add-item" />
      <label htmlFor="list-add-item" className="list__add-label">
        Add an item
      </label>
      <div className="list__add-row">
        <input
          id="list-add-item"
          name="text"
          ref={inputRef}
          className="input list__add-input"
          placeholder="2 lemons, paper towels..."
          value={text}
          maxLength={ITEM_TEXT_MAX}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button type="submit" variant="primary">
          Add
        </Button>
      </div>
    </form>
  );
}

/** The list's favourite toggle (signed in only), filled once the favourites say so. */
function ListFavorite({ list, userId }: { list: ShoppingList; userId: string }) {
  const ids = useFavoriteIds("lists", userId);
  if (!ids) return null;
  return <FavoriteToggle kind="list" id={list.id} title={list.name} isFavorite={ids.has(list.id)} size="md" />;
}

/**
 * The list name with a trailing "- date" (the default name, 'Shopping List - 8/15/2025') kept in
 * one piece, so a phone never wraps the dash or the date onto a line of its own.
 */
function ListTitle({ name }: { name: string }) {
  const m = /^(.*\S)\s+([-\u2013\u2014]\s+[^-\u2013\u2014]{1,24})$/.exec(name);
  if (!m) return name;
  return (
    <>
      {m[1]} <span className="list__title-tail">{m[2]}</span>
    </>
  );
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** 'Mina is in the store', 'Mina and Sam are in the store', 'Mina, Sam and Ada are in the store'. */
export function presenceText(names: readonly string[]): string {
  if (names.length === 0) return "";
  const joined = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `${joined} ${names.length === 1 ? "is" : "are"} in the store`;
}
