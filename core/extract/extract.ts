/**
 * Recipe extraction: page HTML + URL -> RecipeDraft, as a set of streaming HTMLRewriter
 * handlers (see plan.ts). Sources in order of trust: schema.org Recipe in JSON-LD,
 * microdata/RDFa, recipe-plugin markup, an "Ingredients" heading and its list; social posts
 * read their caption. The policy between structured data and the visible plugin markup is
 * described in docs/decisions/0009-extraction.md.
 */
import type { ExtractResult, RecipeDraft, RecipeSource } from "../recipe/schema.ts";
import { createCollector, type PageData } from "./collect.ts";
import { candidateFromNode, emptyCandidate, pickMainRecipe, readJsonLd, type Candidate } from "./from-json-ld.ts";
import { candidateFromMicrodata } from "./from-microdata.ts";
import { headingIngredients, mainHeading, pluginIngredients, quantityListIngredients, type VisibleIngredients } from "./from-visible.ts";
import type { Plan, PlanDriver } from "./plan.ts";
import { siteRuleFor } from "./sites/index.ts";
import { NO_RECIPE_IN_POST, RECIPE_LINK_IN_POST, networkOfPage, networkOfUrl, readPost, type Network } from "../social/sources.ts";
import { NAV_WORDS_OTHER, RECIPE_WORD_PART, RECIPE_WORD_PREFIX } from "./labels.ts";
import { recipeLanguage } from "./language.ts";
import { cleanText } from "./text.ts";

/**
 * An extraction in progress. Register `plan` with a driver and feed the page; if
 * `needsFallbackPass()` then says so, feed the same page again through `fallbackPlan()`
 * (the generic heading/list outline, only needed for pages without structured data or
 * plugin markup); then call finish().
 */
export interface Extraction {
  plan: Plan;
  /** True once the page holds nothing more the rules would use: a driver may stop feeding it. */
  done(): boolean;
  needsFallbackPass(): boolean;
  fallbackPlan(): Plan;
  finish(): ExtractResult;
  /** The collected page data (for diagnostics and site rules). */
  readonly data: PageData;
}

/** Options for createExtraction. */
export interface ExtractionOptions {
  /**
   * true: one plan that also collects the generic outline, for a caller that cannot read the
   * page twice (slower: every list item on the page reaches a handler). Default false.
   */
  singlePass?: boolean;
}

const NO_RECIPE = "No recipe found on this page. You can enter the recipe by hand.";

/** Starts an extraction for the page at `url`. */
export function createExtraction(url: string, options: ExtractionOptions = {}): Extraction {
  const { plan, data } = createCollector(options.singlePass ? "all" : "main", undefined, networkOfUrl(url) !== null);
  let fallbackRan = !!options.singlePass;
  let cached: ExtractResult | null = null;
  return {
    plan,
    data,
    done: () => data.frozen,
    needsFallbackPass() {
      if (fallbackRan) return false;
      cached = buildResult(url, data);
      return !cached.ok;
    },
    fallbackPlan() {
      fallbackRan = true;
      cached = null;
      return createCollector("fallback", data).plan;
    },
    finish: () => cached ?? buildResult(url, data),
  };
}

/**
 * Convenience: runs the whole extraction over a page with a driver (Node: node/html-rewriter.ts,
 * Worker: worker/adapters/html-rewriter.ts), with the fallback pass when needed.
 */
export async function extractRecipe(
  input: string | Uint8Array,
  url: string,
  driver: PlanDriver,
  options: ExtractionOptions = {},
): Promise<ExtractResult> {
  const ex = createExtraction(url, options);
  await driver(ex.plan, input, ex.done);
  if (ex.needsFallbackPass()) await driver(ex.fallbackPlan(), input);
  return ex.finish();
}

function meta(data: PageData, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = data.metas.get(k);
    if (v && v.trim()) return cleanText(v);
  }
  return null;
}

const loose = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Headings that are interface, not a title ("Menu", "Search", "Jump to Recipe"), in English and in the other languages (labels.ts). */
const NAV_WORDS =
  /^(?:home|menu|main menu|search|navigation|recipes?|skip to (?:main )?content|jump to recipe|print recipe|close|log ?in|sign ?in|sign up|subscribe|newsletter|categories|about(?: us)?|contact(?: us)?)$/i;

/**
 * The title of a page without structured data: its main heading, unless that is the site's
 * name (a logo in an h1), then og:title, then <title> without its " | Site" part. A wiki
 * namespace ("Cookbook:Pie") is dropped.
 */
function pageTitle(data: PageData): string {
  const tag = cleanText(data.titleTag);
  const og = meta(data, "og:title", "twitter:title");
  const site = meta(data, "og:site_name", "application-name");
  // " | Site" goes, then a part that only says "Recipe" in some language ("Apfelkuchen – Rezept | Site",
  // "Rezept: Apfelkuchen")
  const strip = (t: string) =>
    t
      .replace(/\s+[|–—-]\s+[^|–—-]+$/, "")
      .replace(RECIPE_WORD_PART, "")
      .replace(RECIPE_WORD_PREFIX, "")
      .trim();
  const h1 = mainHeading(data);
  const siteLike = (t: string) => {
    const k = loose(t);
    if (!k || NAV_WORDS.test(t.trim()) || NAV_WORDS_OTHER.test(t.trim())) return true;
    if (site && loose(site) === k) return true;
    // the part of <title> after its separator is the site
    const parts = tag.split(/\s+[|–—-]\s+/);
    return parts.length > 1 && loose(parts.at(-1) ?? "") === k && loose(parts[0] ?? "") !== k;
  };
  let title = h1 && !siteLike(h1) ? h1 : og ? strip(og) : strip(tag);
  if (!title) title = h1;
  return title.replace(/^[A-Z][a-z]+:(?=\S)/, "");
}

function digitGroups(s: string): string[] {
  return s.normalize("NFKC").match(/\d+/g) ?? [];
}

/**
 * True when the visible list is the same list with the amounts the structured data dropped:
 * same number of lines, no structured number missing from the visible line, and at least a third
 * of the lines gaining numbers ("chicken breast" vs "300 g chicken breast", "1 cup cream" vs
 * "1 cup (250 mL) cream"). With `convertsUnits` (WP Recipe Maker cards add their own unit
 * conversions, "1 cup (90 g)") only lines with no number at all in the structured data count.
 */
export function visibleHasMoreAmounts(structured: string[], visible: string[], convertsUnits = true): boolean {
  if (structured.length !== visible.length || structured.length < 2) return false;
  // a line can only gain numbers when it differs: too few differing lines settle it without parsing
  let differ = 0;
  for (let i = 0; i < structured.length; i++) if (structured[i] !== visible[i]) differ++;
  if (differ * 3 < structured.length) return false;
  let more = 0;
  for (let i = 0; i < structured.length; i++) {
    // same length: checked on entry
    const a = digitGroups(structured[i] ?? "");
    const b = digitGroups(visible[i] ?? "");
    const rest = [...a];
    let extra = 0;
    for (const d of b) {
      const j = rest.indexOf(d);
      if (j >= 0) rest.splice(j, 1);
      else extra++;
    }
    if (rest.length > 0) return false;
    if (extra > 0 && (a.length === 0 || !convertsUnits)) more++;
    else if (extra > 0) return false;
  }
  return more * 3 >= structured.length && sameItems(structured, visible);
}

/** Words of three or more letters, lower-cased, without a plural "s"/"es". */
function nameWords(s: string): Set<string> {
  return new Set(
    (
      s
        .normalize("NFKC")
        .toLowerCase()
        .match(/\p{L}{3,}/gu) ?? []
    ).map((t) => t.replace(/e?s$/, "")),
  );
}

/**
 * True when the two lists name the same things line by line: at least 80% of the structured
 * lines (with words) share a word with the visible line at the same place. A structured list of
 * bare names in another order ("Extra Virgin Olive Oil" against "kosher salt") is a different
 * list, not the same one with the amounts dropped.
 */
function sameItems(structured: string[], visible: string[]): boolean {
  let shared = 0;
  for (let i = 0; i < structured.length; i++) {
    const a = nameWords(structured[i] ?? "");
    // a substring test, not word equality: Chinese or Japanese runs glue unit and name ("150克鸡胸肉")
    const b = (visible[i] ?? "").normalize("NFKC").toLowerCase();
    if (a.size === 0 || [...a].some((t) => b.includes(t))) shared++;
  }
  return shared * 5 >= structured.length * 4;
}

const QTY_FIRST = /^(?:\d|[¼½¾⅓⅔⅛⅜⅝⅞])/;

/** Lower-cased letter and digit runs of a line, digits apart from letters ("500gr" -> 500, gr). */
function tokens(s: string): string[] {
  return (
    s
      .normalize("NFKC")
      .toLowerCase()
      .match(/\p{N}+|\p{L}+/gu) ?? []
  );
}

/**
 * True when the structured data is a cut-down copy of the visible list, with the amount moved
 * to the end ("verse ravioli 500gr" vs "500 gr verse ravioli (gevuld met ricotta)"): same number
 * of lines, every word and number of a structured line found in its visible line, at least a
 * third of the visible lines start with an amount that their structured line does not, and at
 * least a third have words the structured line dropped. (A structured list that only puts the
 * amount last, "zucchero 130 g", loses nothing and stays.)
 */
export function visibleReordersAmounts(structured: string[], visible: string[]): boolean {
  if (structured.length !== visible.length || structured.length < 2) return false;
  // the amount-moved count needs no tokens: too few such lines settle it first
  let movedFirst = 0;
  for (let i = 0; i < structured.length; i++)
    if (QTY_FIRST.test(visible[i] ?? "") && !QTY_FIRST.test((structured[i] ?? "").trim())) movedFirst++;
  if (movedFirst * 3 < structured.length) return false;
  let moved = 0;
  let richer = 0;
  for (let i = 0; i < structured.length; i++) {
    const have = new Map<string, number>();
    const vis = tokens(visible[i] ?? "");
    for (const t of vis) have.set(t, (have.get(t) ?? 0) + 1);
    const str = tokens(structured[i] ?? "");
    for (const t of str) {
      const n = have.get(t) ?? 0;
      if (!n) return false;
      have.set(t, n - 1);
    }
    if (QTY_FIRST.test(visible[i] ?? "") && !QTY_FIRST.test((structured[i] ?? "").trim())) moved++;
    if (vis.length > str.length) richer++;
  }
  return moved * 3 >= structured.length && richer * 3 >= structured.length;
}

/**
 * True when the structured data holds the whole visible list run together in fewer lines (a
 * microdata property on the list's wrapper): every visible line is found, in order, in the
 * structured text, together they make up at least 80% of it, and there are more visible lines.
 */
export function visibleSplitsStructured(structured: string[], visible: string[]): boolean {
  if (visible.length < 2 || structured.length >= visible.length) return false;
  const whole = structured.map(loose).join("");
  let at = 0;
  let covered = 0;
  for (const v of visible) {
    const k = loose(v);
    if (!k) continue;
    const i = whole.indexOf(k, at);
    if (i < 0) return false;
    at = i + k.length;
    covered += k.length;
  }
  // the visible lines make up (nearly) all of the structured text, not a few words picked from it
  return covered >= whole.length * 0.8;
}

/**
 * Structured data rarely names its groups (WP Recipe Maker's JSON-LD is one flat list) while
 * the recipe card does. When the visible list has the same number of lines, its group names
 * are laid over the structured lines, which stay as they are.
 */
function groupsFromVisible(structured: Candidate, visible: VisibleIngredients | null): Candidate["groups"] {
  if (structured.groups.length > 1 || !visible || visible.groups.length < 2) return structured.groups;
  const total = visible.groups.reduce((n, g) => n + g.ingredients.length, 0);
  if (total !== structured.ingredients.length) return structured.groups;
  let i = 0;
  return visible.groups.map((g) => ({ name: g.name, ingredients: g.ingredients.map(() => structured.ingredients[i++] ?? "") }));
}

/** The visible list must have at least this many lines to replace a structured list that is too short. */
export const SHORT_MIN_VISIBLE = 3;
/** A structured list with at most this share of the visible list's lines is "clearly shorter". */
export const SHORT_SHARE = 0.5;

/**
 * True when the structured list is clearly not the whole list the page shows: one line against a
 * visible list of three or more, or at most half as many lines as a visible list whose lines
 * mostly start with an amount (thresholds set on the working part, decision 0009).
 */
export function structuredTooShort(structured: string[], visible: VisibleIngredients): boolean {
  const v = visible.ingredients;
  if (v.length < SHORT_MIN_VISIBLE) return false;
  if (structured.length === 1) return true;
  if (structured.length > v.length * SHORT_SHARE) return false;
  let amounts = 0;
  for (const l of v) if (QTY_FIRST.test(l)) amounts++;
  return amounts * 2 >= v.length;
}

/** Decides between the structured-data lines and the visible lines (plugin markup or a heading's list). */
export function chooseIngredients(
  structured: Candidate | null,
  visible: VisibleIngredients | null,
): { lines: Candidate["ingredients"]; groups: Candidate["groups"]; from: "structured" | "visible" } {
  if (structured && structured.ingredients.length) {
    if (
      visible &&
      (structuredTooShort(structured.ingredients, visible) ||
        (visible.kind === "plugin" &&
          (visibleHasMoreAmounts(structured.ingredients, visible.ingredients, /\bwprm/.test(visible.containerClass)) ||
            visibleReordersAmounts(structured.ingredients, visible.ingredients) ||
            visibleSplitsStructured(structured.ingredients, visible.ingredients))))
    ) {
      return { lines: visible.ingredients, groups: visible.groups, from: "visible" };
    }
    return { lines: structured.ingredients, groups: groupsFromVisible(structured, visible), from: "structured" };
  }
  if (visible) return { lines: visible.ingredients, groups: visible.groups, from: "visible" };
  return { lines: [], groups: [], from: "structured" };
}

function buildResult(url: string, data: PageData): ExtractResult {
  const canonical = data.canonical ? cleanText(data.canonical) : meta(data, "og:url");
  const siteName = meta(data, "og:site_name", "application-name");
  // the page's declarations, most specific first (the Recipe's own inLanguage is added below)
  const declared = [data.lang, meta(data, "og:locale"), meta(data, "content-language"), meta(data, "language")];

  const network = networkOfPage(url, data);
  if (network) return socialResult(url, network, data, canonical, siteName);

  const ld = readJsonLd(data.ldBlocks, data.ldValues, data.ldNodes);
  const node = pickMainRecipe(ld.recipes, [url, canonical]);
  const fromLd = node ? candidateFromNode(node, siteName ?? ld.siteName) : null;
  const fromMicro = candidateFromMicrodata(data.micro);
  const structured =
    fromLd && fromLd.ingredients.length ? fromLd : fromMicro && fromMicro.ingredients.length ? fromMicro : (fromLd ?? fromMicro);
  const plugin = pluginIngredients(data);
  const visible = plugin ?? headingIngredients(data) ?? (structured?.ingredients.length ? null : quantityListIngredients(data));

  const rule = siteRuleFor(url);
  let chosen = chooseIngredients(structured, visible);
  if (rule?.ingredients) {
    const lines = rule.ingredients(data, structured, visible);
    if (lines) chosen = { lines: lines.ingredients, groups: lines.groups, from: "visible" };
  }

  const base = structured ?? emptyCandidate();
  let title = (fromLd?.title || fromMicro?.title || "").trim();
  if (!title) title = pageTitle(data);
  if (rule?.title) title = rule.title(data, title) ?? title;

  if (!chosen.lines.length || !title) {
    return { ok: false, reason: "no_recipe_found", message: NO_RECIPE, title: title || null };
  }
  const source: RecipeSource =
    chosen.from === "structured" ? (structured === fromLd ? "json-ld" : "microdata") : visible?.kind === "plugin" ? "plugin" : "heading";
  const recipe: RecipeDraft = {
    title,
    ingredients: chosen.lines,
    ingredientGroups: chosen.groups.length ? chosen.groups : [{ name: null, ingredients: chosen.lines }],
    image: base.image ?? meta(data, "og:image", "twitter:image"),
    yields: base.yields,
    times: base.times,
    instructions: base.instructions,
    author: base.author ?? meta(data, "author", "article:author"),
    siteName: base.siteName ?? siteName,
    canonicalUrl: canonical ?? base.canonicalUrl ?? url,
    language: recipeLanguage([base.language, ...declared], [title, ...chosen.lines, ...base.instructions]),
    source,
  };
  return { ok: true, recipe };
}

/** A social post: a Recipe the page embeds, else the caption read by core/social. */
function socialResult(url: string, network: Network, data: PageData, canonical: string | null, siteName: string | null): ExtractResult {
  const ld = readJsonLd(data.ldBlocks, data.ldValues, data.ldNodes);
  const post = readPost(network, data);
  const base = {
    image: meta(data, "og:image", "twitter:image"),
    siteName,
    canonicalUrl: canonical ?? url,
    source: "social" as const,
  };
  // a social page may still embed a real Recipe
  const node = pickMainRecipe(ld.recipes, [url, canonical]);
  if (node) {
    const c = candidateFromNode(node, siteName);
    if (c.ingredients.length) {
      return {
        ok: true,
        recipe: {
          ...base,
          title: c.title || post.title || "Untitled recipe",
          ingredients: c.ingredients,
          ingredientGroups: c.groups,
          image: c.image ?? base.image,
          yields: c.yields,
          times: c.times,
          instructions: c.instructions,
          author: c.author,
          // the platform's page declares its interface language, not the post's: only the Recipe's own counts
          language: recipeLanguage([c.language], [c.title, ...c.ingredients, ...c.instructions]),
        },
      };
    }
  }
  const lines = post.ingredients.map((l) => cleanText(l)).filter(Boolean);
  if (!lines.length) {
    return {
      ok: false,
      reason: "no_recipe_in_post",
      message: post.recipeUrl ? RECIPE_LINK_IN_POST : NO_RECIPE_IN_POST,
      title: post.title,
      post: { caption: post.text, recipeUrl: post.recipeUrl },
    };
  }
  return {
    ok: true,
    recipe: {
      ...base,
      title: post.title || "Untitled recipe",
      ingredients: lines,
      ingredientGroups: [{ name: null, ingredients: lines }],
      yields: null,
      times: { prepMinutes: null, cookMinutes: null, totalMinutes: null },
      instructions: [],
      author: meta(data, "author") ?? null,
      language: recipeLanguage([], [post.text || lines.join("\n")]),
    },
  };
}
