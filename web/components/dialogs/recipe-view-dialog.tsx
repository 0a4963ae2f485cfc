/**
 * The recipe view dialog (docs/product/screens.md "Dialogs"): title, source, the ingredient lines and a
 * link to the original page (none for a recipe typed by hand).
 */
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ExternalLink } from "../../ui/link.tsx";
import "../../styles/dialogs.css";

export interface ViewableRecipe {
  title: string;
  source: string;
  url: string | null;
  ingredients: string[];
}

export function RecipeViewDialog({
  recipe,
  isOpen,
  onOpenChange,
}: {
  recipe: ViewableRecipe;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog title={recipe.title} description={recipe.source} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => (
        <div className="recipe-view-dialog">
          <h4 className="recipe-view-dialog__heading">Ingredients ({recipe.ingredients.length})</h4>
          <ul className="recipe-view-dialog__ingredients">
            {recipe.ingredients.map((line, i) => (
              // Lines may repeat; their order is the recipe's.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, read-only list
              <li key={i}>{line}</li>
            ))}
          </ul>
          <div className="dialog-actions">
            {recipe.url ? <ExternalLink href={recipe.url}>View original recipe</ExternalLink> : null}
            <Button onPress={close}>Close</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
