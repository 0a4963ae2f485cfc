/**
 * The recipe-entry card's Manual Entry tab (docs/product/screens.md Home, validation.md): a title and one
 * ingredient per line; validation speaks through a toast and an inline message that takes the focus. Its own
 * chunk, loaded when the tab is chosen or at the first interaction (recipe-entry.tsx, decision 0017).
 */
import { type FormEvent, type RefObject, useRef, useState } from "react";
import type { Recipe } from "../../../core/api/recipes.ts";
import { api, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { splitIngredients } from "./split-ingredients.ts";

/** Focuses the named field of a form (after React has shown its error). */
function focusField(form: RefObject<HTMLFormElement | null>, name: string) {
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus());
}

/** Source of a typed recipe (docs/product/data.md; the server stores it whatever is sent). Not imported from
 * core/api/recipes.ts, which would bring zod into the home page bundle. */
const MANUAL_SOURCE = "manually added";

/** What the Manual Entry tab starts with when a post's caption is carried over. */
export interface ManualPrefill {
  title: string;
  ingredients: string;
  /** Focus the title field when the tab opens (the person pressed "Enter by hand"). */
  focus: boolean;
}

/**
 * @param onAdded gets the server's answer; the card keeps it with the added recipes (recipe-entry.tsx, so this
 * chunk and the first load share no module for it).
 */
export function ManualForm({ prefill, onAdded }: { prefill: ManualPrefill | null; onAdded: (recipe: Recipe) => void }) {
  const [title, setTitle] = useState(prefill?.title ?? "");
  const [ingredients, setIngredients] = useState(prefill?.ingredients ?? "");
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; ingredients?: string }>({});
  const form = useRef<HTMLFormElement>(null);
  // The error toast showing for this form: closed once the recipe is added (decision 0042).
  const failure = useRef<(() => void) | null>(null);

  function invalid(field: "title" | "ingredients", title: string, description: string) {
    failure.current = toast({ title, description, variant: "destructive" });
    setErrors({ [field]: description });
    focusField(form, field);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const name = title.trim();
    if (!name) return invalid("title", "Recipe title required", "Please enter a recipe title.");
    const lines = splitIngredients(ingredients);
    if (lines.length === 0) return invalid("ingredients", "Ingredients required", "Please enter at least one ingredient.");
    setErrors({});
    setPending(true);
    try {
      const recipe = await api.recipes.manual({
        title: name,
        ingredients: lines,
        source: MANUAL_SOURCE,
      });
      setTitle("");
      setIngredients("");
      failure.current?.();
      onAdded(recipe);
    } catch (err) {
      failure.current = toast({ title: "Error adding recipe", description: errorText(err), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={form} className="entry-form" onSubmit={submit} noValidate aria-busy={pending}>
      <TextField
        label="Recipe title"
        name="title"
        value={title}
        onChange={(v) => {
          setTitle(v);
          setErrors((e) => ({ ...e, title: undefined }));
        }}
        isInvalid={errors.title !== undefined}
        errorMessage={errors.title}
        autoFocus={prefill?.focus ?? false}
        placeholder="Grandma's lasagne"
        validationBehavior="aria"
      />
      <TextArea
        label="Ingredients"
        name="ingredients"
        value={ingredients}
        onChange={(v) => {
          setIngredients(v);
          setErrors((e) => ({ ...e, ingredients: undefined }));
        }}
        isInvalid={errors.ingredients !== undefined}
        errorMessage={errors.ingredients}
        rows={6}
        placeholder={"2 cups flour\n1 tsp salt\n3 eggs"}
        description={
          prefill?.ingredients
            ? "Filled in from the post's caption: keep one ingredient per line and delete the rest."
            : "One ingredient per line."
        }
        validationBehavior="aria"
      />
      <div className="entry-form__actions">
        <Button type="submit" isPending={pending}>
          {pending ? "Adding…" : "Add Recipe"}
        </Button>
      </div>
    </form>
  );
}
