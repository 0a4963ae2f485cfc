/**
 * The dashboard's Stores tab (decision 0048): a signed-in shopper's stores (their household's with them),
 * each a name, the 17 aisles in the order they walk it and the aisles it does not have. Add a store by
 * name, rename it, delete it (after a confirm), and put its aisles in order: a react-aria GridList with
 * drag and drop (pointer, touch and react-aria's keyboard dragging) and, on every row, visible 'Move up' /
 * 'Move down' buttons and a 'Not in this store' checkbox. Each change of the order is saved at once (one
 * request at a time, the latest order last); the list page's store picker uses the stores.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Checkbox, GridList, GridListItem, Button as AriaButton, useDragAndDrop } from "react-aria-components";
import { useRevalidator } from "react-router";
import { STORE_NAME_MAX, type Store, type StoresResponse } from "../../../core/api/shop.ts";
import { completeAisles } from "../../../core/shopping/store-order.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { shopApi } from "../../lib/shop-api.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { TextField } from "../../ui/text-field.tsx";

/** `order` with `moving` put before or after `target`. */
export function moveAisles(order: readonly string[], moving: readonly string[], target: string, position: "before" | "after"): string[] {
  if (moving.includes(target)) return [...order];
  const rest = order.filter((a) => !moving.includes(a));
  const at = rest.indexOf(target);
  if (at < 0) return [...order];
  rest.splice(position === "after" ? at + 1 : at, 0, ...order.filter((a) => moving.includes(a)));
  return rest;
}

/** `order` with `aisle` one place up (-1) or down (+1). */
export function stepAisle(order: readonly string[], aisle: string, by: -1 | 1): string[] {
  const at = order.indexOf(aisle);
  const to = at + by;
  if (at < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next.splice(at, 1);
  next.splice(to, 0, aisle);
  return next;
}

export function StoresTab({ stores }: { stores: StoresResponse }) {
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(stores.stores[0]?.id ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const list = stores.stores;
  const full = list.length >= stores.max;
  const open = list.find((s) => s.id === openId) ?? list[0] ?? null;

  async function add(e: FormEvent) {
    e.preventDefault();
    if (adding) return;
    const next = name.trim();
    if (!next) {
      setError("Give the store a name.");
      formRef.current?.querySelector("input")?.focus();
      return;
    }
    setAdding(true);
    setError(null);
    try {
      const made = await shopApi.addStore({ name: next });
      await revalidator.revalidate();
      setName("");
      setOpenId(made.id);
      toast({ title: "Store added", description: `Put ${made.name}'s aisles in the order you walk it.` });
    } catch (err) {
      setError(failureMessage(err, "Failed to add the store."));
      formRef.current?.querySelector("input")?.focus();
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="tab-stack stores">
      <section aria-labelledby="stores-title">
        <div className="section-head">
          <h2 id="stores-title">{`Your stores (${list.length})`}</h2>
        </div>
        <p className="staples__intro">
          Put the aisles in the order you walk your store, and mark the ones it does not have. Choose the store on a shopping list to see it
          in that order.
        </p>
        <form className="staples__add" ref={formRef} onSubmit={(e) => void add(e)} aria-label="Add a store" noValidate>
          <TextField
            label="Store name"
            name="name"
            value={name}
            onChange={(v) => {
              setName(v);
              if (error) setError(null);
            }}
            maxLength={STORE_NAME_MAX}
            autoComplete="off"
            placeholder="e.g. Lidl Hauptstraße"
            isInvalid={error !== null}
            errorMessage={error ?? undefined}
            description={full ? `You keep ${stores.max} stores, the most there can be. Delete one to add another.` : undefined}
            className="staples__field"
          />
          <Button type="submit" isPending={adding}>
            Add store
          </Button>
        </form>
        {list.length === 0 ? (
          <p className="empty-state">No stores yet. Add the store you shop at most.</p>
        ) : (
          <ul className="stores__list" aria-label="Your stores">
            {list.map((s) => (
              <li key={s.id} className="stores__item" data-open={s.id === open?.id || undefined}>
                <StoreRow store={s} isOpen={s.id === open?.id} onOpen={() => setOpenId(s.id)} onChanged={() => revalidator.revalidate()} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {open ? <AisleEditor key={open.id} store={open} onFailed={() => void revalidator.revalidate()} /> : null}
    </div>
  );
}

/** A store's name with 'Aisle order', 'Rename' and 'Delete'. */
function StoreRow({
  store,
  isOpen,
  onOpen,
  onChanged,
}: {
  store: Store;
  isOpen: boolean;
  onOpen: () => void;
  onChanged: () => Promise<void>;
}) {
  const [renaming, setRenaming] = useState(false);
  const [text, setText] = useState(store.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (renaming) {
      const input = formRef.current?.querySelector("input");
      input?.focus();
      input?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      rowRef.current?.querySelector<HTMLButtonElement>("button[data-rename]")?.focus();
    }
  }, [renaming]);

  function close() {
    returnFocus.current = true;
    setRenaming(false);
    setError(null);
  }

  async function rename(e: FormEvent) {
    e.preventDefault();
    const next = text.trim();
    if (!next) {
      setError("Give the store a name.");
      return;
    }
    if (next === store.name) return close();
    setSaving(true);
    try {
      await shopApi.updateStore(store.id, { name: next, aisles: completeAisles(store.aisles), hidden: store.hidden });
      await onChanged();
      close();
      toast({ title: "Store renamed", description: `The store is now called ${next}.` });
    } catch (err) {
      setError(failureMessage(err, "Could not rename the store. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  if (renaming) {
    return (
      <form
        ref={formRef}
        className="rename-list stores__rename"
        aria-label={`Rename ${store.name}`}
        onSubmit={(e) => void rename(e)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
      >
        <TextField
          label="Store name"
          value={text}
          onChange={(v) => {
            setText(v);
            setError(null);
          }}
          maxLength={STORE_NAME_MAX}
          autoComplete="off"
          isInvalid={error !== null}
          errorMessage={error ?? undefined}
          className="rename-list__field"
        />
        <div className="rename-list__buttons">
          <Button type="submit" variant="primary" size="sm" isPending={saving}>
            Save
          </Button>
          <Button variant="outline" size="sm" onPress={close}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="stores__row" ref={rowRef}>
      <span className="stores__name">
        {store.name}
        {store.household ? <span className="stores__household"> · household</span> : null}
      </span>
      <span className="stores__actions">
        <Button
          variant={isOpen ? "secondary" : "outline"}
          size="sm"
          aria-pressed={isOpen}
          aria-label={`Aisle order of ${store.name}`}
          onPress={onOpen}
        >
          Aisle order
        </Button>
        <Button
          variant="ghost"
          size="sm"
          data-rename=""
          aria-label={`Rename ${store.name}`}
          onPress={() => {
            setText(store.name);
            setRenaming(true);
          }}
        >
          Rename
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete ${store.name}`} onPress={() => setConfirming(true)}>
          Delete
        </Button>
      </span>
      <ConfirmDialog
        title={`Delete ${store.name}?`}
        message="Lists shown in this store's order go back to the usual aisle order."
        confirmLabel="Delete store"
        isOpen={confirming}
        onOpenChange={setConfirming}
        onConfirm={async () => {
          try {
            await shopApi.removeStore(store.id);
            await onChanged();
            toast({ title: "Store deleted", description: `${store.name} was deleted.` });
          } catch (err) {
            toast({ title: "Error", description: failureMessage(err, "Failed to delete the store."), variant: "destructive" });
          }
        }}
      />
    </div>
  );
}

/**
 * One store's aisles in walking order. Every change shows at once and is saved at once; saves go one at a
 * time and the last one sends the latest order. A failed save says so and reloads the store as saved.
 */
function AisleEditor({ store, onFailed }: { store: Store; onFailed: () => void }) {
  const [order, setOrder] = useState(() => completeAisles(store.aisles));
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(store.hidden));
  const [status, setStatus] = useState("");
  const latest = useRef({ order, hidden });
  latest.current = { order, hidden };
  const queue = useRef<Promise<void>>(Promise.resolve());
  const gridRef = useRef<HTMLDivElement>(null);
  // After a move by button: the pressed button again (or its twin when it is now disabled), in the aisle's new row.
  const refocus = useRef<{ aisle: string; button: "up" | "down" } | null>(null);

  // After every render (cheap: nothing to do unless a button asked for it).
  useEffect(() => {
    const want = refocus.current;
    if (!want) return;
    refocus.current = null;
    // After react-aria's own focus handling of the moved collection (it puts the focus on a row).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const row = gridRef.current?.querySelector<HTMLElement>(`[data-aisle="${CSS.escape(want.aisle)}"]`);
        const button = row?.querySelector<HTMLButtonElement>(`button[data-move="${want.button}"]:not([disabled])`);
        (button ?? row?.querySelector<HTMLButtonElement>("button[data-move]:not([disabled])"))?.focus();
      }),
    );
  });

  function save(nextOrder: string[], nextHidden: ReadonlySet<string>, said: string) {
    setOrder(nextOrder);
    setHidden(nextHidden);
    // Now, not at the next render: a drop's change may be queued before React renders it.
    latest.current = { order: nextOrder, hidden: nextHidden };
    setStatus(`${said} Saving…`);
    queue.current = queue.current.then(async () => {
      // Several quick changes: only the latest is worth sending.
      const { order: o, hidden: h } = latest.current;
      if (o !== nextOrder || h !== nextHidden) return;
      try {
        await shopApi.updateStore(store.id, { name: store.name, aisles: o, hidden: [...h] });
        setStatus(`${said} Saved.`);
      } catch (err) {
        setStatus("");
        toast({ title: "Error", description: failureMessage(err, "Failed to save the aisle order."), variant: "destructive" });
        onFailed();
      }
    });
  }

  function step(aisle: string, by: -1 | 1) {
    const next = stepAisle(order, aisle, by);
    refocus.current = { aisle, button: by < 0 ? "up" : "down" };
    save(next, hidden, `${aisle} moved to ${next.indexOf(aisle) + 1} of ${next.length}.`);
  }

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": String(key) })),
    getAllowedDropOperations: () => ["move"],
    onReorder: (e) => {
      const { order: now, hidden: h } = latest.current;
      const moving = now.filter((a) => e.keys.has(a));
      const next = moveAisles(now, moving, String(e.target.key), e.target.dropPosition === "after" ? "after" : "before");
      const first = moving[0];
      save(next, h, first ? `${first} moved to ${next.indexOf(first) + 1} of ${next.length}.` : "");
    },
  });

  const shown = order.filter((a) => !hidden.has(a)).length;
  return (
    <section aria-labelledby="aisles-title" className="aisles">
      <div className="section-head">
        <h2 id="aisles-title">{`Aisle order: ${store.name}`}</h2>
      </div>
      <p className="staples__intro" id="aisles-help">
        Drag an aisle by its handle, or use Move up and Move down. Items of an aisle the store does not have go to the nearest aisle it has.
        Changes are saved as you make them.
      </p>
      <GridList
        ref={gridRef}
        aria-label={`Aisles of ${store.name}, in walking order`}
        aria-describedby="aisles-help"
        className="aisles__list"
        items={order.map((id) => ({ id }))}
        dragAndDropHooks={dragAndDropHooks}
        keyboardNavigationBehavior="tab"
      >
        {(item) => {
          const aisle = item.id;
          const at = order.indexOf(aisle);
          const off = hidden.has(aisle);
          return (
            <GridListItem id={aisle} textValue={aisle} className="aisles__row" data-aisle={aisle} data-hidden={off || undefined}>
              <AriaButton slot="drag" className="aisles__handle" aria-label={`Drag ${aisle}`}>
                <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                  <path d="M5 3h1M10 3h1M5 8h1M10 8h1M5 13h1M10 13h1" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                </svg>
              </AriaButton>
              <span className="aisles__name">
                <span className="aisles__pos">{at + 1}.</span> {aisle}
              </span>
              <span className="aisles__actions">
                <Button
                  variant="ghost"
                  size="sm"
                  data-move="up"
                  aria-label={`Move up: ${aisle}`}
                  isDisabled={at === 0}
                  onPress={() => step(aisle, -1)}
                >
                  Move up
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  data-move="down"
                  aria-label={`Move down: ${aisle}`}
                  isDisabled={at === order.length - 1}
                  onPress={() => step(aisle, 1)}
                >
                  Move down
                </Button>
                <Checkbox
                  className="checkbox aisles__hide"
                  isSelected={off}
                  // A store keeps at least one aisle.
                  isDisabled={!off && shown <= 1}
                  aria-label={`Not in this store: ${aisle}`}
                  onChange={(on) => {
                    const next = new Set(hidden);
                    if (on) next.add(aisle);
                    else next.delete(aisle);
                    save(order, next, on ? `${aisle} is not in this store.` : `${aisle} is in this store.`);
                  }}
                >
                  <span className="checkbox__box" aria-hidden="true">
                    <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
                      <path
                        d="M3 8.5l3 3 7-7"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </span>
                  Not in this store
                </Checkbox>
              </span>
            </GridListItem>
          );
        }}
      </GridList>
      <p className="aisles__status" role="status">
        {status}
      </p>
    </section>
  );
}
