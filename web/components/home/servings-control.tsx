/**
 * The servings control of an added recipe on the home page (issue 17, docs/product/screens.md Home):
 * a servings field when the page gave a yield, and the quick choices ×0.5, ×1, ×2 for every recipe.
 * The choice is kept with the added recipe (web/lib/recipes-store.ts) and sent as the recipe's scale
 * when the list is generated. Its own chunk (decision 0115): the home page's first load does not
 * carry the number field's parsing and formatting.
 */
import { useId } from "react";
import { Button, Group, Input, NumberField } from "react-aria-components";
import {
  clampScale,
  formatCount,
  parseYield,
  QUICK_SCALES,
  scaleForServings,
  servingsForScale,
  servingsRange,
} from "../../../core/recipe/servings.ts";
import { type AddedRecipe, setRecipeScale } from "../../lib/recipes-store.ts";

export function ServingsControl({ recipe }: { recipe: AddedRecipe }) {
  const yieldId = useId();
  const given = parseYield(recipe.yields);
  const base = given?.servings ?? null;
  const scale = clampScale(recipe.scale);
  return (
    <div className="servings">
      {given ? (
        <span className="servings__yield" id={yieldId}>
          {given.label}
        </span>
      ) : null}
      {base !== null ? (
        <NumberField
          className="servings__field"
          aria-label={`Servings for ${recipe.title}`}
          aria-describedby={yieldId}
          value={servingsForScale(scale, base)}
          {...servingsRange(base)}
          formatOptions={{ maximumFractionDigits: 2 }}
          onChange={(wanted) => {
            // A cleared field changes nothing (NaN); the last servings stay.
            if (Number.isFinite(wanted)) setRecipeScale(recipe.id, scaleForServings(wanted, base));
          }}
        >
          <Group className="servings__group">
            <Button slot="decrement" className="servings__step">
              <span aria-hidden="true">−</span>
            </Button>
            <Input className="servings__input" />
            <Button slot="increment" className="servings__step">
              <span aria-hidden="true">+</span>
            </Button>
          </Group>
        </NumberField>
      ) : null}
      {/* Toggle buttons (aria-pressed) on the Button already in the first load: a ToggleButtonGroup
          would add its focus manager to a chunk the first load shares (decision 0115). */}
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
