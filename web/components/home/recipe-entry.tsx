/**
 * The recipe-entry card (docs/product/screens.md Home, validation.md): tabs 'From URL' and 'Manual Entry'. Validation
 * speaks through toasts in the spec's words and, at the field, an inline message that takes the
 * focus; Enter submits the URL, an address without a scheme gets https://, and a page already in
 * the added recipes is not imported twice (decision 0103). While a page is imported
 * the card shows progress and the button cannot be pressed again. A social post without a recipe
 * (decision 0072) shows why in the card and offers to import the recipe page its caption links to,
 * or to enter the recipe by hand with the caption filled in. The browser extension asks for the same
 * with `#manual=1&title=…&caption=…` (add-from-link.ts, decision 0108).
 */
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import type { Key } from "react-aria-components";
import { useLocation, useNavigate } from "react-router";
import { api, ApiError, errorText } from "../../lib/api.ts";
import { upsertRecipe, useRecipesState } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../../ui/tabs.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { readManualFragment } from "./add-from-link.ts";
import { type PostProblem, readPostProblem, shortAddress } from "./post-problem.ts";
import { isRecipeUrl, sameRecipeUrl, splitIngredients, withScheme } from "./recipe-input.ts";
import { toAddedRecipe } from "./to-added-recipe.ts";

/** Source of a typed recipe (docs/product/data.md; the server stores it whatever is sent). Not imported from
 * core/api/recipes.ts, which would bring zod into the home page bundle. */
const MANUAL_SOURCE = "manually added";

/** What the Manual Entry tab starts with when a post's caption is carried over. */
interface ManualPrefill {
  title: string;
  ingredients: string;
  /** Focus the title field when the tab opens (the person pressed "Enter by hand"). */
  focus: boolean;
}

export function RecipeEntry() {
  const [tab, setTab] = useState<Key>("url");
  const [prefill, setPrefill] = useState<ManualPrefill | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // A link asking for a manual entry (the extension's 'Open in recipecart' for a post): Manual Entry
  // opens with the post's title and caption, and the fragment leaves the address.
  useEffect(() => {
    const asked = readManualFragment(location.hash);
    if (!asked) return;
    setPrefill({ title: asked.title, ingredients: asked.caption, focus: true });
    setTab("manual");
    void navigate({ search: location.search, hash: "" }, { replace: true, preventScrollReset: true });
  }, [location.hash, location.search, navigate]);
  return (
    <section className="entry-card" aria-labelledby="entry-title">
      <h2 id="entry-title" className="entry-card__title">
        Add a recipe
      </h2>
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label="How to add a recipe">
          <Tab id="url">From URL</Tab>
          <Tab id="manual">Manual Entry</Tab>
        </TabList>
        <TabPanel id="url">
          <UrlForm
            onManual={(p) => {
              setPrefill({ title: p.title, ingredients: p.caption, focus: true });
              setTab("manual");
            }}
          />
        </TabPanel>
        <TabPanel id="manual">
          <ManualForm prefill={prefill} onAdded={() => setPrefill(null)} />
        </TabPanel>
      </Tabs>
    </section>
  );
}

/** Focuses the named field of a form (after React has shown its error). */
function focusField(form: RefObject<HTMLFormElement | null>, name: string) {
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus());
}

function UrlForm({ onManual }: { onManual: (post: PostProblem) => void }) {
  const [url, setUrl] = useState("");
  const [pending, setPending] = useState(false);
  const [post, setPost] = useState<PostProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { recipes } = useRecipesState();

  function invalid(title: string, description: string) {
    toast({ title, description, variant: "destructive" });
    setError(description);
    focusField(formRef, "url");
  }

  async function importLinked(linked: string) {
    if (pending) return;
    setPending(true);
    try {
      const recipe = await api.recipes.parse({ url: linked });
      upsertRecipe(toAddedRecipe(recipe));
      setPost(null);
      setUrl("");
      // the pressed button goes away with the notice: focus returns to the URL field
      formRef.current?.querySelector("input")?.focus();
    } catch (err) {
      toast({ title: "Error parsing recipe", description: errorText(err), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const value = withScheme(url);
    if (!value) return invalid("URL required", "Please enter a recipe URL.");
    if (!isRecipeUrl(value)) return invalid("Invalid URL", "Please enter a valid URL.");
    if (value !== url) setUrl(value);
    const already = recipes.find((r) => r.url && sameRecipeUrl(r.url, value));
    if (already) {
      return invalid("Recipe already added", `${already.title} is already in your recipes. Open it there to change it.`);
    }
    setError(null);
    setPending(true);
    setPost(null);
    try {
      const recipe = await api.recipes.parse({ url: value });
      upsertRecipe(toAddedRecipe(recipe));
      setUrl("");
    } catch (err) {
      // A social post without a recipe: say so in the card and offer the ways on.
      const postProblem = readPostProblem(err);
      if (postProblem) {
        setPost(postProblem);
        return;
      }
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
    <form ref={formRef} className="entry-form" onSubmit={submit} noValidate aria-busy={pending}>
      <TextField
        label="Recipe URL"
        type="url"
        name="url"
        value={url}
        onChange={(v) => {
          setUrl(v);
          setError(null);
        }}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
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
      {post ? (
        <div className="entry-notice">
          <div role="alert">
            <p className="entry-notice__title">No recipe in this post</p>
            <p className="entry-notice__text">{post.message}</p>
            {post.recipeUrl ? (
              <p className="entry-notice__link">
                Linked page: <span className="entry-notice__address">{shortAddress(post.recipeUrl)}</span>
              </p>
            ) : null}
          </div>
          <div className="entry-form__actions">
            {post.recipeUrl ? (
              <Button onPress={() => post.recipeUrl && importLinked(post.recipeUrl)} isPending={pending}>
                Import linked recipe
              </Button>
            ) : null}
            <Button variant={post.recipeUrl ? "outline" : "primary"} isDisabled={pending} onPress={() => onManual(post)}>
              Enter by hand
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

function ManualForm({ prefill, onAdded }: { prefill: ManualPrefill | null; onAdded: () => void }) {
  const [title, setTitle] = useState(prefill?.title ?? "");
  const [ingredients, setIngredients] = useState(prefill?.ingredients ?? "");
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; ingredients?: string }>({});
  const form = useRef<HTMLFormElement>(null);

  function invalid(field: "title" | "ingredients", title: string, description: string) {
    toast({ title, description, variant: "destructive" });
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
      upsertRecipe(toAddedRecipe(recipe));
      setTitle("");
      setIngredients("");
      onAdded();
    } catch (err) {
      toast({ title: "Error adding recipe", description: errorText(err), variant: "destructive" });
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
