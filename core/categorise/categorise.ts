/**
 * Store-category classifier: item name -> one of the 18 categories (core/categorise/categories.ts).
 *
 * How it works (docs/decisions/0020-category-lexicon.md):
 * 1. Normalise: accents off, lower case, "&" -> "and", possessives and bracketed notes dropped,
 *    hyphens and slashes to spaces, tokens with digits dropped; commas split the name into
 *    segments ("Tofu, Extra Firm": the first segment that names something is the head).
 * 2. Every lexicon phrase (1-4 tokens, singular or plural) found in the tokens is a candidate;
 *    a candidate inside a longer one is dropped ("peanut butter" hides "butter").
 * 3. The winner is the candidate with the highest priority (dominant type > product type >
 *    ingredient/flavour), then the right-most (English head noun: "chicken broth", "mango juice").
 *    Candidates after "with"/"in" only count when nothing comes before them.
 * 4. Modifier rules adjust the winner by kind: "frozen peas" -> Frozen, "dried thyme" -> Spices,
 *    "granulated garlic" -> Spices, "dried apricots" -> Baking, "rotisserie chicken breast" -> Deli.
 */
import { CATEGORIES, compareCategories, type CategoryName } from "./categories.ts";
import { CODES, LEXICON, type Code, type Kind } from "./lexicon.ts";

export { CATEGORIES, compareCategories };
export type { CategoryName };

interface Entry {
  code: Code;
  priority: number;
  kind: Kind;
  phrase: string;
}

interface Match {
  entry: Entry;
  start: number;
  end: number; // exclusive
}

const MAX_PHRASE = 5;

// ------------------------------------------------------------------ lexicon tables (built once)

const vocab = new Set<string>();
const rawPhrases: { code: Code; priority: number; kind: Kind; tokens: string[] }[] = [];
for (const [code, priority, kind, text] of LEXICON) {
  for (const raw of text.split(",")) {
    const tokens = tokenize(raw);
    if (tokens.length === 0 || tokens.length > MAX_PHRASE) continue;
    for (const t of tokens) vocab.add(t);
    rawPhrases.push({ code, priority, kind, tokens });
  }
}

const tokenCache = new Map<string, string>();
/** Maps a token to its lexicon form: exact, else a singular or plural variant in the vocabulary. */
function resolveToken(tok: string): string {
  const cached = tokenCache.get(tok);
  if (cached !== undefined) return cached;
  let out = tok;
  if (!vocab.has(tok)) {
    const c: string[] = [];
    if (tok.endsWith("ies")) c.push(tok.slice(0, -3) + "y", tok.slice(0, -1));
    if (tok.endsWith("ves")) c.push(tok.slice(0, -3) + "f", tok.slice(0, -3) + "fe");
    if (tok.endsWith("es")) c.push(tok.slice(0, -2));
    if (tok.endsWith("s")) c.push(tok.slice(0, -1));
    if (tok.endsWith("ss")) c.push(tok.slice(0, -2));
    c.push(tok + "s", tok + "es");
    if (tok.endsWith("y")) c.push(tok.slice(0, -1) + "ies");
    for (const x of c) {
      if (vocab.has(x)) {
        out = x;
        break;
      }
    }
  }
  if (tokenCache.size < 50_000) tokenCache.set(tok, out);
  return out;
}

const phraseMap = new Map<string, Entry>();
for (const p of rawPhrases) {
  const key = p.tokens.map(resolveToken).join(" ");
  // First definition wins; duplicates across groups are reported by the unit tests.
  if (!phraseMap.has(key)) phraseMap.set(key, { code: p.code, priority: p.priority, kind: p.kind, phrase: key });
}

/** Phrases that appear in more than one lexicon group with different categories (for tests). */
export function lexiconConflicts(): string[] {
  const seen = new Map<string, Code>();
  const out: string[] = [];
  for (const p of rawPhrases) {
    const key = p.tokens.map(resolveToken).join(" ");
    const prev = seen.get(key);
    if (prev && prev !== p.code) out.push(`${key}: ${prev} / ${p.code}`);
    else seen.set(key, p.code);
  }
  return out;
}

/** Number of phrases in the lexicon. */
export function lexiconSize(): number {
  return phraseMap.size;
}

// ------------------------------------------------------------------ normalisation

function tokenize(s: string): string[] {
  const cleaned = s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\bw\//g, " with ")
    .replace(/['’‘`´]s\b/g, "")
    .replace(/['’‘`´"]/g, "")
    .replace(/[^a-z0-9%\s]+/g, " ");
  const out: string[] = [];
  for (const t of cleaned.split(/\s+/)) {
    if (!t || /[0-9%]/.test(t)) continue;
    out.push(t);
  }
  return out;
}

/** Split a product name into comma segments, each a token list; bracketed notes removed. */
function segments(name: string): string[][] {
  const noBrackets = name.replace(/\([^)]*\)/g, " ").replace(/\[[^\]]*\]/g, " ");
  return noBrackets
    .split(/[,;]/)
    .map((s) => tokenize(s).map(resolveToken))
    .filter((t) => t.length > 0);
}

// ------------------------------------------------------------------ matching

const SPLIT_WORDS = new Set(["with", "in"]);

/** Unmatched tokens may still end in a known word: "shortcake", "cornbread", "bratwurst". */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ["berry", "berry"],
  ["berries", "berry"],
  ["cake", "cake"],
  ["bread", "bread"],
  ["milk", "milk"],
  ["juice", "juice"],
  ["sauce", "sauce"],
  ["cheese", "cheese"],
  ["flour", "flour"],
  ["sugar", "sugar"],
  ["wurst", "sausage"],
  ["fish", "fish"],
  ["nut", "nut"],
  ["nuts", "nut"],
  ["seed", "seed"],
  ["seeds", "seed"],
  ["cookie", "cookie"],
  ["cookies", "cookie"],
  ["chips", "chip"],
  ["tea", "tea"],
  ["salad", "salad"],
  ["soup", "soup"],
  ["oil", "oil"],
];

function findMatches(tokens: string[]): Match[] {
  const all: Match[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let found = false;
    for (let len = Math.min(MAX_PHRASE, tokens.length - i); len >= 1; len--) {
      const key = len === 1 ? tokens[i]! : tokens.slice(i, i + len).join(" ");
      const entry = phraseMap.get(key);
      if (entry) {
        all.push({ entry, start: i, end: i + len });
        found = true;
        break; // longest phrase starting here; shorter ones at this start are inside it
      }
    }
    if (!found) {
      const t = tokens[i]!;
      if (t.length > 5 && !vocab.has(t)) {
        for (const [suffix, word] of SUFFIXES) {
          if (t.endsWith(suffix) && t.length > suffix.length + 2) {
            const entry = phraseMap.get(word);
            if (entry) all.push({ entry, start: i, end: i + 1 });
            break;
          }
        }
      }
    }
  }
  // Drop matches contained in a longer one.
  return all.filter(
    (m) => !all.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
  );
}

function pick(matches: Match[]): Match | null {
  let best: Match | null = null;
  for (const m of matches) {
    if (
      !best ||
      m.entry.priority > best.entry.priority ||
      (m.entry.priority === best.entry.priority &&
        (m.end > best.end || (m.end === best.end && m.end - m.start > best.end - best.start)))
    ) {
      best = m;
    }
  }
  return best;
}

/** The head match of one comma segment: words after "with"/"in" count only as a fallback. */
function headOfSegment(tokens: string[]): Match | null {
  const matches = findMatches(tokens);
  if (matches.length === 0) return null;
  const split = tokens.findIndex((t, i) => i > 0 && SPLIT_WORDS.has(t));
  if (split > 0) {
    const before = matches.filter((m) => m.start < split);
    const dominant = matches.filter((m) => m.entry.priority === 3);
    const chosen = pick([...before, ...dominant]);
    if (chosen) return chosen;
  }
  return pick(matches);
}

// ------------------------------------------------------------------ modifier rules

const FRESH_HERB_CUES = ["fresh", "leaf", "leaves", "sprig", "bunch", "stem", "stalk", "flat", "living", "potted"];
const DRY_HERB_CUES = ["dried", "dry", "ground", "flake", "crushed", "rubbed", "powder", "powdered", "dehydrated", "freeze"];
const DRY_AROMATIC_CUES = ["granulated", "powder", "powdered", "dried", "dehydrated", "ground", "flake", "granule", "minced dried"];
const DRY_CHILLI_CUES = ["dried", "dry", "flake", "crushed", "ground", "powder", "powdered", "smoked", "whole dried"];
const DRIED_FRUIT_CUES = ["dried", "dehydrated", "candied", "crystallized", "crystallised", "glace", "sundried", "sun"];
const CANNED_CUES = ["canned", "tinned", "can", "tin", "jarred", "syrup", "brine", "cream style", "whole kernel", "sodium"];
const DELI_CUES = ["rotisserie", "carved", "deli", "lunch", "lunchmeat", "shaved", "seasoned", "cajun", "honey", "maple", "mesquite",
  "peppered", "shredded", "pulled", "cooked", "style"];
const DELI_HEADS = new Set(["turkey", "turkey breast", "chicken", "chicken breast", "beef", "roast beef", "ham", "pork"]);
const ASIAN_CUES = ["korean", "thai", "chinese", "japanese", "asian", "szechuan", "sichuan", "vietnamese", "indian", "teriyaki",
  "tikka", "tandoori", "hoisin", "sesame ginger", "kung pao", "general tso", "malaysian", "indonesian", "filipino"];

function hasAny(tokens: string[], cues: readonly string[]): boolean {
  for (const cue of cues) {
    if (cue.includes(" ")) {
      if (tokens.join(" ").includes(cue)) return true;
    } else if (tokens.includes(cue)) return true;
  }
  return false;
}

function applyModifiers(m: Match, tokens: string[]): Code {
  const e = m.entry;
  const before = tokens.slice(0, m.start);
  const near = tokens; // the whole name: modifiers may follow ("Peas, Frozen")
  if (e.code !== "FR" && near.includes("frozen")) return "FR";
  if ((near.includes("canned") || near.includes("tinned")) && e.code !== "BV" && e.code !== "AL") return "CS";
  switch (e.kind) {
    case "herb":
      if (hasAny(near, DRY_HERB_CUES)) return "SP";
      return e.code;
    case "herbdry":
      if (hasAny(before, ["fresh"]) || hasAny(near, ["sprig", "bunch"])) return "PR";
      return e.code;
    case "aromatic":
      if (hasAny(near, DRY_AROMATIC_CUES)) return "SP";
      if (near.includes("pickled")) return "CO";
      return e.code;
    case "chilli":
      if (hasAny(near, DRY_CHILLI_CUES)) return "SP";
      if (near.includes("pickled")) return "IN";
      return e.code;
    case "fruit":
      if (e.code === "PR" && hasAny(before, DRIED_FRUIT_CUES)) return "BA";
      if (e.code === "PR" && hasAny(near, CANNED_CUES)) return "CS";
      return e.code;
    case "veg":
    case "bean":
      if (e.code === "PR" && hasAny(near, CANNED_CUES)) return "CS";
      if (e.code === "PR" && near.includes("pickled")) return "CO";
      if (e.code === "CS" && hasAny(before, ["dried", "dry"])) return "PG";
      return e.code;
    case "meat":
      if (hasAny(near, DELI_CUES)) return "DL";
      return e.code;
    case "juice":
      return e.code;
    default:
      break;
  }
  if (e.code === "MS" && DELI_HEADS.has(e.phrase) && hasAny(near, DELI_CUES)) return "DL";
  if (e.code === "BV" && e.phrase.endsWith("juice") && before.includes("fresh")) return "PR";
  if (e.code === "BV" && hasAny(near, ["alcoholic", "hard", "spiked"])) return "AL";
  if (e.code === "CO" && hasAny(near, ASIAN_CUES)) return "IN";
  if (e.code === "CS" && (e.phrase === "bean" || e.phrase.endsWith(" bean") || e.phrase === "chickpea") && hasAny(before, ["dried", "dry"])) {
    return "PG";
  }
  return e.code;
}

// ------------------------------------------------------------------ public API

/** Result of classifying one name, with the lexicon phrase that decided it (null: fallback). */
export interface CategoryExplanation {
  category: CategoryName;
  phrase: string | null;
}

/** Category used when no lexicon word matches at all. */
export const FALLBACK_CATEGORY: CategoryName = "Other";

/**
 * Classify an item name and say which lexicon phrase decided it.
 * @param name a grocery item as a recipe or shopper writes it ("2% milk", "Organic Baby Spinach")
 */
export function explainCategory(name: string): CategoryExplanation {
  for (const seg of segments(name)) {
    const m = headOfSegment(seg);
    if (m) return { category: CODES[applyModifiers(m, seg)], phrase: m.entry.phrase };
  }
  return { category: FALLBACK_CATEGORY, phrase: null };
}

/**
 * Store category of a grocery item name, one of {@link CATEGORIES}.
 * Pure and fast (token lookups in maps); unknown names get {@link FALLBACK_CATEGORY}.
 * @param name item name, e.g. "frozen peas" (Frozen), "peas" (Frozen or Produce), "dried oregano" (Spices)
 */
export function categorise(name: string): CategoryName {
  return explainCategory(name).category;
}
