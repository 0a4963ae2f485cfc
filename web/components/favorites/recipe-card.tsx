/**
 * A favourite recipe's card (docs/product/screens.md /favorites): title, source, ingredient count, a
 * link to the original page, the date it was added, View (the recipe view dialog) and Remove. In the
 * dashboard's favourites tab it has a checkbox for 'Create List (n)' and, once selected, the scale for
 * that list (decision 0030).
 */
import { useState } from "react";
import { Checkbox } from "react-aria-components";
import type { FavoriteRecipe } from "../../../core/api/favorites.ts";
import { Button } from "../../ui/button.tsx";
import { ExternalLink } from "../../ui/link.tsx";
import { useLazyPart } from "../../lib/lazy-part.ts";
import { toast } from "../../lib/toast.ts";
import { recipeViewDialog } from "../dialogs/lazy-dialogs.ts";
import { plural } from "../dialogs/list-contents.tsx";
import { LocalDate } from "../local-date.tsx";
import { ScaleChoice } from "./scale-choice.tsx";

export interface RecipeCardProps {
  recipe: FavoriteRecipe;
  onRemove: (recipe: FavoriteRecipe) => void;
  removing?: boolean;
  /** Dashboard: selection for a new list, and the recipe's scale in it while selected. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void; scale: number; onScale: (scale: number) => void };
}

export function RecipeCard({ recipe, onRemove, removing, selection }: RecipeCardProps) {
  const [viewing, setViewing] = useState(false);
  // The dialog's code loads on the first View (or when the button is hovered or focused).
  const [RecipeViewDialog, requestDialog] = useLazyPart(recipeViewDialog);
  const preload = () => void recipeViewDialog.load();
  const titleId = `fav-recipe-${recipe.id}`;
  return (
    <li className="fav-card" data-selected={selection?.selected || undefined}>
      <div className="fav-card__head">
        {selection ? (
          <Checkbox className="checkbox" isSelected={selection.selected} onChange={selection.onChange} aria-labelledby={titleId}>
            <span className="checkbox__box" aria-hidden="true">
              <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </span>
          </Checkbox>
        ) : null}
        <h3 className="fav-card__title" id={titleId}>
          {recipe.title}
        </h3>
      </div>
      <p className="fav-card__meta">
        <span>{recipe.source}</span>
        <span aria-hidden="true"> · </span>
        <span>{plural(recipe.ingredientCount, "ingredient")}</span>
        <span aria-hidden="true"> · </span>
        <span>
          Added <LocalDate iso={recipe.createdAt} />
        </span>
      </p>
      {selection?.selected ? (
        <ScaleChoice title={recipe.title} yields={recipe.yields} scale={selection.scale} onChange={selection.onScale} />
      ) : null}
      <div className="fav-card__actions">
        {recipe.url ? (
          <ExternalLink href={recipe.url} className="fav-card__link" aria-label={`Original recipe: ${recipe.title} (opens in a new tab)`}>
            Original recipe
          </ExternalLink>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          aria-label={`View ${recipe.title}`}
          onHoverStart={preload}
          onFocus={preload}
          isPending={viewing && !RecipeViewDialog}
          onPress={() => {
            setViewing(true);
            void requestDialog().then((loaded) => {
              if (loaded) return;
              setViewing(false);
              toast({ title: "Could not open the recipe", description: "Please try again.", variant: "destructive" });
            });
          }}
        >
          View
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${recipe.title} from favorites`}
          isPending={removing}
          onPress={() => onRemove(recipe)}
        >
          Remove
        </Button>
      </div>
      {RecipeViewDialog ? <RecipeViewDialog recipe={recipe} isOpen={viewing} onOpenChange={setViewing} /> : null}
    </li>
  );
}
