/**
 * Maps a schema.org Recipe node (JSON-LD) to the fields of a RecipeDraft, and picks the main
 * recipe when a page carries several.
 */
import type { IngredientGroup, RecipeTimes } from "../recipe/schema.ts";
import { collectNodes, hasType, isRecipeNode, parseJsonLd, type Json, type JsonObject } from "./json-ld.ts";
import { isForeignPartLabel, isLabelLine } from "./labels.ts";
import { cleanLine, cleanText } from "./text.ts";

/** Recipe fields found in one source, before the title/ingredient policy decides. */
export interface Candidate {
  title: string;
  ingredients: string[];
  groups: IngredientGroup[];
  image: string | null;
  yields: string | null;
  times: RecipeTimes;
  instructions: string[];
  author: string | null;
  siteName: string | null;
  canonicalUrl: string | null;
  language: string | null;
  description: string | null;
}

/** An empty candidate. */
export function emptyCandidate(): Candidate {
  return {
    title: "",
    ingredients: [],
    groups: [],
    image: null,
    yields: null,
    times: { prepMinutes: null, cookMinutes: null, totalMinutes: null },
    instructions: [],
    author: null,
    siteName: null,
    canonicalUrl: null,
    language: null,
    description: null,
  };
}

/** First string in a value that may be a string, number, array or {name|@value|url}. */
export function firstText(v: Json | undefined, keys: readonly string[] = ["name", "@value", "text"]): string | null {
  if (v == null) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) {
    for (const x of v) {
      const t = firstText(x, keys);
      if (t) return t;
    }
    return null;
  }
  if (typeof v === "object") {
    for (const k of keys) {
      const t = firstText(v[k], keys);
      if (t) return t;
    }
  }
  return null;
}

function imageOf(v: Json | undefined): string | null {
  return firstText(v, ["url", "contentUrl", "@id"]);
}

/** Parses an ISO 8601 duration ("PT1H30M", "P0DT0H20M") or a bare number of minutes. */
export function durationMinutes(v: Json | undefined): number | null {
  const s = firstText(v);
  if (!s) return null;
  const m =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      s.trim(),
    );
  if (m) {
    const [, , , w, d, h, min, sec] = m;
    const total = (Number(w ?? 0) * 7 + Number(d ?? 0)) * 1440 + Number(h ?? 0) * 60 + Number(min ?? 0) + Number(sec ?? 0) / 60;
    return Number.isFinite(total) ? Math.round(total) : null;
  }
  if (/^\d+(\.\d+)?$/.test(s.trim())) return Math.round(Number(s));
  return null;
}

/** A line that is a group heading rather than an ingredient ("For the sauce:"). */
export function isHeadingLine(line: string): boolean {
  const s = line.trim();
  if (!s) return false;
  if (/:$/.test(s) && s.length <= 80 && !/^\d/.test(s)) return true;
  if (/^(?:-{2,}|={2,}|\*{2,})\s*.+?\s*(?:-{2,}|={2,}|\*{2,})$/.test(s)) return true;
  return false;
}

const GROUP_NOUN =
  /(?:^|\s)(?:sauce|seasoning|dressing|marinade|toppings?|filling|glaze|frosting|icing|crust|dough|batter|garnish|slaw|syrup|rub|crumble|streusel|ganache|assembly|base|vinaigrette|coating|broth|stock|salsa|pesto|curry paste|spice mix|mayo|aioli|custard|compote|ingredients)$/i;

/**
 * A label line without a colon ("Sauce", "Yoghurt and Ouzo Dressing") in a flat list: no
 * number, at most five words ending in a word that names a part of a dish (or a dish part in
 * another language: "Füllung", "Pâte", see labels.ts), and followed by a line that has an amount
 * (an unquantified "Hot sauce" at the end of a list stays an ingredient). A line that starts
 * with "for (the)" in one of the languages ("Für den Teig", "Pour la pâte") is a label before
 * any line.
 */
export function isGroupLabel(line: string, next: string | undefined): boolean {
  const s = line.trim();
  if (!next || /\d|[¼½¾⅓⅔⅛]/.test(s)) return false;
  // "Für den Teig", "Pour la garniture", "For serving", "Zutaten": never an ingredient, whatever follows
  if (isLabelLine(s)) return true;
  if (!((s.split(/\s+/).length <= 5 && GROUP_NOUN.test(s)) || isForeignPartLabel(s))) return false;
  return /^\s*(?:\d|[¼½¾⅓⅔⅛])/.test(next);
}

/** Splits lines into groups at heading lines; headings are removed from the flat list. */
export function groupLines(lines: string[]): { ingredients: string[]; groups: IngredientGroup[] } {
  const groups: IngredientGroup[] = [];
  const ingredients: string[] = [];
  let cur: IngredientGroup = { name: null, ingredients: [] };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === undefined) continue;
    if (isHeadingLine(line) || isGroupLabel(line, lines[i + 1])) {
      if (cur.ingredients.length || cur.name) groups.push(cur);
      cur = {
        name: line
          .replace(/^[-=*\s]+|[-=*\s]+$/g, "")
          .replace(/:$/, "")
          .trim(),
        ingredients: [],
      };
      continue;
    }
    cur.ingredients.push(line);
    ingredients.push(line);
  }
  if (cur.ingredients.length || cur.name) groups.push(cur);
  return { ingredients, groups: groups.filter((g) => g.ingredients.length) };
}

function ingredientValues(node: JsonObject): string[] {
  const v = node.recipeIngredient ?? node.ingredients ?? node.recipeIngredients;
  const out: string[] = [];
  const add = (x: Json) => {
    if (x == null) return;
    // a value holding several lines (one string for the whole list, or a group) is split
    if (typeof x === "string") out.push(...x.split(/\r?\n|\r|<br\s*\/?>/i));
    else if (typeof x === "number") out.push(String(x));
    else if (Array.isArray(x)) x.forEach(add);
    else if (typeof x === "object") {
      const t = firstText(x, ["text", "name", "@value"]);
      if (t) out.push(t);
    }
  };
  if (typeof v === "string") {
    // one string holding the whole list: split on line breaks
    const parts = v.split(/\r?\n|<br\s*\/?>|<\/li>/i);
    parts.forEach((p) => out.push(p));
  } else if (v != null) add(v);
  return out;
}

function instructionLines(v: Json | undefined, out: string[], depth = 0): void {
  if (v == null || depth > 6) return;
  if (typeof v === "string") {
    for (const part of v.split(/\r?\n|<br\s*\/?>|<\/p>|<\/li>/i)) {
      const t = cleanText(part);
      if (t) out.push(t);
    }
    return;
  }
  if (Array.isArray(v)) {
    for (const x of v) instructionLines(x, out, depth + 1);
    return;
  }
  if (typeof v === "object") {
    if (v.itemListElement != null) {
      instructionLines(v.itemListElement, out, depth + 1);
      return;
    }
    const t = firstText(v.text ?? v.name ?? v.description ?? null);
    if (t) instructionLines(t, out, depth + 1);
  }
}

/** Turns one Recipe node into a candidate. */
export function candidateFromNode(node: JsonObject, siteName: string | null): Candidate {
  const c = emptyCandidate();
  c.title = cleanText(firstText(node.name) ?? firstText(node.headline) ?? "");
  // The source's text as written: no ".0" stripping, no dropping of repeated tails (decision 0009).
  const lines = ingredientValues(node)
    .map((l) => cleanLine(l))
    .filter(Boolean);
  const g = groupLines(lines);
  c.ingredients = g.ingredients;
  c.groups = g.groups;
  c.image = imageOf(node.image) ?? imageOf(node.thumbnailUrl);
  const y = node.recipeYield ?? node.yield;
  c.yields = y == null ? null : cleanText(Array.isArray(y) ? (y.find((x) => typeof x === "string" && /\D/.test(x)) ?? y[0]) : y) || null;
  c.times = {
    prepMinutes: durationMinutes(node.prepTime),
    cookMinutes: durationMinutes(node.cookTime),
    totalMinutes: durationMinutes(node.totalTime),
  };
  instructionLines(node.recipeInstructions, c.instructions);
  const author = firstText(node.author) ?? firstText(node.creator);
  c.author = author ? cleanText(author) || null : null;
  const pub = firstText(node.publisher);
  c.siteName = siteName ?? (pub ? cleanText(pub) : null);
  const url = firstText(node.url) ?? firstText(node.mainEntityOfPage, ["@id", "url"]);
  c.canonicalUrl = url && /^https?:/i.test(url) ? url : null;
  c.language = firstText(node.inLanguage);
  c.description = node.description ? cleanText(firstText(node.description)) : null;
  return c;
}

function sameUrl(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const norm = (u: string) =>
    u
      .replace(/^https?:\/\/(www\.)?/i, "")
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .toLowerCase();
  return norm(a) === norm(b);
}

/** All JSON-LD values of a page and the recipes in them. */
export interface JsonLdResult {
  values: Json[];
  recipes: JsonObject[];
  /** A WebSite/Organization name found in the graph, for siteName. */
  siteName: string | null;
}

/** Parses every ld+json block (repairing as needed) and lists its Recipe nodes. */
export function readJsonLd(blocks: string[], parsed?: Json[][], blockNodes?: JsonObject[][]): JsonLdResult {
  const values: Json[] = [];
  blocks.forEach((b, i) => values.push(...(parsed?.[i] ?? parseJsonLd(b))));
  // one walk (the blocks' own, when the collector made them: separately parsed blocks share no
  // object, so their walks one after another are the walk over all values, up to its limit); the
  // first 500 nodes of it are the nodes a walk limited to 500 would give (same order)
  const nodes = parsed && blockNodes && blockNodes.length === blocks.length ? blockNodes.flat().slice(0, 5000) : collectNodes(values);
  const recipes = nodes.filter(isRecipeNode);
  let siteName: string | null = null;
  for (const n of nodes.length > 500 ? nodes.slice(0, 500) : nodes) {
    if (hasType(n, ["website"])) {
      siteName = firstText(n.name);
      if (siteName) break;
    }
  }
  return { values, recipes, siteName };
}

/**
 * Chooses the main recipe when a page has several: one whose url/@id is the page URL wins,
 * then the first that has ingredients, then the first.
 */
export function pickMainRecipe(recipes: JsonObject[], pageUrls: Array<string | null>): JsonObject | null {
  if (!recipes.length) return null;
  if (recipes.length > 1) {
    for (const r of recipes) {
      const ids = [firstText(r.url), firstText(r["@id"]), firstText(r.mainEntityOfPage, ["@id", "url"])];
      if (
        ingredientValues(r).length &&
        ids.some((id) => pageUrls.some((u) => sameUrl(id?.replace(/#.*$/, "") ?? null, u)) && !/#/.test(id ?? "x#"))
      )
        return r;
    }
  }
  return recipes.find((r) => ingredientValues(r).length > 0) ?? recipes[0] ?? null;
}
