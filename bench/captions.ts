/**
 * Caption benchmark: reads every caption fixture (core/social/fixtures, 5 networks, several page
 * shapes and languages) through the whole extraction and prints the share of posts whose title
 * and whose ingredient lines come out exactly as expected, per network and overall, and the
 * share of no-recipe posts answered as such (with the linked recipe page when there is one).
 * The fixtures live in the repository, so `dataDir` is not used.
 */
import { nodeDriver } from "../node/html-rewriter.ts";
import { extractRecipe } from "../core/extract/extract.ts";
import { type CaptionCase, CAPTION_CASES } from "../core/social/fixtures/cases.ts";
import { HELD_OUT_CASES } from "../core/social/fixtures/held-out.ts";
import { casePage } from "../core/social/fixtures/pages.ts";

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");

export async function run(_dataDir: string): Promise<void> {
  // a warm-up pass (parser tables, JIT), then the measured ones
  for (const c of CAPTION_CASES.slice(0, 5)) {
    const { url, html } = casePage(c);
    await extractRecipe(html, url, nodeDriver);
  }
  console.log(`-- working set (${CAPTION_CASES.length} posts; the rules were written against these)`);
  await score(CAPTION_CASES);
  console.log(`-- held out (${HELD_OUT_CASES.length} posts written after the rules; one generic fix since their first run, decision 0009)`);
  await score(HELD_OUT_CASES);
}

async function score(cases: CaptionCase[]): Promise<void> {
  type Tally = { recipes: number; title: number; lines: number; posts: number; noRecipe: number; noRecipeRight: number };
  const tallies = new Map<string, Tally>();
  const misses: string[] = [];
  const started = performance.now();
  for (const c of cases) {
    const t = tallies.get(c.network) ?? { recipes: 0, title: 0, lines: 0, posts: 0, noRecipe: 0, noRecipeRight: 0 };
    tallies.set(c.network, t);
    t.posts++;
    const { url, html } = casePage(c);
    const r = await extractRecipe(html, url, nodeDriver);
    if ("noRecipe" in c.expect) {
      t.noRecipe++;
      if (!r.ok && r.reason === "no_recipe_in_post" && (r.post?.recipeUrl ?? null) === c.expect.recipeUrl) t.noRecipeRight++;
      else misses.push(`${c.id}: expected no recipe${c.expect.recipeUrl ? " + link" : ""}`);
      continue;
    }
    t.recipes++;
    const title = r.ok && r.recipe.title === c.expect.title;
    const lines = r.ok && JSON.stringify(r.recipe.ingredients) === JSON.stringify(c.expect.ingredients);
    if (title) t.title++;
    if (lines) t.lines++;
    if (!title || !lines)
      misses.push(`${c.id}: ${r.ok ? `title ${JSON.stringify(r.recipe.title)}, ${r.recipe.ingredients.length} lines` : r.reason}`);
  }
  const ms = performance.now() - started;
  const all: Tally = { recipes: 0, title: 0, lines: 0, posts: 0, noRecipe: 0, noRecipeRight: 0 };
  console.log("network     posts  title exact  ingredient lines exact  no-recipe answered");
  for (const [network, t] of [...tallies].sort()) {
    for (const k of Object.keys(all) as Array<keyof Tally>) all[k] += t[k];
    console.log(
      `${network.padEnd(11)} ${String(t.posts).padStart(5)}  ${pct(t.title, t.recipes).padStart(11)}  ${pct(t.lines, t.recipes).padStart(22)}  ${pct(t.noRecipeRight, t.noRecipe).padStart(18)}`,
    );
  }
  console.log(
    `${"all".padEnd(11)} ${String(all.posts).padStart(5)}  ${pct(all.title, all.recipes).padStart(11)}  ${pct(all.lines, all.recipes).padStart(22)}  ${pct(all.noRecipeRight, all.noRecipe).padStart(18)}`,
  );
  console.log(
    `caption accuracy: title exact ${pct(all.title, all.recipes)}, ingredient lines exact ${pct(all.lines, all.recipes)} (${all.recipes} recipe posts), no-recipe answered ${pct(all.noRecipeRight, all.noRecipe)} (${all.noRecipe} posts); ${(ms / all.posts).toFixed(2)} ms per post`,
  );
  for (const m of misses) console.log(`  miss ${m}`);
}
