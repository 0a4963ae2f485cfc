import { useEffect, useState } from "react";
import { useAddFromLink } from "../components/home/add-from-link.ts";
import { AddedRecipesSlot } from "../components/home/added-recipes-slot.tsx";
import { ListViewSlot } from "../components/home/list-view-slot.tsx";
import { FeaturesPreview, HowItWorks, StatTiles, SupportedSites } from "../components/home/marketing-sections.tsx";
import { RecipeEntry } from "../components/home/recipe-entry.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { useRecipesState } from "../lib/recipes-store.ts";
import type { Route } from "./+types/home.ts";

export function meta(args: Route.MetaArgs) {
  return pageMeta({
    title: "recipecart: recipes to one shopping list",
    description: "Paste recipe links or type recipes in and get one combined shopping list, sorted by store aisle.",
    canonical: canonicalUrl(args),
  });
}

export default function Home() {
  const { recipes, lastListId } = useRecipesState();
  // Marks the page interactive once hydrated (the end-to-end tests wait for it).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // `/?add=<id>` from the browser extension puts that recipe in the visitor's list.
  useAddFromLink(hydrated);
  return (
    <div className="home" data-hydrated={hydrated ? "" : undefined}>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          Turn your recipes into one shopping list
        </h1>
        <p className="hero__lead">
          Paste a recipe link or type a recipe in. We pull out the ingredients, combine the duplicates and sort everything by store aisle.
        </p>
      </section>
      <div className="home__workspace">
        <RecipeEntry />
        <AddedRecipesSlot recipes={recipes} ready={hydrated} />
      </div>
      <StatTiles />
      {lastListId ? <ListViewSlot listId={lastListId} /> : <FeaturesPreview />}
      <HowItWorks />
      <SupportedSites />
    </div>
  );
}
