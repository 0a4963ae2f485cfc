/**
 * Renaming a list inline (the list page, history and favourite cards): 'Rename' opens a small form in
 * place with the name selected; Enter or Save keeps it, Escape or Cancel puts the button back, and the
 * focus returns to 'Rename' either way. The server checks the right to change the list (PATCH
 * /api/shopping-lists/{id}); its refusal shows under the field.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { LIST_NAME_MAX } from "../../../core/api/constants.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { shopApi } from "../../lib/shop-api.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { TextField } from "../../ui/text-field.tsx";

export interface RenameListProps {
  listId: string;
  name: string;
  /** A signed-out list's edit token (decision 0013), when this browser made it. */
  editToken?: string | null;
  onRenamed: (name: string) => void;
  size?: "sm" | "md";
}

export function RenameList({ listId, name, editToken, onRenamed, size = "sm" }: RenameListProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const buttonRef = useRef<HTMLSpanElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The field's input (TextField keeps its own ref): focused and selected when the form opens.
  const input = () => inputIn(formRef.current);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (open) {
      inputIn(formRef.current)?.focus();
      inputIn(formRef.current)?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.querySelector("button")?.focus();
    }
  }, [open]);

  function close() {
    returnFocus.current = true;
    setOpen(false);
    setError(null);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const next = text.trim();
    if (!next) {
      setError("Give the list a name.");
      input()?.focus();
      return;
    }
    if (next === name) return close();
    setSaving(true);
    try {
      const done = await shopApi.renameList(listId, next, { editToken: editToken ?? null });
      onRenamed(done.name);
      close();
      toast({ title: "List renamed", description: `The list is now called ${done.name}.` });
    } catch (err) {
      setError(failureMessage(err, "Could not rename the list. Please try again."));
      input()?.focus();
    } finally {
      setSaving(false);
    }
  }

  if (!open) {
    return (
      <span ref={buttonRef} className="rename-list__slot">
        <Button
          variant="ghost"
          size={size}
          className="rename-list__open"
          aria-label={`Rename ${name}`}
          onPress={() => {
            setText(name);
            setOpen(true);
          }}
        >
          Rename
        </Button>
      </span>
    );
  }
  return (
    <form
      ref={formRef}
      className="rename-list"
      aria-label={`Rename ${name}`}
      onSubmit={(e) => void save(e)}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <TextField
        label="List name"
        value={text}
        onChange={(v) => {
          setText(v);
          setError(null);
        }}
        maxLength={LIST_NAME_MAX}
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

function inputIn(form: HTMLFormElement | null): HTMLInputElement | null {
  return form?.querySelector("input") ?? null;
}
