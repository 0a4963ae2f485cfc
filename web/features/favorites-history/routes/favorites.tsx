/**
 * /favorites (docs/product/screens.md): tabs Recipes (n) and Lists (n) with their cards and empty states
 * ('No favorite recipes yet', 'No favorite lists yet'), rendered on the server from the session
 * cookie by the loader; signed out, the visitor is sent to /auth, which returns here. ?tab=lists opens the Lists tab.
 */
import { useRevalidator, useSearchParams } from "react-router";
import { removeFavoriteList, removeFavoriteRecipe } from "../../../components/favorites/favorites-actions.ts";
import { ListCard } from "../../../components/favorites/list-card.tsx";
import { RecipeCard } from "../../../components/favorites/recipe-card.tsx";
import { pageUser } from "../../../lib/page-access.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { serverApi } from "../../../lib/page-api.server.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import { Tab, TabList, TabPanel, Tabs } from "../../../ui/tabs.tsx";
import type { Route } from "./+types/favorites.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  pageUser(context, request, "user");
  const api = serverApi(context);
  const [recipes, lists] = await Promise.all([api.favorites.recipes(), api.favorites.lists()]);
  return { recipes: recipes.recipes, lists: lists.lists };
}

/** Personal: no shared or browser cache keeps it (page and .data). */
export const headers = privatePageHeaders;

export const meta = () => pageMeta({ title: "My Favorites", description: "Your favourite recipes and shopping lists.", personal: true });

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { recipes, lists } = loaderData;
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  const tab = params.get("tab") === "lists" ? "lists" : "recipes";
  return (
    <div className="favorites-page container">
      <h1>My Favorites</h1>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => setParams(key === "lists" ? { tab: "lists" } : {}, { replace: true, preventScrollReset: true })}
      >
        <TabList aria-label="Favorites">
          <Tab id="recipes">Recipes ({recipes.length})</Tab>
          <Tab id="lists">Lists ({lists.length})</Tab>
        </TabList>
        <TabPanel id="recipes">
          {recipes.length === 0 ? (
            <p className="empty-state">No favorite recipes yet</p>
          ) : (
            <ul className="fav-cards fav-cards--grid" aria-label="Favorite recipes">
              {recipes.map((r) => (
                <RecipeCard key={r.id} recipe={r} onRemove={(recipe) => void removeFavoriteRecipe(recipe, refresh)} />
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel id="lists">
          {lists.length === 0 ? (
            <p className="empty-state">No favorite lists yet</p>
          ) : (
            <ul className="fav-cards fav-cards--grid" aria-label="Favorite lists">
              {lists.map((l) => (
                <ListCard key={l.id} list={l} onRemove={(list) => void removeFavoriteList(list, refresh)} />
              ))}
            </ul>
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}
