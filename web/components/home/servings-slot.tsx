/**
 * Where an added recipe's servings control goes. The control (react-aria's NumberField with its number
 * parsing, and the quick choices) is a separate chunk (decision 0030), fetched once the page has loaded
 * and the browser is idle, or at the visitor's first interaction if that comes first (decision 0017:
 * nothing extra runs while the page loads); until it is there a blank of the same height keeps the row
 * from shifting.
 */
import { useEffect } from "react";
import { afterLoad, onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import type { AddedRecipe } from "../../lib/recipes-store.ts";

const servingsControl = lazyPart(() => import("./servings-control.tsx").then((m) => m.ServingsControl));

export function ServingsSlot({ recipe }: { recipe: AddedRecipe }) {
  const [ServingsControl, request] = useLazyPart(servingsControl);
  const loaded = ServingsControl !== undefined;
  useEffect(() => {
    if (loaded) return;
    const load = () => void request();
    const cancelInteraction = onFirstInteraction(load);
    const cancelLoad = afterLoad(load);
    return () => {
      cancelInteraction();
      cancelLoad();
    };
  }, [loaded, request]);
  if (ServingsControl) return <ServingsControl recipe={recipe} />;
  // The control shows the page's yield on a line of its own: the blank keeps room for it.
  const withYield = typeof recipe.yields === "string" && recipe.yields.trim() !== "";
  return <div className={withYield ? "servings servings--loading servings--yield" : "servings servings--loading"} aria-hidden="true" />;
}
