/**
 * 'Add a recipe' on the list page (decision 0037): a recipe page's address is read as on the home page
 * (POST /api/recipes/parse), then the recipe joins this list (POST /api/shopping-lists/{id}/recipes): its items join
 * the list's items of the same name, amounts combined, or come as new rows. The list's room sends the change to every
 * open page, so the others see the amounts change live. Needs the network (the recipe is read on the server).
 */
import { type FormEvent, useState } from "react";
import type { ShoppingList } from "../../../core/api/lists.ts";
import { api, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { isRecipeUrl, withScheme } from "../home/recipe-input.ts";

export function AddRecipe({
  listId,
  units,
  editToken,
  online,
  onAdded,
}: {
  listId: string;
  units: string;
  editToken: () => string | null;
  online: boolean;
  onAdded: (list: ShoppingList) => void;
}) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    setOpen(false);
    setUrl("");
    setError(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const value = withScheme(url);
    if (!value) return setError("Please enter a recipe URL.");
    if (!isRecipeUrl(value)) return setError("Please enter a valid URL.");
    setError(null);
    setPending(true);
    try {
      const recipe = await api.recipes.parse({ url: value });
      const list = await api.lists.addRecipe(listId, { recipeId: recipe.id }, { editToken: editToken(), units });
      onAdded(list);
      close();
      toast({ title: "Recipe added", description: `${recipe.title}: its ingredients are on this list now.` });
    } catch (err) {
      setError(`Error adding recipe. ${errorText(err)}`);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="ghost" size="sm" className="list__add-recipe" isDisabled={!online} onPress={() => setOpen(true)}>
        Add a recipe
      </Button>
      {open ? (
        <Dialog
          title="Add a recipe"
          description="Paste a recipe page's address: its ingredients join this list, amounts combined with what is already on it."
          isOpen
          onOpenChange={(next) => (next ? null : close())}
          isDismissable={!pending}
          size="sm"
        >
          <form className="list-edit" onSubmit={submit} noValidate aria-busy={pending}>
            <TextField
              label="Recipe URL"
              type="url"
              value={url}
              onChange={(v) => {
                setUrl(v);
                setError(null);
              }}
              isRequired
              isInvalid={!!error}
              errorMessage={error ?? undefined}
              placeholder="https://..."
              autoFocus
            />
            <div className="list-edit__buttons">
              <Button variant="outline" onPress={close} isDisabled={pending}>
                Cancel
              </Button>
              <Button type="submit" isPending={pending}>
                Add recipe
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
