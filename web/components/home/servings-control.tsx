/**
 * The servings control of an added recipe on the home page (docs/product/screens.md Home):
 * a servings field when the page gave a yield, and the quick choices ×0.5, ×1, ×2 for every recipe.
 * The choice is kept with the added recipe (web/lib/recipes-store.ts) and sent as the recipe's scale
 * when the list is generated. Its own chunk (decision 0030): the home page's first load does not
 * carry it.
 *
 * The field itself (react-aria's NumberField with its number parsing, servings-field.tsx) is one more
 * chunk, loaded at the visitor's first interaction (decision 0017): until then the same field is drawn
 * from plain elements, with the same value, written the same way (Intl.NumberFormat in the page's
 * locale, at most two decimals), so nothing moves or changes when it is replaced. Its step buttons
 * already work; focusing its text box loads the field, which takes the focus over.
 */
import { useEffect, useId, useState } from "react";
import { Button, useLocale } from "react-aria-components";
import {
  clampScale,
  formatCount,
  parseYield,
  QUICK_SCALES,
  scaleForServings,
  servingsForScale,
  servingsRange,
} from "../../../core/recipe/servings.ts";
import { onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { type AddedRecipe, setRecipeScale } from "../../lib/recipes-store.ts";

const servingsField = lazyPart(() => import("./servings-field.tsx").then((m) => m.ServingsField));

export function ServingsControl({ recipe }: { recipe: AddedRecipe }) {
  const yieldId = useId();
  const given = parseYield(recipe.yields);
  const base = given?.servings ?? null;
  const scale = clampScale(recipe.scale);
  const [ServingsField, requestField] = useLazyPart(servingsField);
  // Whether the visitor was in the preview's text box when the field arrived.
  const [focusField, setFocusField] = useState(false);
  const withField = base !== null;
  useEffect(
    () => (withField && !ServingsField ? onFirstInteraction(() => void requestField()) : undefined),
    [withField, ServingsField, requestField],
  );
  return (
    <div className="servings">
      {given ? (
        <span className="servings__yield" id={yieldId}>
          {given.label}
        </span>
      ) : null}
      {base === null ? null : ServingsField ? (
        <ServingsField
          recipeId={recipe.id}
          title={recipe.title}
          base={base}
          value={servingsForScale(scale, base)}
          describedBy={yieldId}
          autoFocus={focusField}
        />
      ) : (
        <ServingsFieldPreview
          recipe={recipe}
          base={base}
          value={servingsForScale(scale, base)}
          describedBy={yieldId}
          onFocus={() => {
            setFocusField(true);
            void requestField();
          }}
          onBlur={() => setFocusField(false)}
        />
      )}
      {/* Toggle buttons (aria-pressed) on the Button already in the first load: a ToggleButtonGroup
          would add its focus manager to a chunk the first load shares (decision 0030). */}
      <fieldset className="servings__quick">
        <legend className="visually-hidden">Scale {recipe.title}</legend>
        {QUICK_SCALES.map((q) => (
          <Button key={q} className="servings__choice" aria-pressed={scale === q} onPress={() => setRecipeScale(recipe.id, q)}>
            ×{formatCount(q)}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}

/** One formatter per locale, the way the field writes numbers (SERVINGS_FORMAT in servings-field.tsx). */
const formatters = new Map<string, Intl.NumberFormat>();
function formatServings(value: number, locale: string): string {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    formatters.set(locale, format);
  }
  return format.format(value);
}

/**
 * The servings field before its chunk is in: the same elements and classes as react-aria's NumberField
 * renders (a group with −, the text box, +). The text box is read-only; the step buttons change the
 * servings by one within servingsRange, as the field's do.
 */
function ServingsFieldPreview(props: {
  recipe: AddedRecipe;
  base: number;
  value: number;
  describedBy: string;
  onFocus: () => void;
  onBlur: () => void;
}) {
  const { recipe, base, value, describedBy } = props;
  const { locale } = useLocale();
  const range = servingsRange(base);
  const label = `Servings for ${recipe.title}`;
  const step = (by: number) => {
    const wanted = Math.min(range.max, Math.max(range.min, Math.round(value) + by));
    setRecipeScale(recipe.id, scaleForServings(wanted, base));
  };
  return (
    <div className="servings__field">
      <div className="servings__group">
        <button type="button" className="servings__step" tabIndex={-1} aria-label={`Decrease ${label}`} onClick={() => step(-1)}>
          <span aria-hidden="true">−</span>
        </button>
        <input
          className="servings__input"
          type="text"
          inputMode="decimal"
          readOnly
          aria-label={label}
          aria-describedby={describedBy}
          value={formatServings(value, locale)}
          onFocus={props.onFocus}
          onBlur={props.onBlur}
        />
        <button type="button" className="servings__step" tabIndex={-1} aria-label={`Increase ${label}`} onClick={() => step(1)}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
