/**
 * The servings control of an added recipe on the home page (issue 17, docs/product/screens.md Home):
 * a servings field when the page gave a yield, and the quick choices ×0.5, ×1, ×2 for every recipe.
 * The choice is kept with the added recipe (web/lib/recipes-store.ts) and sent as the recipe's scale
 * when the list is generated. Its own chunk (decision 0115): the home page's first load does not
 * carry the number field's parsing and formatting.
 */
import { Button, Group, Input, Label, NumberField, ToggleButton, ToggleButtonGroup } from "react-aria-components";
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
  const base = parseYield(recipe.yields)?.servings ?? null;
  const scale = clampScale(recipe.scale);
  const quick = QUICK_SCALES.find((q) => q === scale);
  return (
    <div className="servings">
      {base !== null ? (
        <NumberField
          className="servings__field"
          value={servingsForScale(scale, base)}
          {...servingsRange(base)}
          formatOptions={{ maximumFractionDigits: 2 }}
          onChange={(wanted) => {
            // A cleared field changes nothing (NaN); the last servings stay.
            if (Number.isFinite(wanted)) setRecipeScale(recipe.id, scaleForServings(wanted, base));
          }}
        >
          <Label className="servings__label">
            Servings<span className="visually-hidden"> for {recipe.title}</span>
          </Label>
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
      <ToggleButtonGroup
        className="servings__quick"
        aria-label={`Scale ${recipe.title}`}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={quick === undefined ? [] : [String(quick)]}
        onSelectionChange={(keys) => {
          const [key] = keys;
          if (key !== undefined) setRecipeScale(recipe.id, Number(key));
        }}
      >
        {QUICK_SCALES.map((q) => (
          <ToggleButton key={q} id={String(q)} className="servings__choice">
            ×{formatCount(q)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
