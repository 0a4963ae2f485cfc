import { memo, useEffect, useState } from "react";
import { useAddFromLink } from "../components/home/add-from-link.ts";
import { AddedRecipesSlot } from "../components/home/added-recipes-slot.tsx";
import { ListViewSlot } from "../components/home/list-view-slot.tsx";
import { FeaturesPreview, HowItWorks, StatTiles, SupportedSites } from "../components/home/marketing-sections.tsx";
import { RecipeEntry } from "../components/home/recipe-entry.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { useAddedRecipes, useLastListId } from "../lib/recipes-store.ts";
import type { Route } from "./+types/home.ts";

export function meta(args: Route.MetaArgs) {
  return pageMeta({
    title: "recipecart: recipes to one shopping list",
    description: "Paste recipe links or type recipes in and get one combined shopping list, sorted by store aisle.",
    canonical: canonicalUrl(args),
  });
}

/**
 * The page's static parts, rendered once: the renders right after hydration (the hydrated flag, the saved
 * recipes and last list read from local storage) only touch the parts that show them (decision 0017).
 */
const Hero = memo(function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title" className="hero__title">
        Turn your recipes into one shopping list
      </h1>
      <p className="hero__lead">
        Paste a recipe link or type a recipe in. We pull out the ingredients, combine the duplicates and sort everything by store aisle.
      </p>
    </section>
  );
});
const Stats = memo(StatTiles);
const Features = memo(FeaturesPreview);
const Steps = memo(HowItWorks);
const Sites = memo(SupportedSites);

/** "Your recipes": subscribes to the recipes alone; says there are none only once the saved ones were read. */
function YourRecipes({ ready }: { ready: boolean }) {
  const { recipes, saved } = useAddedRecipes();
  return <AddedRecipesSlot recipes={recipes} ready={ready && saved} />;
}

/** The last list's view, or the features preview when there is none: subscribes to the last list's id alone. */
function LastListOrFeatures() {
  const lastListId = useLastListId();
  return lastListId ? <ListViewSlot listId={lastListId} /> : <Features />;
}

export default function Home() {
  // Marks the page interactive once hydrated (the end-to-end tests wait for it).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // `/?add=<id>` from the browser extension puts that recipe in the visitor's list.
  useAddFromLink(hydrated);
  return (
    <div className="home" data-hydrated={hydrated ? "" : undefined}>
      <Hero />
      <div className="home__workspace">
        <RecipeEntry />
        <YourRecipes ready={hydrated} />
      </div>
      <Stats />
      <LastListOrFeatures />
      <Steps />
      <Sites />
    </div>
  );
}
