/**
 * Where an added recipe's servings control goes. The control (react-aria's NumberField with its number
 * parsing, and the quick choices) is a separate chunk fetched once there are recipes to scale
 * (decision 0115); until it is there a blank of the same height keeps the row from shifting.
 */
import { useEffect } from "react";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import type { AddedRecipe } from "../../lib/recipes-store.ts";

const servingsControl = lazyPart(() => import("./servings-control.tsx").then((m) => m.ServingsControl));

export function ServingsSlot({ recipe }: { recipe: AddedRecipe }) {
  const [ServingsControl, request] = useLazyPart(servingsControl);
  useEffect(() => {
    void request();
  }, [request]);
  return ServingsControl ? <ServingsControl recipe={recipe} /> : <div className="servings servings--loading" aria-hidden="true" />;
}
