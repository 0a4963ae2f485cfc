/**
 * Edit one list item: its name, its amount (shown as typed from then on) and its
 * category; a signed-in owner may also keep it as one of their staples. A category change is
 * remembered for a signed-in user (decision 0029).
 */
import { type FormEvent, useState } from "react";
import type { ShoppingListItem } from "../../../core/api/lists.ts";
import type { ListChange } from "../../../core/api/shopping.ts";
import { ITEM_AMOUNT_MAX, ITEM_NAME_MAX } from "../../../core/api/constants.ts";
import { CATEGORIES, type CategoryName } from "../../../core/categorise/categories.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Select } from "../../ui/select.tsx";
import { TextField } from "../../ui/text-field.tsx";

const OPTIONS = CATEGORIES.map((c) => ({ id: c, label: c }));

export function ItemEditDialog({
  item,
  category,
  canRemember,
  onClose,
  onSave,
}: {
  item: ShoppingListItem;
  category: string;
  canRemember: boolean;
  onClose: () => void;
  onSave: (changes: ListChange[]) => void;
}) {
  const [name, setName] = useState(item.name);
  const [amount, setAmount] = useState(item.amount);
  const known = (CATEGORIES as readonly string[]).includes(category);
  const [cat, setCat] = useState<CategoryName>(known ? (category as CategoryName) : "Other");
  const [staple, setStaple] = useState(item.staple ?? false);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError("Give the item a name.");
      return;
    }
    const changes: ListChange[] = [];
    if (name.trim() !== item.name || amount.trim() !== item.amount) {
      changes.push({ op: "edit", itemId: item.id, name: name.trim(), amount: amount.trim() });
    }
    if (cat !== category) changes.push({ op: "move", itemId: item.id, category: cat });
    if (staple !== (item.staple ?? false)) changes.push({ op: "staple", itemId: item.id, staple, remember: canRemember });
    onSave(changes);
  }

  return (
    <Dialog title="Edit item" isOpen onOpenChange={(open) => (open ? null : onClose())} size="sm">
      <form className="list-edit" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(v) => {
            setName(v);
            setError(null);
          }}
          maxLength={ITEM_NAME_MAX}
          isRequired
          isInvalid={!!error}
          errorMessage={error ?? undefined}
          autoFocus
        />
        <TextField label="Amount" value={amount} onChange={setAmount} maxLength={ITEM_AMOUNT_MAX} />
        <Select label="Category" options={OPTIONS} selectedKey={cat} onSelectionChange={(k) => setCat(k as CategoryName)} />
        {canRemember ? (
          <label className="list-edit__check">
            <input type="checkbox" checked={staple} onChange={(e) => setStaple(e.currentTarget.checked)} />
            <span>I always have this (put it under 'You probably have' on my lists)</span>
          </label>
        ) : null}
        <div className="list-edit__buttons">
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Dialog>
  );
}
