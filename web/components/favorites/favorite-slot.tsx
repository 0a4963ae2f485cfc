/**
 * Where an added recipe's favourite toggle goes on the home page. Only signed-in users get one, so
 * its code (the toggle, the favourites store) is a separate chunk fetched once a signed-in user has
 * recipes; until it is there a same-sized blank keeps the row from shifting.
 */
import { useEffect } from "react";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import type { AddedRecipe } from "../../lib/recipes-store.ts";

const homeFavorite = lazyPart(() => import("./home-favorite.tsx").then((m) => m.HomeFavorite));

export function FavoriteSlot({ recipe, userId }: { recipe: AddedRecipe; userId: string }) {
  const [HomeFavorite, request] = useLazyPart(homeFavorite);
  useEffect(() => {
    void request();
  }, [request]);
  return HomeFavorite ? <HomeFavorite recipe={recipe} userId={userId} /> : <span className="favorite-slot" aria-hidden="true" />;
}
