/**
 * A list opened through its share link (/s/{shareId}, decision 0031): read-only. The name, the recipes'
 * titles, the items by aisle with 'You probably have' and 'In the cart', Print, Copy, the unit choice and
 * 'Keep screen on' (where the browser has a wake lock).
 * Nothing here changes the list: a viewer's ticks are kept in their own browser (under the share id),
 * merged with the list's saved ticks by tap time (decision 0029).
 * Opened once online, the page opens offline too (decision 0029): the service worker keeps it, and a
 * line says the viewer is offline; their ticks work as ever (they never leave the browser).
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ShoppingListItem } from "../../../core/api/lists.ts";
import type { SharedList } from "../../features/share/contract.ts";
import { mergeTick, type Tick } from "../../../core/shopping/ticks.ts";
import { keepForOffline } from "../../lib/offline.ts";
import { useOnline } from "../../lib/online.ts";
import { applyPending, loadLocalTicks, saveLocalTicks, setUnitsCookie } from "../../lib/shopping-state.ts";
import { Button } from "../../ui/button.tsx";
import { LocalDate } from "../local-date.tsx";
import { listGroups } from "../shopping-list/groups.ts";
import { ItemLine } from "../shopping-list/item-line.tsx";
import { copyList, printListOrToast } from "../shopping-list/list-actions.ts";
import { WakeLockToggle } from "../shopping-list/shopping-tools.tsx";

const UNIT_OPTIONS = [
  { id: "as-written", label: "As written" },
  { id: "metric", label: "Metric" },
  { id: "us", label: "US" },
] as const;

const noSubscribe = () => () => {};
/** The shared page's offline line (docs/product/messages.md). */
const SHARED_OFFLINE = "You're offline. This is the list as it was when you last opened it; your ticks are kept on this device.";
/** Where this browser keeps a share viewer's own ticks (never the list's id: the viewer does not know it). */
const ticksKey = (shareId: string) => `share:${shareId}`;

export function SharedListView({
  shareId,
  list: serverList,
  units,
  onUnitsChanged,
}: {
  shareId: string;
  list: SharedList;
  units: string;
  onUnitsChanged: () => void;
}) {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const [ticks, setTicks] = useState<Map<string, Tick>>(() => new Map());
  useEffect(() => setTicks(loadLocalTicks(ticksKey(shareId))), [shareId]);
  const online = useOnline();
  // Opened once, usable offline: the service worker keeps this page (and what it loaded). Back online,
  // it reads the page again, so the saved copy is fresh, or forgotten if the link was turned off.
  useEffect(() => {
    if (online) keepForOffline();
  }, [online]);
  const list = applyPending(serverList, [], ticks);

  function tick(itemId: string, checked: boolean) {
    const next = new Map(loadLocalTicks(ticksKey(shareId)));
    next.set(itemId, mergeTick(next.get(itemId), { checked, at: Date.now() }));
    saveLocalTicks(ticksKey(shareId), next);
    setTicks(next);
  }

  const [chosenUnits, setChosenUnits] = useState(units);
  useEffect(() => setChosenUnits(units), [units]);
  function chooseUnits(value: string) {
    setChosenUnits(value);
    setUnitsCookie(value);
    onUnitsChanged();
  }

  const categories = Object.entries(list.ingredients).filter(([, items]) => items.length);
  const count = categories.reduce((n, [, items]) => n + items.length, 0);
  // The one grouping that Copy, Print and every other view use (core/shopping/groups.ts).
  const groups = listGroups(list.ingredients);

  const row = (item: ShoppingListItem) => (
    <li key={item.id} className="list__item" data-item-id={item.id} data-checked={item.checked ? "" : undefined}>
      <label className="list__tick">
        <input
          type="checkbox"
          className="list__checkbox"
          checked={item.checked ?? false}
          onChange={(e) => tick(item.id, e.currentTarget.checked)}
        />
        <span className="list__item-text">
          <ItemLine item={item} />
          {item.recipes.length ? <span className="list__for">for {item.recipes.join(", ")}</span> : null}
          {item.addedByHand ? <span className="list__for">added by hand</span> : null}
        </span>
      </label>
    </li>
  );
  const group = (key: string, title: string, items: readonly ShoppingListItem[], modifier = "") => (
    <section key={key} className={`list__category${modifier}`} aria-labelledby={`cat-${key}`}>
      <h2 id={`cat-${key}`} className="list__category-title">
        {title} <span className="list__category-count">({items.length})</span>
      </h2>
      <ul className="list__items">{items.map(row)}</ul>
    </section>
  );

  return (
    <article className="list" aria-labelledby="list-title" data-hydrated={hydrated ? "" : undefined} data-shared="">
      <header className="list__header">
        <p className="list__shared-badge">Shared list · read-only</p>
        <h1 id="list-title" className="list__title" tabIndex={-1}>
          {list.name}
        </h1>
        <p className="list__meta">
          {count} {count === 1 ? "item" : "items"} · created <LocalDate iso={list.createdAt} />
        </p>
        {list.recipes.length ? (
          <p className="list__recipes">
            From {list.recipes.length === 1 ? "1 recipe" : `${list.recipes.length} recipes`}: {list.recipes.map((r) => r.title).join(", ")}
          </p>
        ) : null}
        <div className="list__actions">
          <Button variant="outline" onPress={() => printListOrToast(list)}>
            Print
          </Button>
          <Button variant="outline" onPress={() => void copyList(list)}>
            Copy
          </Button>
        </div>
        <fieldset className="list__units">
          <legend className="list__units-legend">Units</legend>
          {UNIT_OPTIONS.map((o) => (
            <label key={o.id} className="list__units-option">
              <input type="radio" name="units" value={o.id} checked={chosenUnits === o.id} onChange={() => chooseUnits(o.id)} />
              <span>{o.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="list__tools">
          <WakeLockToggle />
        </div>
        <output className="list__offline" data-offline={online ? undefined : ""} aria-live="polite">
          {online ? "" : SHARED_OFFLINE}
        </output>
      </header>
      <p className="list__readonly-note">
        Someone shared this list with you. You can tick items off here; your ticks are kept in this browser only.
      </p>
      {categories.length === 0 ? (
        <p className="list__empty">This shopping list is empty.</p>
      ) : (
        groups.map((g) =>
          g.kind === "aisle" ? group(slug(g.title), g.title, g.items) : group(g.kind, g.title, g.items, ` list__category--${g.kind}`),
        )
      )}
    </article>
  );
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
