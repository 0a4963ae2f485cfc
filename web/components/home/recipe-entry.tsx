/**
 * The recipe-entry card (SPEC §2 Home, §5): tabs 'From URL' and 'Manual Entry'. Validation
 * speaks through toasts in the spec's words; Enter submits the URL. While a page is imported
 * the card shows progress and the button cannot be pressed again.
 */
import { type FormEvent, useState } from "react";
import { api, ApiError, errorText } from "../../lib/api.ts";
import { upsertRecipe } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../../ui/tabs.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { isRecipeUrl, splitIngredients } from "./recipe-input.ts";
import { toAddedRecipe } from "./to-added-recipe.ts";

/** Source of a typed recipe (SPEC §3; the server stores it whatever is sent). Not imported from
 * core/api/recipes.ts, which would bring zod into the home page bundle. */
const MANUAL_SOURCE = "manually added";

export function RecipeEntry() {
  return (
    <section className="entry-card" aria-labelledby="entry-title">
      <h2 id="entry-title" className="entry-card__title">
        Add a recipe
      </h2>
      <Tabs defaultSelectedKey="url">
        <TabList aria-label="How to add a recipe">
          <Tab id="url">From URL</Tab>
          <Tab id="manual">Manual Entry</Tab>
        </TabList>
        <TabPanel id="url">
          <UrlForm />
        </TabPanel>
        <TabPanel id="manual">
          <ManualForm />
        </TabPanel>
      </Tabs>
    </section>
  );
}

function UrlForm() {
  const [url, setUrl] = useState("");
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const value = url.trim();
    if (!value) {
      toast({ title: "URL required", description: "Please enter a recipe URL.", variant: "destructive" });
      return;
    }
    if (!isRecipeUrl(value)) {
      toast({ title: "Invalid URL", description: "Please enter a valid URL.", variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      const recipe = await api.recipes.parse({ url: value });
      upsertRecipe(toAddedRecipe(recipe));
      setUrl("");
    } catch (err) {
      let description = errorText(err);
      // A site that refuses robots can still be typed in by hand.
      if (err instanceof ApiError && err.problem?.code === "site_blocked" && !/manual/i.test(description)) {
        description += " Try the Manual Entry tab instead.";
      }
      toast({ title: "Error parsing recipe", description, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="entry-form" onSubmit={submit} noValidate aria-busy={pending}>
      <TextField
        label="Recipe URL"
        type="url"
        name="url"
        value={url}
        onChange={setUrl}
        isReadOnly={pending}
        placeholder="https://www.example.com/recipes/your-favourite"
        description="Paste the address of a recipe page or a social post."
        autoComplete="url"
        validationBehavior="aria"
      />
      <div className="entry-form__actions">
        <Button type="submit" isPending={pending}>
          {pending ? "Importing…" : "Add Recipe"}
        </Button>
        {pending ? (
          <span className="entry-form__progress">
            <Spinner size={18} label="Importing recipe, please wait" />
            <span aria-hidden="true">Reading the recipe page…</span>
          </span>
        ) : null}
      </div>
    </form>
  );
}

function ManualForm() {
  const [title, setTitle] = useState("");
  const [ingredients, setIngredients] = useState("");
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const name = title.trim();
    if (!name) {
      toast({ title: "Recipe title required", description: "Please enter a recipe title.", variant: "destructive" });
      return;
    }
    const lines = splitIngredients(ingredients);
    if (lines.length === 0) {
      toast({ title: "Ingredients required", description: "Please enter at least one ingredient.", variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      const recipe = await api.recipes.manual({
        title: name,
        ingredients: lines,
        source: MANUAL_SOURCE,
      });
      upsertRecipe(toAddedRecipe(recipe));
      setTitle("");
      setIngredients("");
    } catch (err) {
      toast({ title: "Error adding recipe", description: errorText(err), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="entry-form" onSubmit={submit} noValidate aria-busy={pending}>
      <TextField
        label="Recipe title"
        name="title"
        value={title}
        onChange={setTitle}
        placeholder="Grandma's lasagne"
        validationBehavior="aria"
      />
      <TextArea
        label="Ingredients"
        name="ingredients"
        value={ingredients}
        onChange={setIngredients}
        rows={6}
        placeholder={"2 cups flour\n1 tsp salt\n3 eggs"}
        description="One ingredient per line."
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
