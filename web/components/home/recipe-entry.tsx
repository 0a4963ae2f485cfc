/**
 * The recipe-entry card (docs/product/screens.md Home, validation.md): tabs 'From URL' and 'Manual Entry'. Validation
 * speaks through toasts in the spec's words and, at the field, an inline message that takes the
 * focus; Enter submits the URL, an address without a scheme gets https://, and a page already in
 * the added recipes is not imported twice (decision 0027). While a page is imported
 * the card shows progress and the button cannot be pressed again; a signed-in user's page imported
 * before brings back their saved recipe, and says so (decision 0042). A social post without a recipe
 * (decision 0009) shows why in the card and offers to import the recipe page its caption links to,
 * or to enter the recipe by hand with the caption filled in. The browser extension asks for the same
 * with `#manual=1&title=…&caption=…` (add-from-link.ts, decision 0024).
 */
import { type FormEvent, memo, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, ApiError, errorText } from "../../lib/api.ts";
import { currentRecipes, upsertRecipe } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { onFirstInteraction } from "../../lib/interaction.ts";
import { readManualFragment } from "./add-from-link.ts";
import type { ManualPrefill } from "./manual-form.tsx";
import type { Recipe } from "../../../core/api/recipes.ts";
import type { PostProblem } from "./post-problem.ts";
import { isRecipeUrl, sameRecipeUrl, withScheme } from "./recipe-input.ts";
import { type PreviewTab, TabsPreview } from "./tabs-preview.tsx";
import { toAddedRecipe } from "./to-added-recipe.ts";

/**
 * The Manual Entry form is not shown until its tab is chosen, so its code is a separate chunk (decision
 * 0017): fetched at the visitor's first interaction, and when the tab opens at the latest.
 */
const manualForm = lazyPart(() => import("./manual-form.tsx").then((m) => m.ManualForm));

/** What a panel shows while its code loads, or when that failed (the next use tries again). */
function PanelLoading({ failed }: { failed: boolean }) {
  return failed ? (
    <p role="alert">Could not load the form. Please try again.</p>
  ) : (
    <p className="entry-form__progress">
      <Spinner size={18} label="Loading the form" />
    </p>
  );
}

/** The Manual Entry form once its chunk is in; meanwhile the panel says it is loading (or that it failed). */
function ManualFormSlot(props: { prefill: ManualPrefill | null; onAdded: (recipe: Recipe) => void }) {
  const [ManualForm, request] = useLazyPart(manualForm);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ManualForm) return;
    let live = true;
    void request().then((loaded) => live && setFailed(!loaded));
    return () => {
      live = false;
    };
  }, [ManualForm, request]);
  if (ManualForm) return <ManualForm {...props} />;
  return <PanelLoading failed={failed} />;
}

type EntryTab = "url" | "manual";
const ENTRY_TABS: readonly PreviewTab<EntryTab>[] = [
  { id: "url", label: "From URL" },
  { id: "manual", label: "Manual Entry" },
];
const TABLIST_LABEL = "How to add a recipe";

/**
 * react-aria-components' Tabs (web/ui/tabs.tsx) with their collection and selection code: not in the first
 * load (decision 0017). Fetched at the visitor's first interaction; they replace the same-looking preview
 * (tabs-preview.tsx) when the visitor reaches for the tabs, or when the page opens Manual Entry itself.
 */
const realTabs = lazyPart(() => import("../../ui/tabs.tsx"));
type TabsUi = NonNullable<ReturnType<typeof realTabs.get>>;

/** The real tab list; memoised, so typing in the URL field does not draw the tabs again. */
const RealTabList = memo(function RealTabList({ ui }: { ui: TabsUi }) {
  return (
    <ui.TabList aria-label={TABLIST_LABEL}>
      {ENTRY_TABS.map((t) => (
        <ui.Tab key={t.id} id={t.id}>
          {t.label}
        </ui.Tab>
      ))}
    </ui.TabList>
  );
});

/**
 * Memoised: it takes no props, so the home page's renders after hydration (the saved recipes and last
 * list arriving from local storage) leave the tabs alone (decision 0017).
 */
export const RecipeEntry = memo(function RecipeEntry() {
  // Manual Entry's code and the real tabs, fetched ahead at the first interaction (decision 0017).
  useEffect(
    () =>
      onFirstInteraction(() => {
        void manualForm.load();
        void realTabs.load();
      }),
    [],
  );
  const [ui, requestTabs] = useLazyPart(realTabs);
  // Whether the real tabs have replaced the preview (they then stay); a client-side visit finds them loaded.
  const [live, setLive] = useState(() => realTabs.get() !== undefined);
  const [tabsFailed, setTabsFailed] = useState(false);
  const [tab, setTab] = useState<EntryTab>("url");
  const [prefill, setPrefill] = useState<ManualPrefill | null>(null);
  // The URL form's state lives here: the form is drawn again inside the real tabs when they take over.
  const urlEntry = useUrlEntry();
  const cardRef = useRef<HTMLElement>(null);
  // The visitor was on the preview's tabs: the real selected tab takes the focus when it is drawn.
  const focusRealTab = useRef(false);
  const location = useLocation();
  const navigate = useNavigate();

  /**
   * The real tabs take over: at once when they are loaded or when `now` (the page switches the tab itself);
   * when they arrive later, unless the visitor has meanwhile moved into the panel (the URL field is not
   * replaced under their fingers; their next step onto the tabs hands over).
   */
  const takeOver = useCallback(
    (now: boolean) => {
      const loadedAlready = realTabs.get() !== undefined;
      setTabsFailed(false);
      void requestTabs().then((loaded) => {
        if (!loaded) return setTabsFailed(true);
        const panel = cardRef.current?.querySelector("[role=tabpanel]");
        if (now || loadedAlready || !panel?.contains(document.activeElement)) setLive(true);
      });
    },
    [requestTabs],
  );
  const openManual = useCallback(
    (next: ManualPrefill) => {
      setPrefill(next);
      setTab("manual");
      takeOver(true);
    },
    [takeOver],
  );

  useLayoutEffect(() => {
    if (!live || !focusRealTab.current) return;
    focusRealTab.current = false;
    // Only when the focus went down with the preview's tab (it is on the body now), never away from elsewhere.
    const focusSelected = () => {
      if (document.activeElement && document.activeElement !== document.body) return true;
      const selected = cardRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      selected?.focus();
      return Boolean(selected);
    };
    if (!focusSelected()) requestAnimationFrame(focusSelected);
  }, [live]);

  // A link asking for a manual entry (the extension's 'Open in recipecart' for a post): Manual Entry
  // opens with the post's title and caption, and the fragment leaves the address.
  useEffect(() => {
    const asked = readManualFragment(location.hash);
    if (!asked) return;
    openManual({ title: asked.title, ingredients: asked.caption, focus: true });
    void navigate({ search: location.search, hash: "" }, { replace: true, preventScrollReset: true });
  }, [location.hash, location.search, navigate, openManual]);

  const urlPanel = <UrlForm entry={urlEntry} onManual={(p) => openManual({ title: p.title, ingredients: p.caption, focus: true })} />;
  return (
    <section ref={cardRef} className="entry-card" aria-labelledby="entry-title">
      <h2 id="entry-title" className="entry-card__title">
        Add a recipe
      </h2>
      {live && ui ? (
        <ui.Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key === "manual" ? "manual" : "url")}>
          <RealTabList ui={ui} />
          <ui.TabPanel id="url">{urlPanel}</ui.TabPanel>
          <ui.TabPanel id="manual">
            <ManualFormSlot
              prefill={prefill}
              onAdded={(recipe) => {
                upsertRecipe(toAddedRecipe(recipe));
                setPrefill(null);
              }}
            />
          </ui.TabPanel>
        </ui.Tabs>
      ) : (
        <TabsPreview
          tabs={ENTRY_TABS}
          selected={tab}
          label={TABLIST_LABEL}
          onReach={() => {
            focusRealTab.current = true;
            takeOver(false);
          }}
          onSelect={(next) => {
            setTab(next);
            takeOver(false);
          }}
          panelFocusable={tab === "manual"}
        >
          {/* Manual Entry's form waits for the real tabs, so nothing typed into it is drawn again. */}
          {tab === "url" ? urlPanel : <PanelLoading failed={tabsFailed} />}
        </TabsPreview>
      )}
    </section>
  );
});

/** The URL form's state, kept by RecipeEntry (the form is drawn again when the real tabs take over). */
function useUrlEntry() {
  const [url, setUrl] = useState("");
  const [pending, setPending] = useState(false);
  const [post, setPost] = useState<PostProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The error toast showing for this form: closed once an import goes through (decision 0042).
  const failure = useRef<(() => void) | null>(null);
  return { url, setUrl, pending, setPending, post, setPost, error, setError, formRef, failure };
}
type UrlEntry = ReturnType<typeof useUrlEntry>;

/** A signed-in user's page imported before: their saved recipe was added, not a second copy (decision 0042). */
const alreadySaved = (title: string) =>
  toast({ title: "Recipe already saved", description: `${title} was in your recipes already: your saved copy was added.` });

/** Focuses the named field of a form (after React has shown its error). */
function focusField(form: RefObject<HTMLFormElement | null>, name: string) {
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus());
}

/** The notice for a social post without a recipe: shown only after such an answer, so loaded then (decision 0017). */
const postNotice = lazyPart(() => import("./post-notice.tsx"));

function UrlForm({ entry, onManual }: { entry: UrlEntry; onManual: (post: PostProblem) => void }) {
  const { url, setUrl, pending, setPending, post, setPost, error, setError, formRef, failure } = entry;
  const PostNotice = postNotice.get()?.PostNotice;

  function invalid(title: string, description: string) {
    failure.current = toast({ title, description, variant: "destructive" });
    setError(description);
    focusField(formRef, "url");
  }

  async function importLinked(linked: string) {
    if (pending) return;
    setPending(true);
    try {
      const recipe = await api.recipes.parse({ url: linked });
      upsertRecipe(toAddedRecipe(recipe));
      failure.current?.();
      if (recipe.existing) alreadySaved(recipe.title);
      setPost(null);
      setUrl("");
      // the pressed button goes away with the notice: focus returns to the URL field
      formRef.current?.querySelector("input")?.focus();
    } catch (err) {
      failure.current = toast({ title: "Error parsing recipe", description: errorText(err), variant: "destructive" });
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
    // Read when submitted: the card does not render again each time the recipes change (decision 0017).
    const already = currentRecipes().find((r) => r.url && sameRecipeUrl(r.url, value));
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
      failure.current?.();
      if (recipe.existing) alreadySaved(recipe.title);
    } catch (err) {
      // A social post without a recipe: say so in the card and offer the ways on (the notice's code loads now).
      if (err instanceof ApiError && err.problem?.code === "no_recipe_in_post") {
        const postProblem = (await postNotice.load())?.readPostProblem(err);
        if (postProblem) {
          setPost(postProblem);
          return;
        }
      }
      let description = errorText(err);
      // A site that refuses robots can still be typed in by hand.
      if (err instanceof ApiError && err.problem?.code === "site_blocked" && !/manual/i.test(description)) {
        description += " Try the Manual Entry tab instead.";
      }
      failure.current = toast({ title: "Error parsing recipe", description, variant: "destructive" });
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
      {post && PostNotice ? (
        <PostNotice post={post} pending={pending} onImport={(url) => void importLinked(url)} onManual={() => onManual(post)} />
      ) : null}
    </form>
  );
}
