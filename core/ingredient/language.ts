/**
 * Which language an ingredient line is in (decision 0005): scores each language by its unit words
 * after a number, its function words and its letters, against English's own. English is the
 * answer unless another language has clear evidence, so an English line is never read by
 * another language's rules. A recipe's lines can be read together (`detectRecipeLanguage`): a
 * short line with no evidence of its own ("2 Tomaten") takes the language of its recipe.
 */
import type { ForeignLanguage, Language } from "./foreign-words.ts";
import { isUnitWord } from "../units/aliases.ts";
import { FOREIGN_LANGUAGES, WORDS } from "./foreign-words.ts";

export type { ForeignLanguage, Language } from "./foreign-words.ts";
export { FOREIGN_LANGUAGES, languageOfTag } from "./foreign-words.ts";

/**
 * English evidence: function words, units and the commonest kitchen words of English (general
 * knowledge; a foreign line rarely has them, an English line nearly always has one).
 */
const ENGLISH_MARKERS = new Set(
  (
    "of and or the for with to into a an at in on from about plus each your such as like if not more less than some any " +
    "cup cups tablespoon tablespoons teaspoon teaspoons tbsp tbsps tbs tsp tsps oz ounce ounces lb lbs pound pounds fl quart quarts " +
    "pint pints gallon stick sticks can cans jar jars bottle bottles package packages pack packs packet packets bag bags box " +
    "envelope envelopes sachet sachets pot pots tub tubs carton glass glasses handful hand bunch bunches sprig sprigs branch " +
    "branches leaves leaf blade blades slice slices piece pieces clove cloves head heads pinch dash splash drop drops inch inches " +
    "chopped minced diced sliced grated peeled shredded crushed cubed halved quartered softened melted beaten packed heaping level " +
    "large small medium big thin thick whole fresh freshly finely roughly thinly coarsely lightly ground cracked torn trimmed " +
    "taste season seasoning serve serving garnish sprinkle needed optional divided cut drained rinsed room temperature cold warm " +
    "hot boiling extra virgin unsalted salted boneless skinless frozen dried dry ripe lengthways lengthwise crosswise " +
    "salt pepper black white red green yellow sea rock kosher flakes fine coarse sugar brown flour butter oil olive water milk " +
    "cream sour egg eggs yolk yolks cheese wine vinegar yeast baking powder soda vanilla honey lemon lime juice zest orange garlic " +
    "onion onions shallot ginger chicken beef pork lamb fish stock broth rice pasta bread tomato tomatoes potato potatoes carrot " +
    "carrots celery parsley thyme rosemary basil mint coriander cilantro cumin paprika cinnamon nutmeg chilli chili sauce " +
    "half quarter third one two three four five six seven eight nine ten twelve dozen few couple c t pak choi bok bouquet garni bulb cube cubes fennel"
  ).split(" "),
);

/** English purpose and taste phrases: strong evidence. */
const ENGLISH_PHRASES =
  /\b(to (serve|taste|garnish|season|decorate|dust|finish)|for (serving|garnish|garnishing|dusting|frying|the)|as needed|or more|cut into)\b/;

const WORD_RE = /[\p{L}]+['’]?|\d+(?:[.,]\d+)?|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/gu;

interface LangTables {
  units: Set<string>;
  unitPhrases: string[][];
  markers: Set<string>;
  linking: Set<string>;
}
const METRIC_UNITS = new Set([
  "g",
  "gr",
  "kg",
  "mg",
  "ml",
  "cl",
  "dl",
  "l",
  "gram",
  "gramm",
  "grammes",
  "gramos",
  "grammi",
  "gramas",
  "kilo",
  "litro",
  "litre",
  "liter",
]);
let TABLES: Map<ForeignLanguage, LangTables> | null = null;
function tables(): Map<ForeignLanguage, LangTables> {
  if (TABLES) return TABLES;
  TABLES = new Map();
  for (const lang of FOREIGN_LANGUAGES) {
    const w = WORDS[lang];
    const spellings = Object.entries(w.units)
      .filter(([unit]) => !["g", "kg", "mg", "ml", "cl", "dl", "l", "cm"].includes(unit))
      .flatMap(([, s]) => s)
      .map((s) => s.toLowerCase().match(WORD_RE) ?? []);
    TABLES.set(lang, {
      // a unit spelled like an English word ("glass", "pot", "pack") is no evidence
      units: new Set(
        spellings
          .filter((p) => p.length === 1)
          .map((p) => p[0] ?? "")
          .filter((u) => !ENGLISH_MARKERS.has(u) && !isUnitWord(u)),
      ),
      unitPhrases: spellings.filter((p) => p.length > 1),
      linking: new Set(w.linking),
      markers: new Set(
        [
          ...w.markers,
          ...w.linking,
          ...w.purpose,
          ...w.prep.filter((p) => !p.includes(" ")),
          ...w.sizes,
          ...w.keep.filter((p) => !p.includes(" ")),
          ...Object.keys(w.numbers).filter((n) => !n.includes(" ")),
          ...w.vague.filter((v) => !v.includes(" ")),
        ].filter((m) => !ENGLISH_MARKERS.has(m)),
      ),
    });
  }
  return TABLES;
}

/** Letters that belong to few languages: [pattern, languages, weight]. */
const LETTERS: [RegExp, ForeignLanguage[], number][] = [
  [/ß/, ["de"], 3],
  [/[äöü]/, ["de"], 2],
  [/[äö]/, ["sv"], 1],
  [/[æø]/, ["da", "nb"], 3],
  [/å/, ["da", "nb", "sv"], 2],
  [/ñ/, ["es"], 3],
  [/[ãõ]/, ["pt"], 3],
  [/ç/, ["fr", "pt"], 1.5],
  [/[èêâîôûëïœ]/, ["fr"], 1.5],
  [/à/, ["fr", "it", "pt"], 1],
  [/[ìòù]/, ["it"], 1.5],
  [/é/, ["fr", "es", "pt", "it"], 0.5],
  [/[íóáú]/, ["es", "pt"], 1],
  [/ê/, ["pt"], 0.5],
];

/** Evidence per language (English included) from one line. */
export function languageScores(line: string): Map<Language, number> {
  const scores = new Map<Language, number>();
  const add = (l: Language, x: number) => scores.set(l, (scores.get(l) ?? 0) + x);
  // words in brackets are often another language's ("Rosé d'Anjou") or a brand: read them only when nothing else is there
  const unbracketed = line.replace(/\([^()]*\)/g, " ");
  const lower = (/[\p{L}]{2}/u.test(unbracketed) ? unbracketed : line).toLowerCase().replace(/\bq\.\s?b\b\.?/g, "qb");
  const words = lower.replace(/’/g, "'").match(WORD_RE) ?? [];
  const t = tables();
  const structural = new Set<Language>();
  if (ENGLISH_PHRASES.test(lower)) add("en", 3);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? "";
    const afterNumber = i > 0 && /^[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(words[i - 1] ?? "");
    if (ENGLISH_MARKERS.has(w)) add("en", afterNumber ? 3 : 1);
    const bare = w.replace(/'$/, "");
    for (const [lang, lt] of t) {
      if (lt.units.has(w) || lt.units.has(bare)) {
        add(lang, afterNumber || i === 0 ? 3 : 1);
        structural.add(lang);
      } else if (lt.linking.has(w) && i > 1 && METRIC_UNITS.has(words[i - 1] ?? "") && /^\d/.test(words[i - 2] ?? "")) {
        add(lang, 2);
        structural.add(lang);
      } else if (lt.markers.has(w) || lt.markers.has(bare)) add(lang, 1);
    }
  }
  for (const [lang, lt] of t) {
    for (const p of lt.unitPhrases) {
      for (let i = 0; i + p.length <= words.length; i++) {
        if (p.every((pw, k) => words[i + k] === pw)) {
          add(lang, 3);
          structural.add(lang);
          break;
        }
      }
    }
  }
  // letters only support word evidence: at most 2 points, and none for a language with no word
  const letters = new Map<ForeignLanguage, number>();
  for (const [re, langs, weight] of LETTERS) if (re.test(lower)) for (const l of langs) letters.set(l, (letters.get(l) ?? 0) + weight);
  const alone = /[äöüßæøåãõ]/.test(lower); // letters that English words never have
  // French accents alone ("crème fraîche", "fleur de sel" in an English line) are loanwords: they count
  // with a unit or an amount's linking word of the language, or with letters English never has
  for (const [l, x] of letters) if ((scores.get(l) ?? 0) > 0 || (alone && x >= 2)) add(l, Math.min(x, 2));
  return scores;
}

function best(scores: Map<Language, number>): { lang: Language | null; score: number; english: number } {
  const english = scores.get("en") ?? 0;
  let lang: Language | null = null;
  let top = 0;
  for (const [l, s] of scores) {
    if (l !== "en" && s > top) {
      top = s;
      lang = l;
    }
  }
  return { lang, score: top, english };
}

/**
 * The language of one line, or null when the line gives no clear evidence (read it as English, or
 * with its recipe's language).
 *
 * @example detectLanguage("2 EL Olivenöl") // "de"
 * @example detectLanguage("2 cups flour") // "en"
 */
export function detectLanguage(line: string): Language | null {
  const b = best(languageScores(line));
  // clear: well ahead of English; leaning (ahead, not by much): the recipe's language decides, else English
  if (b.lang && b.score >= 2 && b.score > b.english + 3) return b.lang;
  if (b.lang && b.score >= 2 && b.score > b.english) return null;
  if (b.english > 0 && b.english >= b.score) return "en";
  return null;
}

/**
 * The language a line leans to when `detectLanguage` leaves it open (some evidence, not much more
 * than English's): read in it when the recipe is not English. Null when it leans nowhere.
 */
export function leaningLanguage(line: string): Language | null {
  const b = best(languageScores(line));
  return b.lang && b.score >= 2 && b.score > b.english ? b.lang : null;
}

/**
 * The language of a recipe from all its lines (summed evidence), or null when none is clear.
 *
 * @example detectRecipeLanguage(["2 EL Olivenöl", "2 Tomaten"]) // "de"
 */
export function detectRecipeLanguage(lines: readonly string[]): Language | null {
  return languageOfLines(lines.map(languageScores));
}

/** detectRecipeLanguage over lines already scored with `languageScores`. */
export function languageOfLines(scores: readonly Map<Language, number>[]): Language | null {
  const total = new Map<Language, number>();
  for (const line of scores) for (const [l, s] of line) total.set(l, (total.get(l) ?? 0) + s);
  const b = best(total);
  if (b.lang && b.score >= 3 && b.score > 1.5 * b.english) return b.lang;
  if (b.english > 0) return "en";
  return null;
}
