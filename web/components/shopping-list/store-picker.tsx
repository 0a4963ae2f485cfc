/**
 * The list page's store choice (decision 0048), for a signed-in shopper who may change the list: 'Usual
 * order' or one of their stores. Choosing one saves it on the list (PUT /api/shopping-lists/{id}/store) and
 * the page reads the list again, now in that store's walking order (ticks and waiting changes kept). A
 * shopper with no store yet gets a link to the dashboard's Stores tab instead.
 */
import { useState } from "react";
import { Link } from "react-router";
import { failureMessage } from "../../lib/form-validation.ts";
import { shopApi } from "../../lib/shop-api.ts";
import { toast } from "../../lib/toast.ts";
import { Select } from "../../ui/select.tsx";

/** The Select's key for the usual aisle order (no store). */
export const USUAL_ORDER = "usual";

export function StorePicker({
  listId,
  storeId,
  stores,
  onChosen,
}: {
  listId: string;
  /** The store the list is shown for, or null. */
  storeId: string | null;
  stores: readonly { id: string; name: string }[];
  /** Reads the list again (the loader), in the new order. */
  onChosen: () => Promise<void>;
}) {
  // The choice shows at once; the list follows when it has been read again.
  const [chosen, setChosen] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const current = chosen ?? storeId ?? USUAL_ORDER;

  if (stores.length === 0) {
    return (
      <p className="list__store-none">
        <Link to="/dashboard?tab=stores">Set up your store's aisle order</Link>
      </p>
    );
  }

  async function choose(key: string) {
    if (key === current) return;
    setChosen(key);
    const store = key === USUAL_ORDER ? null : key;
    try {
      const done = await shopApi.chooseListStore(listId, store);
      await onChosen();
      setSaid(done.store ? `The list is in the aisle order of ${done.store.name}.` : "The list is in the usual aisle order.");
    } catch (err) {
      toast({ title: "Error", description: failureMessage(err, "Could not change the store. Please try again."), variant: "destructive" });
    } finally {
      setChosen(null);
    }
  }

  return (
    <div className="list__store">
      <Select
        label="Store"
        className="list__store-select"
        options={[{ id: USUAL_ORDER, label: "Usual order" }, ...stores.map((s) => ({ id: s.id, label: s.name }))]}
        selectedKey={current}
        onSelectionChange={(k) => {
          if (k !== null) void choose(String(k));
        }}
      />
      <Link to="/dashboard?tab=stores" className="list__store-edit">
        Edit your stores
      </Link>
      <output className="list__store-status" aria-live="polite">
        {said}
      </output>
    </div>
  );
}
