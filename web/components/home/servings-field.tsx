/**
 * The servings field of an added recipe (react-aria's NumberField: its number parsing and formatting, the
 * step buttons and the keyboard). Its own chunk, loaded at the visitor's first interaction (decision 0017):
 * until then servings-control.tsx shows the same field from plain elements (ServingsFieldPreview).
 */
import { Button, Group, Input, NumberField } from "react-aria-components";
import { scaleForServings, servingsRange } from "../../../core/recipe/servings.ts";
import { setRecipeScale } from "../../lib/recipes-store.ts";

export interface ServingsFieldProps {
  recipeId: string;
  title: string;
  /** The servings the page's yield gives. */
  base: number;
  /** The servings shown (the chosen scale applied to `base`). */
  value: number;
  /** The id of the yield text that describes the field. */
  describedBy: string;
  /** Focus the field when it appears (the visitor was in its preview). */
  autoFocus?: boolean;
}

export function ServingsField({ recipeId, title, base, value, describedBy, autoFocus }: ServingsFieldProps) {
  const range = servingsRange(base);
  return (
    <NumberField
      className="servings__field"
      aria-label={`Servings for ${title}`}
      aria-describedby={describedBy}
      value={value}
      minValue={range.min}
      maxValue={range.max}
      formatOptions={SERVINGS_FORMAT}
      autoFocus={autoFocus}
      onChange={(wanted) => {
        // A cleared field changes nothing (NaN); the last servings stay.
        if (Number.isFinite(wanted)) setRecipeScale(recipeId, scaleForServings(wanted, base));
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
  );
}

/** How the field writes a number: up to two decimals (the preview formats the same way). */
export const SERVINGS_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };
