/**
 * The dashboard's overview (docs/product/screens.md /dashboard, constants.md): counts of favourite recipes,
 * favourite lists and recent lists (of the last 5), each noun in the right number, then the 3 newest favourites and the 3 newest
 * lists; each preview links to its tab (favorites or history).
 */
import type { FavoriteList, FavoriteRecipe, ShoppingListSummary } from "../../../core/api/favorites.ts";
import { Link } from "../../ui/link.tsx";
import { LocalDate } from "../local-date.tsx";

/** docs/product/constants.md: previews per column. */
export const OVERVIEW_PREVIEWS = 3;

export function OverviewTab({
  recipes,
  lists,
  recent,
}: {
  recipes: FavoriteRecipe[];
  lists: FavoriteList[];
  recent: ShoppingListSummary[];
}) {
  const favorites = [
    ...recipes.map((r) => ({ id: r.id, name: r.title, kind: "Recipe", at: r.favoritedAt })),
    ...lists.map((l) => ({ id: l.id, name: l.name, kind: "List", at: l.favoritedAt })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, OVERVIEW_PREVIEWS);
  return (
    <div className="overview">
      <ul className="overview-stats" aria-label="Your numbers">
        <Stat value={recipes.length} one="Favorite recipe" many="Favorite recipes" />
        <Stat value={lists.length} one="Favorite list" many="Favorite lists" />
        <Stat value={recent.length} one="Recent list (of the last 5)" many="Recent lists (of the last 5)" />
      </ul>
      <div className="overview-previews">
        <section aria-labelledby="overview-favorites">
          <div className="section-head">
            <h2 id="overview-favorites">Latest favorites</h2>
            <Link href="/dashboard?tab=favorites">All favorites</Link>
          </div>
          {favorites.length === 0 ? (
            <p className="empty-state">No favorites yet.</p>
          ) : (
            <ul className="overview-list">
              {favorites.map((f) => (
                <li key={`${f.kind}-${f.id}`}>
                  <Link href="/dashboard?tab=favorites" className="overview-item">
                    <span className="overview-item__name">{f.name}</span>
                    <span className="overview-item__meta">{f.kind}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="overview-lists">
          <div className="section-head">
            <h2 id="overview-lists">Latest lists</h2>
            <Link href="/dashboard?tab=history">All lists</Link>
          </div>
          {recent.length === 0 ? (
            <p className="empty-state">No shopping lists yet.</p>
          ) : (
            <ul className="overview-list">
              {recent.slice(0, OVERVIEW_PREVIEWS).map((l) => (
                <li key={l.id}>
                  <Link href="/dashboard?tab=history" className="overview-item">
                    <span className="overview-item__name">{l.name}</span>
                    <span className="overview-item__meta">
                      <LocalDate iso={l.createdAt} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** A count with its noun in the right number: '1 Favorite list', '3 Favorite lists'. */
function Stat({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <li className="overview-stat">
      <span className="overview-stat__value">{value}</span> <span className="overview-stat__label">{value === 1 ? one : many}</span>
    </li>
  );
}
