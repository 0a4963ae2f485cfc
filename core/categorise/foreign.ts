/**
 * Food names in other languages -> the English grocery word they name (decision 0005), from the
 * multilingual table built from Unicode CLDR (foreign-lexicon.ts). Used by the categoriser (the
 * aisle of "Knoblauch" is garlic's) and by the combiner (Mehl and flour are one item).
 *
 * A name is looked up whole, then by its head: the first word in Romance languages ("huile d'olive"
 * -> huile), the last word and then its tail in Germanic ones, whose compounds put the head last
 * ("Knoblauchzehe" -> ... "Hühnerbrühe" -> brühe). Simple plural endings of each language are tried.
 */
import type { ForeignLanguage } from "../ingredient/foreign-words.ts";
import { FOREIGN_LANGUAGES, languageOfTag, WORDS } from "../ingredient/foreign-words.ts";
import { DICTIONARY_FOOD_WORDS, DICTIONARY_SECOND_HAND } from "./dictionary-lexicon.ts";
import { FOREIGN_FOOD_WORDS } from "./foreign-lexicon.ts";
import { ENGLISH_MODIFIERS } from "./modifier-words.ts";

const ROMANCE = new Set<ForeignLanguage>(["fr", "es", "it", "pt"]);

/** Plural and inflection endings tried when a word is not found as written (general grammar). */
const ENDINGS: Record<ForeignLanguage, string[]> = {
  de: ["n", "en", "e", "s", "er", "nen"],
  nl: ["en", "s", "'s", "n", "jes", "tjes", "je", "tje"],
  da: ["er", "r", "e", "ne", "erne", "en", "et"],
  nb: ["er", "r", "e", "ene", "ne", "en", "et", "a"],
  sv: ["ar", "or", "er", "r", "na", "en", "et", "n"],
  fr: ["s", "x", "es"],
  es: ["s", "es"],
  pt: ["s", "es"],
  it: ["i", "e"],
};
/**
 * Endings that change: Italian plurals change the last vowel ("pomodori" -> "pomodoro", "melanzane"
 * -> "melanzana"); Romance adjectives agree in gender ("negra" -> "negro", "fraîche" -> "frais").
 */
const SINGULAR: Partial<Record<ForeignLanguage, [RegExp, string][]>> = {
  it: [
    [/i$/, "o"],
    [/i$/, "e"],
    [/e$/, "a"],
    [/ini$/, "o"],
    [/ine$/, "a"],
    [/a$/, "o"],
  ],
  es: [
    [/as?$/, "o"],
    [/es$/, "e"],
  ],
  pt: [
    [/as?$/, "o"],
    [/oes$/, "ao"],
  ],
  // Scandinavian nouns in -el/-en/-er lose that e before an ending ("kartofler" -> "kartoffel"), and
  // "rod"/"rot" (root) and "fod" take an umlaut plural ("gulerødder" -> "gulerod", "morötter" -> "morot")
  // (words are folded first: å, ä, ö lose their marks, æ and ø stay), a doubled consonant written single
  // before it ("kartofler" -> "kartoffel")
  da: [
    [/([^aeiouyæø])([lnr])(?:er|e|erne|ene)$/, "$1e$2"],
    [/([^aeiouyæø])([lnr])(?:er|e|erne|ene)$/, "$1$1e$2"],
    [/ødder(?:ne)?$/, "od"],
  ],
  nb: [
    [/([^aeiouyæø])([lnr])(?:er|e|ene|a)$/, "$1e$2"],
    [/([^aeiouyæø])([lnr])(?:er|e|ene|a)$/, "$1$1e$2"],
    [/øtter(?:ne)?$/, "ot"],
  ],
  sv: [
    [/([^aeiouy])([lnr])(?:ar|er|or|na)$/, "$1e$2"],
    [/([^aeiouy])([lnr])(?:ar|er|or|na)$/, "$1$1e$2"],
    [/otter(?:na)?$/, "ot"],
  ],
  fr: [
    [/e?s?$/, ""],
    [/che$/, "c"],
    [/euse$/, "eux"],
    [/ees?$/, "e"],
  ],
};

/** Dictionary rows first (they name the thing: "olivenöl" -> olive oil), CLDR rows fill the gaps. */
let TABLE: Map<ForeignLanguage, Map<string, string>> | null = null;
function table(): Map<ForeignLanguage, Map<string, string>> {
  if (TABLE) return TABLE;
  TABLE = new Map();
  for (const lang of FOREIGN_LANGUAGES) {
    const m = new Map<string, string>();
    for (const pair of (DICTIONARY_FOOD_WORDS[lang] ?? "").split("|")) {
      const eq = pair.indexOf("=");
      if (eq > 0) m.set(pair.slice(0, eq), pair.slice(eq + 1));
      else if (pair) m.set(pair, pair);
    }
    for (const pair of (FOREIGN_FOOD_WORDS[lang] ?? "").split("|")) {
      const eq = pair.indexOf("=");
      if (eq > 0 && !m.has(fold(pair.slice(0, eq)))) m.set(fold(pair.slice(0, eq)), pair.slice(eq + 1));
    }
    TABLE.set(lang, m);
  }
  // Danish, Norwegian and Swedish share most food words (and their dictionaries are small): each fills its gaps from the others
  for (const [lang, kin] of SCANDINAVIAN) {
    const m = TABLE.get(lang);
    for (const k of kin) for (const [w, en] of TABLE.get(k) ?? []) if (m && !m.has(w)) m.set(w, en);
  }
  return TABLE;
}
/**
 * The table with the words only another language's dictionaries explain added (German; for Italian
 * and Portuguese also French and Spanish; two translations away, they drift most): read only when the
 * language's own table gives a name no reading at all.
 */
let WIDE: Map<ForeignLanguage, Map<string, string>> | null = null;
function wideTable(): Map<ForeignLanguage, Map<string, string>> {
  if (WIDE) return WIDE;
  WIDE = new Map();
  for (const [lang, own] of table()) {
    const m = new Map(own);
    const kin = SCANDINAVIAN.find(([l]) => l === lang)?.[1] ?? [];
    for (const pair of [lang, ...kin].flatMap((l) => (DICTIONARY_SECOND_HAND[l] ?? "").split("|"))) {
      const eq = pair.indexOf("=");
      const word = eq > 0 ? pair.slice(0, eq) : pair;
      if (word && !m.has(word)) m.set(word, eq > 0 ? pair.slice(eq + 1) : pair);
    }
    WIDE.set(lang, m);
  }
  return WIDE;
}
const SCANDINAVIAN: [ForeignLanguage, ForeignLanguage[]][] = [
  ["nb", ["da", "sv"]],
  ["da", ["nb", "sv"]],
  ["sv", ["nb", "da"]],
];

/** Lower case, accents off, ’ -> '. */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .trim();
}

/** The table's English for a word, also with a plural or agreement ending off (the base keeps `min` letters). */
function lookupWord(word: string, lang: ForeignLanguage, m: Map<string, string>, min = 2): string | undefined {
  const hit = m.get(word);
  if (hit) return hit;
  for (const e of ENDINGS[lang])
    if (word.length >= e.length + min && word.endsWith(e)) {
      const base = m.get(word.slice(0, -e.length));
      if (base) return base;
    }
  for (const [re, to] of SINGULAR[lang] ?? [])
    if (re.test(word)) {
      const base = m.get(word.replace(re, to));
      if (base) return base;
    }
  return undefined;
}

const UNIT_WORDS = new Map<ForeignLanguage, string[]>();
/** The language's unit words (foreign-words.ts), folded, longest first. */
function unitWords(lang: ForeignLanguage): string[] {
  let list = UNIT_WORDS.get(lang);
  if (!list) {
    list = Object.values(WORDS[lang].units)
      .flat()
      .filter((u) => u.length >= 3 && !u.includes(" "))
      .map(fold)
      .sort((a, b) => b.length - a.length);
    UNIT_WORDS.set(lang, list);
  }
  return list;
}

/**
 * With no language given, a reading must explain at least half of the name's words: as food, or as
 * the language's words for kitchen work, sizes, forms as sold and linking (foreign-words.ts). A
 * product or brand name with one food-like word in it is no foreign name.
 */
const MIN_COVER = 0.5;

/** How many of the words the language explains: read as food (whole or by a compound's tail) or a word of names. */
function explained(words: string[], lang: ForeignLanguage, tables = table()): number {
  const m = tables.get(lang);
  if (!m) return 0;
  return words.filter((w) => nameWords(lang).has(w) || (ROMANCE.has(lang) ? lookupWord(w, lang, m) : readGermanic(w, lang, m))).length;
}

const NAME_WORDS = new Map<ForeignLanguage, Set<string>>();
/** The language's non-food words that stand in ingredient names (kitchen work, sizes, forms, linking), folded. */
function nameWords(lang: ForeignLanguage): Set<string> {
  let set = NAME_WORDS.get(lang);
  if (!set) {
    const w = WORDS[lang];
    set = new Set(
      [...w.keep, ...w.prep, ...w.sizes, ...w.adverbs, ...w.linking, ...w.edgeWords, ...w.unitModifiers]
        .flatMap((x) => fold(x).split(/[\s.]+/))
        .filter((x) => x.length >= 2),
    );
    NAME_WORDS.set(lang, set);
  }
  return set;
}

const LINKING =
  /\s+(?:de|d'|du|des|di|del|della|dei|delle|da|do|dos|das|van|von|af|av|with|à|a|au|aux|al|alla|con|com|em|en|in)\s+|\s*d'|\s*dell'/;

/** Letters that join the parts of a Germanic compound ("Hühner|brühe", "kyllings|fileter"). */
const JOINS = ["s", "n", "en", "e", "er", "es"];

/** A word's English reading and how many of its letters the table explains. */
interface Reading {
  english: string;
  covered: number;
}

/** A Germanic word: whole, or as a compound whose head is its longest known tail. */
function readGermanic(w: string, lang: ForeignLanguage, m: Map<string, string>, depth = 0): Reading | null {
  const whole = lookupWord(w, lang, m);
  if (whole) return { english: whole, covered: w.length };
  if (depth > 1) return null;
  for (let i = 2; i <= w.length - 3; i++) {
    const tail = lookupWord(w.slice(i), lang, m, 3);
    if (!tail) continue;
    const rest = w.slice(0, i);
    let mod: Reading | null = rest.length >= 3 ? readGermanic(rest, lang, m, depth + 1) : null;
    for (const j of JOINS)
      if (!mod && rest.length >= j.length + 3 && rest.endsWith(j)) mod = readGermanic(rest.slice(0, -j.length), lang, m, depth + 1);
    return mod ? { english: `${mod.english} ${tail}`, covered: w.length - i + mod.covered } : { english: tail, covered: w.length - i };
  }
  // a unit as the compound's tail names a piece of the food before it: "Knoblauchzehe", "hvitløksfedd"
  for (const unit of unitWords(lang)) {
    if (w.length > unit.length + 2 && w.endsWith(unit)) {
      const food =
        readGermanic(w.slice(0, -unit.length).replace(/s$/, ""), lang, m, depth + 1) ??
        readGermanic(w.slice(0, -unit.length), lang, m, depth + 1);
      if (food) return food;
    }
  }
  return null;
}

/** Romance word groups: the noun first, its adjectives after ("pimienta negra" -> black pepper). */
function readRomanceGroup(group: string, lang: ForeignLanguage, m: Map<string, string>): Reading | null {
  const words = group.split(/[\s-]+/).filter(Boolean);
  const read = words.map((w) => ({ w, en: lookupWord(w, lang, m) }));
  const known = read.filter((r) => r.en);
  if (!known.length) return null;
  // the head noun first; after it only words that describe ("negra", "fresca", "séché"), not other nouns
  const [noun, ...after] = known;
  const adjectives = after.filter((r) => r.en && ENGLISH_MODIFIERS.has(r.en));
  return {
    english: [...adjectives.map((r) => r.en), noun?.en].join(" "),
    covered: known.reduce((n, r) => n + r.w.length, 0),
  };
}

/** The English words a name in `lang` means (modifiers before the head, as English puts them). */
function readIn(name: string, lang: ForeignLanguage, tables = table()): Reading | null {
  const m = tables.get(lang);
  if (!m) return null;
  const whole = fold(name)
    .replace(/[^\p{L}\s'-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!whole) return null;
  // the whole name as one entry: the language's own, else (a name of several words) a second-hand one,
  // which names the thing better than the first word alone ("pois chiches" is chickpeas, not peas)
  const direct =
    lookupWord(whole, lang, m) ??
    (whole.includes(" ") && tables === table() ? lookupWord(whole, lang, wideTable().get(lang) ?? m) : undefined);
  if (direct) return { english: direct, covered: whole.replace(/\s/g, "").length };
  if (ROMANCE.has(lang)) {
    // "huile d'olive vierge" -> olive + oil: each group read alone, the later groups before the first
    const groups = whole
      .split(LINKING)
      .map((g) => g.trim())
      .filter(Boolean);
    const reads = groups.map((g) => readRomanceGroup(g, lang, m));
    if (!reads[0]) return null;
    const all = reads.filter((r): r is Reading => r !== null);
    return {
      english: all
        .map((r) => r.english)
        .reverse()
        .join(" "),
      covered: all.reduce((n, r) => n + r.covered, 0),
    };
  }
  const reads = whole
    .split(/[\s]+/)
    .filter(Boolean)
    .map((w) => readGermanic(w.replace(/-$/, ""), lang, m));
  const all = reads.filter((r): r is Reading => r !== null);
  if (!all.length) return null;
  return { english: all.map((r) => r.english).join(" "), covered: all.reduce((n, r) => n + r.covered, 0) };
}

/** The English grocery words a name in `lang` names, or null. */
export function translateIn(name: string, lang: ForeignLanguage): string | null {
  return (readIn(name, lang) ?? readIn(name, lang, wideTable()))?.english ?? null;
}

/**
 * The English grocery word a foreign name names, in the given language or (none given) in the first
 * language whose table knows it. Returns the language it was read in.
 *
 * @example translateFoodName("Knoblauch") // { english: "garlic", language: "de" }
 */
export function translateFoodName(name: string, language?: string | null): { english: string; language: ForeignLanguage } | null {
  const given = languageOfTag(language);
  if (given === "en") return null;
  if (given) {
    const english = translateIn(name, given);
    return english ? { english, language: given } : null;
  }
  // no language given: the language whose words explain most of the name (the first listed on a tie);
  // a guess from the tail of an unknown word alone is no reading ("colander" is no Swedish duck)
  const words = fold(name)
    .split(/[^\p{L}']+/u)
    .filter(Boolean);
  const guess = (tables: Map<ForeignLanguage, Map<string, string>>) => {
    let best: { english: string; language: ForeignLanguage; covered: number } | null = null;
    for (const lang of FOREIGN_LANGUAGES) {
      const r = readIn(name, lang, tables);
      if (r && explained(words, lang, tables) >= MIN_COVER * words.length && (!best || r.covered > best.covered))
        best = { english: r.english, language: lang, covered: r.covered };
    }
    return best ? { english: best.english, language: best.language } : null;
  };
  // the words found through German only when no language's own words read the name
  return guess(table()) ?? guess(wideTable());
}
