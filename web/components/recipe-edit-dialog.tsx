/**
 * The recipe edit dialog (docs/product/screens.md, behaviour.md, validation.md): opens with the current title and ingredient rows
 * and starts afresh on every open. Rows can be added, removed and edited; a change is committed
 * when the field is left and becomes an undo step (dropping redo steps). Save is disabled with a
 * blank title and drops blank rows; remove is disabled on the last row. Closes after save or delete;
 * Delete hands the recipe to `onDelete`, which takes it off at once and deletes it on the server
 * only when its toast closes without Undo (decision 0027). A recipe imported from a link has 'Refresh from
 * the site' (decision 0012): fetched again, whatever the server's 24 h cache holds, and replaced in place.
 */
import { useEffect, useReducer, useRef, useState } from "react";
import { TextArea as AriaTextArea, TextField as AriaTextField } from "react-aria-components";
import { api, errorText } from "../lib/api.ts";
import { canRedo, canUndo, createHistory, currentSnapshot, type EditHistory, pushSnapshot, redo, undo } from "../lib/edit-history.ts";
import { type AddedRecipe, upsertRecipe } from "../lib/recipes-store.ts";
import { toast } from "../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toAddedRecipe } from "./home/to-added-recipe.ts";

export interface RecipeEditDialogProps {
  /** The recipe to edit; the dialog is open while this is set. */
  recipe: AddedRecipe | null;
  onClose: () => void;
  /** Delete was pressed: the caller removes the recipe (with Undo); the dialog then closes. */
  onDelete: (recipe: AddedRecipe) => void;
}

export function RecipeEditDialog({ recipe, onClose, onDelete }: RecipeEditDialogProps) {
  return (
    <Dialog
      title="Edit Recipe"
      description="Change the title or the ingredients. Each change can be undone."
      isOpen={recipe !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={false}
      size="lg"
    >
      {/* Mounted only while open, so every open starts from the recipe as it is now. */}
      {recipe ? <EditForm key={recipe.id} recipe={recipe} onDone={onClose} onDelete={onDelete} /> : null}
    </Dialog>
  );
}

interface RowsState {
  history: EditHistory<string[]>;
  /** What the fields show now, including an edit not yet committed by leaving the field. */
  rows: string[];
}

type RowsAction =
  | { type: "type"; index: number; value: string }
  | { type: "commit" }
  /** A blank row after row `after` (at the end without it). */
  | { type: "add"; after?: number }
  | { type: "remove"; index: number }
  | { type: "undo" }
  | { type: "redo" };

function rowsReducer(state: RowsState, action: RowsAction): RowsState {
  switch (action.type) {
    case "type":
      return { ...state, rows: state.rows.map((r, i) => (i === action.index ? action.value : r)) };
    case "commit":
      return { ...state, history: pushSnapshot(state.history, state.rows) };
    case "add": {
      const at = action.after === undefined ? state.rows.length : action.after + 1;
      const rows = [...state.rows.slice(0, at), "", ...state.rows.slice(at)];
      return { rows, history: pushSnapshot(state.history, rows, () => false) };
    }
    case "remove": {
      if (state.rows.length <= 1) return state;
      const rows = state.rows.filter((_, i) => i !== action.index);
      return { rows, history: pushSnapshot(state.history, rows, () => false) };
    }
    case "undo": {
      const committed = pushSnapshot(state.history, state.rows);
      const history = undo(committed);
      return { history, rows: currentSnapshot(history) };
    }
    case "redo": {
      const history = redo(state.history);
      return { history, rows: currentSnapshot(history) };
    }
  }
}

function initRows(ingredients: string[]): RowsState {
  const rows = ingredients.length ? [...ingredients] : [""];
  return { history: createHistory(rows), rows };
}

function EditForm({ recipe, onDone, onDelete }: { recipe: AddedRecipe; onDone: () => void; onDelete: (recipe: AddedRecipe) => void }) {
  const [title, setTitle] = useState(recipe.title);
  const [state, dispatch] = useReducer(rowsReducer, recipe.ingredients, initRows);
  const [busy, setBusy] = useState<"save" | "refresh" | null>(null);
  // A recipe imported from a link can be fetched again from its site (its title and lines as the page has them now).
  const fromSite = Boolean(recipe.url);
  // The row a new blank row was just put at: focused once it is on screen, so typing goes into it.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusRow === null) return;
    list.current?.querySelectorAll<HTMLTextAreaElement>("textarea")[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow]);
  function addRow(after?: number) {
    dispatch({ type: "add", after });
    setFocusRow(after === undefined ? state.rows.length : after + 1);
  }
  const titleBlank = title.trim() === "";
  // An uncommitted edit counts as a step that undo can take back.
  const dirty = JSON.stringify(state.rows) !== JSON.stringify(currentSnapshot(state.history));

  async function save() {
    if (titleBlank || busy) return;
    setBusy("save");
    try {
      const ingredients = state.rows.map((r) => r.trim()).filter(Boolean);
      const updated = await api.recipes.update(recipe.id, { title: title.trim(), ingredients }, { editToken: recipe.editToken });
      upsertRecipe(toAddedRecipe(updated));
      onDone();
    } catch (err) {
      toast({ title: "Error updating recipe", description: errorText(err), variant: "destructive" });
      setBusy(null);
    }
  }

  async function refresh() {
    if (busy) return;
    setBusy("refresh");
    try {
      const fresh = await api.recipes.refresh(recipe.id, { editToken: recipe.editToken });
      upsertRecipe(toAddedRecipe(fresh));
      toast({ title: "Recipe refreshed", description: `${fresh.title} now reads as its site has it.` });
      onDone();
    } catch (err) {
      toast({ title: "Could not refresh the recipe", description: errorText(err), variant: "destructive" });
      setBusy(null);
    }
  }

  function remove() {
    if (busy) return;
    onDelete(recipe);
    onDone();
  }

  return (
    <div className="edit-form">
      <TextField label="Title" value={title} onChange={setTitle} isRequired validationBehavior="aria" />
      {titleBlank ? (
        <p className="edit-form__hint" role="status">
          A recipe needs a title before it can be saved.
        </p>
      ) : null}
      <fieldset className="edit-form__rows">
        <legend className="field__label">Ingredients</legend>
        <ol ref={list} className="edit-form__list">
          {state.rows.map((row, i) => (
            // Rows have no identity of their own: position is what undo and redo restore.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="edit-form__row">
              <AriaTextField
                aria-label={`Ingredient ${i + 1}`}
                value={row}
                onChange={(value) => dispatch({ type: "type", index: i, value })}
                onBlur={() => dispatch({ type: "commit" })}
                onKeyDown={(e) => {
                  // Enter adds the next row (and keeps the dialog open) instead of submitting anything.
                  if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
                  e.preventDefault();
                  addRow(i);
                }}
                className="edit-form__field"
              >
                {/* One line that grows: long ingredient text wraps instead of scrolling out of sight on a phone. */}
                <AriaTextArea className="input edit-form__input" rows={1} />
              </AriaTextField>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ingredient ${i + 1}`}
                isDisabled={state.rows.length <= 1}
                onPress={() => dispatch({ type: "remove", index: i })}
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Button>
            </li>
          ))}
        </ol>
        <div className="edit-form__tools">
          <Button variant="outline" size="sm" onPress={() => addRow()}>
            Add ingredient
          </Button>
          <Button variant="outline" size="sm" isDisabled={!canUndo(state.history) && !dirty} onPress={() => dispatch({ type: "undo" })}>
            Undo
          </Button>
          <Button variant="outline" size="sm" isDisabled={!canRedo(state.history) || dirty} onPress={() => dispatch({ type: "redo" })}>
            Redo
          </Button>
        </div>
      </fieldset>
      {fromSite ? (
        <div className="edit-form__tools">
          <Button variant="outline" size="sm" onPress={refresh} isPending={busy === "refresh"} isDisabled={busy === "save"}>
            Refresh from the site
          </Button>
        </div>
      ) : null}
      <div className="edit-form__footer">
        <Button variant="destructive" onPress={remove} isDisabled={busy !== null}>
          Delete
        </Button>
        <span className="edit-form__spacer" />
        <Button variant="outline" onPress={onDone} isDisabled={busy !== null}>
          Cancel
        </Button>
        <Button onPress={save} isDisabled={titleBlank || busy === "refresh"} isPending={busy === "save"}>
          Save
        </Button>
      </div>
    </div>
  );
}
