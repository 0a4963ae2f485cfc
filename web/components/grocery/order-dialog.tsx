/**
 * The order dialog (docs/product/screens.md Order dialog, behaviour.md, validation.md, messages.md): provider choice (instacart; uber_eats and
 * doordash disabled as 'Coming Soon'), ZIP search (at most 5 characters), store cards (name,
 * address, estimated delivery time, delivery and pickup availability), selection, and Create Order
 * (enabled only with a store) opening the checkout in a new window. Signed-in users get their
 * last ZIP and store preselected. Demo results (no Instacart key on the server) say so.
 *
 * Opened through <OrderButton> (order-button.tsx), which loads this module on demand; the after-create
 * dialog can render <OrderDialog> directly.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Radio, RadioGroup, Label as AriaLabel } from "react-aria-components";
import type { GroceryProviderName, Store } from "../../features/grocery/contract.ts";
import { createGroceryClient, ZIP_INVALID, ZIP_MAX, ZIP_PATTERN } from "../../features/grocery/contract.ts";
import { errorText } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TextField } from "../../ui/text-field.tsx";
import "../../styles/grocery.css";

/** The grocery calls, from the grocery contract (its own client, as the admin tab's). */
const grocery = createGroceryClient({ fetch: (input, init) => fetch(input, init as RequestInit) });

const PROVIDERS: { id: GroceryProviderName; label: string; enabled: boolean }[] = [
  { id: "instacart", label: "Instacart", enabled: true },
  { id: "uber_eats", label: "Uber Eats", enabled: false },
  { id: "doordash", label: "DoorDash", enabled: false },
];

type Search = { state: "idle" } | { state: "searching" } | { state: "done"; stores: Store[]; demo: boolean };

export function OrderDialog({ listId, isOpen, onOpenChange }: { listId: string; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      title="Order for Delivery"
      description="Choose a service and a store near you; the checkout opens in a new window."
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
    >
      {({ close }) => <OrderForm listId={listId} onDone={close} />}
    </Dialog>
  );
}

function OrderForm({ listId, onDone }: { listId: string; onDone: () => void }) {
  const auth = useAuth();
  const [provider, setProvider] = useState<GroceryProviderName>("instacart");
  const [zip, setZip] = useState("");
  const [zipError, setZipError] = useState<string | null>(null);
  const [search, setSearch] = useState<Search>({ state: "idle" });
  // A search ran (whatever it found): the hint no longer asks for one.
  const [searched, setSearched] = useState(false);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [ordering, setOrdering] = useState(false);
  const preferredStore = useRef<string | null>(null);
  const storesHeading = useRef<HTMLHeadingElement>(null);
  const searchForm = useRef<HTMLFormElement>(null);
  // The error toast showing for the search: closed once a search finds stores (decision 0042).
  const failure = useRef<(() => void) | null>(null);
  const ids = useId();

  // Signed in: last ZIP and store for this provider (a failure just leaves the fields empty).
  useEffect(() => {
    if (!auth.isAuthenticated) return;
    let live = true;
    grocery.preferences(provider).then(
      (p) => {
        if (!live) return;
        const saved = p.zip;
        if (saved) setZip((z) => z || saved);
        preferredStore.current = p.storeId;
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [auth.isAuthenticated, provider]);

  // After a search with results, focus moves to the store section's heading (once it is rendered).
  useEffect(() => {
    if (search.state === "done" && search.stores.length) storesHeading.current?.focus();
  }, [search]);

  async function runSearch(e?: FormEvent) {
    e?.preventDefault();
    const value = zip.trim();
    if (!value) {
      setZipError("ZIP Code Required");
      failure.current = toast({
        title: "ZIP Code Required",
        description: "Please enter your ZIP code to search for nearby stores.",
        variant: "destructive",
      });
      return;
    }
    // Not a ZIP code: said by the field at once, no search (the API would refuse it).
    if (!ZIP_PATTERN.test(value)) {
      setZipError(ZIP_INVALID);
      searchForm.current?.querySelector("input")?.focus();
      return;
    }
    setZipError(null);
    setSearched(true);
    setSearch({ state: "searching" });
    setStoreId(null);
    try {
      const result = await grocery.searchStores(provider, value);
      setSearch({ state: "done", stores: result.stores, demo: result.demo });
      if (result.stores.length === 0) {
        failure.current = toast({
          title: "No stores found",
          description: "No stores found in this area. Try a different ZIP code.",
          variant: "destructive",
        });
      } else {
        failure.current?.();
        const pref = preferredStore.current;
        if (pref && result.stores.some((s) => s.id === pref)) setStoreId(pref);
      }
    } catch {
      setSearch({ state: "idle" });
      failure.current = toast({
        title: "Search Failed",
        description: "Failed to search for stores. Please check your ZIP code and try again.",
        variant: "destructive",
      });
    }
  }

  async function createOrder() {
    if (!storeId) {
      toast({ title: "Please select a store", variant: "destructive" });
      return;
    }
    // Opened now, inside the click, so pop-up blockers allow it; pointed at the checkout once known.
    const win = typeof window !== "undefined" ? window.open("", "_blank") : null;
    setOrdering(true);
    try {
      const result = await grocery.order(listId, { provider, storeId, userSelections: {}, zip: zip.trim() || undefined });
      if (result.checkoutUrl) {
        if (win) {
          win.opener = null;
          win.location.href = result.checkoutUrl;
        } else {
          window.open(result.checkoutUrl, "_blank", "noopener");
        }
      } else {
        win?.close();
      }
      const missing = result.unmatchedIngredients.length;
      if (missing > 0) {
        toast({
          title: "Some Items Not Found",
          description: `${missing} ${missing === 1 ? "item" : "items"} could not be matched and ${missing === 1 ? "was" : "were"} left out: ${result.unmatchedIngredients.join(", ")}.`,
        });
      } else if (!result.checkoutUrl) {
        toast({ title: "Order created", description: "Check your Instacart account to finish your order." });
      } else {
        toast({
          title: "Order created",
          description: result.demo ? "The demo checkout opened in a new window." : "Your Instacart checkout opened in a new window.",
        });
      }
      onDone();
    } catch (err) {
      win?.close();
      const message = errorText(err);
      toast({ title: "Order Failed", description: message || "Failed to create grocery order. Please try again.", variant: "destructive" });
    } finally {
      setOrdering(false);
    }
  }

  const stores = search.state === "done" ? search.stores : [];
  return (
    <div className="order">
      <RadioGroup
        className="order__providers"
        value={provider}
        onChange={(v) => setProvider(v as GroceryProviderName)}
        orientation="horizontal"
      >
        <AriaLabel className="field__label">Delivery service</AriaLabel>
        <div className="order__provider-list">
          {PROVIDERS.map((p) => (
            <Radio key={p.id} value={p.id} isDisabled={!p.enabled} className="order__provider">
              <span className="order__provider-name">{p.label}</span>
              {!p.enabled ? <span className="order__soon">Coming Soon</span> : null}
            </Radio>
          ))}
        </div>
      </RadioGroup>

      <form ref={searchForm} className="order__search" onSubmit={runSearch} noValidate>
        <TextField
          label="ZIP code"
          value={zip}
          onChange={(v) => {
            setZip(v.replace(/\s+/g, "").slice(0, ZIP_MAX));
            if (zipError) setZipError(null);
          }}
          maxLength={ZIP_MAX}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="e.g. 94103"
          isInvalid={zipError !== null}
          errorMessage={zipError ?? undefined}
          className="order__zip"
        />
        <Button type="submit" variant="secondary" isPending={search.state === "searching"}>
          Search stores
        </Button>
      </form>

      <p className="visually-hidden" aria-live="polite">
        {search.state === "searching"
          ? "Searching for stores"
          : search.state === "done"
            ? `${stores.length} ${stores.length === 1 ? "store" : "stores"} found`
            : ""}
      </p>

      {search.state === "done" ? (
        <section className="order__stores" aria-labelledby={`${ids}-stores`}>
          <h3 id={`${ids}-stores`} ref={storesHeading} tabIndex={-1} className="order__stores-title">
            Stores near {zip}
            {search.demo ? <span className="demo-badge order__demo">Demo</span> : null}
          </h3>
          {search.demo ? (
            <p className="order__note">
              Demo stores: this server has no Instacart key, so nothing is ordered. The checkout shows what would be sent.
            </p>
          ) : null}
          {stores.length === 0 ? (
            <p className="order__empty">No stores found in this area. Try a different ZIP code.</p>
          ) : (
            <RadioGroup aria-labelledby={`${ids}-stores`} value={storeId} onChange={setStoreId} className="order__store-list">
              {stores.map((s) => (
                <Radio key={s.id} value={s.id} className="store-card">
                  <StoreCard store={s} />
                </Radio>
              ))}
            </RadioGroup>
          )}
        </section>
      ) : null}

      <div className="order__footer">
        {storeId ? null : stores.length ? (
          <p className="order__hint">Please select a store</p>
        ) : searched ? null : (
          <p className="order__hint">Search for stores near you first.</p>
        )}
        <Button variant="ghost" onPress={onDone}>
          Cancel
        </Button>
        <Button variant="primary" isDisabled={!storeId} isPending={ordering} onPress={createOrder}>
          Create Order
        </Button>
      </div>
    </div>
  );
}

function StoreCard({ store }: { store: Store }) {
  const { street, city, state } = store.address;
  const place = [street, city, state].filter(Boolean).join(", ");
  return (
    <>
      <span className="store-card__name">{store.name}</span>
      <span className="store-card__line">{place || "Address not shown"}</span>
      <span className="store-card__line">
        {store.estimatedDeliveryTime ? `Estimated delivery: ${store.estimatedDeliveryTime}` : "Delivery time not shown"}
      </span>
      <span className="store-card__tags">
        <span className={store.deliveryAvailable ? "store-card__tag store-card__tag--on" : "store-card__tag"}>
          {store.deliveryAvailable ? "Delivery available" : "No delivery"}
        </span>
        <span className={store.pickupAvailable ? "store-card__tag store-card__tag--on" : "store-card__tag"}>
          {store.pickupAvailable ? "Pickup available" : "No pickup"}
        </span>
      </span>
    </>
  );
}
