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
import { FOREIGN_FOOD_WORDS } from "./foreign-lexicon.ts";

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
/** Italian plurals change the last vowel: "pomodori" -> "pomodoro", "melanzane" -> "melanzana". */
const IT_SINGULAR: [RegExp, string][] = [
  [/i$/, "o"],
  [/i$/, "e"],
  [/e$/, "a"],
  [/ini$/, "o"],
  [/ine$/, "a"],
];

let TABLE: Map<ForeignLanguage, Map<string, string>> | null = null;
function table(): Map<ForeignLanguage, Map<string, string>> {
  if (TABLE) return TABLE;
  TABLE = new Map();
  for (const lang of FOREIGN_LANGUAGES) {
    const m = new Map<string, string>();
    for (const pair of (FOREIGN_FOOD_WORDS[lang] ?? "").split("|")) {
      const eq = pair.indexOf("=");
      if (eq > 0) m.set(fold(pair.slice(0, eq)), pair.slice(eq + 1));
    }
    TABLE.set(lang, m);
  }
  return TABLE;
}

/** Lower case, accents off, ’ -> '. */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .trim();
}

function lookupWord(word: string, lang: ForeignLanguage, m: Map<string, string>): string | undefined {
  const hit = m.get(word);
  if (hit) return hit;
  for (const e of ENDINGS[lang])
    if (word.length > e.length + 1 && word.endsWith(e)) {
      const base = m.get(word.slice(0, -e.length));
      if (base) return base;
    }
  if (lang === "it")
    for (const [re, to] of IT_SINGULAR)
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

const LINKING =
  /\s+(?:de|d'|du|des|di|del|della|dei|delle|da|do|dos|das|van|von|af|av|with|à|a|au|aux|al|alla|con|com|em|en|in)\s+|\s*d'|\s*dell'/;

/** The English grocery word a name in `lang` names, or null. */
export function translateIn(name: string, lang: ForeignLanguage): string | null {
  const m = table().get(lang);
  if (!m) return null;
  const whole = fold(name)
    .replace(/[^\p{L}\s'-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!whole) return null;
  const direct = lookupWord(whole, lang, m);
  if (direct) return direct;
  const head = ROMANCE.has(lang) ? (whole.split(LINKING)[0] ?? whole) : whole;
  const words = head.split(/[\s-]+/).filter(Boolean);
  const order = ROMANCE.has(lang) ? words : [...words].reverse();
  for (const w of order) {
    const hit = lookupWord(w, lang, m);
    if (hit) return hit;
    if (!ROMANCE.has(lang)) {
      // compound: the longest known tail ("knoblauchzehe" is read from its tail first, "zehe" is no food)
      for (let i = 1; i <= w.length - 4; i++) {
        const tail = m.get(w.slice(i));
        if (tail) return tail;
      }
      // a unit as the compound's tail names a piece of the food before it: "Knoblauchzehe", "hvitløksfedd"
      for (const unit of unitWords(lang)) {
        if (w.length > unit.length + 2 && w.endsWith(unit)) {
          const food = lookupWord(w.slice(0, -unit.length).replace(/s$/, ""), lang, m) ?? lookupWord(w.slice(0, -unit.length), lang, m);
          if (food) return food;
        }
      }
    }
  }
  return null;
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
  const langs = given ? [given] : FOREIGN_LANGUAGES;
  for (const lang of langs) {
    const english = translateIn(name, lang);
    if (english) return { english, language: lang };
  }
  return null;
}
