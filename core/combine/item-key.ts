/**
 * Canonical item keys: the identity under which ingredient lines are merged on a shopping list.
 * "2 onions, diced", "1 large onion" and "1 yellow onion" -> "onion"; "onion powder" and
 * "green onions" stay apart (they are different things to buy). docs/decisions/0008-building-a-list.md.
 */
import { translateFoodName } from "../categorise/foreign.ts";
import { type ForeignLanguage, languageOfTag } from "../ingredient/foreign-words.ts";
import { canonicalUnit } from "../units/aliases.ts";
import { SYNONYMS } from "./synonyms.ts";

/** Words in front of a name that do not change what is bought (size, cut, temperature, quality). */
const DISPLAY_DROP = new Set([
  "large", "small", "medium", "big", "jumbo", "extra", "xl", "mini", "chopped", "diced", "minced", "sliced", "grated", "finely",
  "roughly", "coarsely", "thinly", "thickly", "freshly", "softened", "melted", "cold", "chilled", "warm", "hot", "cubed",
  "trimmed", "peeled", "halved", "quartered", "shredded", "torn", "beaten", "lightly", "well", "about", "approx", "approximately",
  "good", "quality", "best", "organic", "firmly", "packed", "loosely", "heaped", "level", "rounded", "scant", "generous",
  "room", "temperature", "sifted", "crumbled", "cut", "into", "pieces", "very", "handful", "few", "some", "plus", "more", "extra",
  "sized", "size", "whole", "unpeeled", "s", "of", "washed", "scrubbed", "rinsed", "drained", "ripe", "raw", "uncooked",
]);

/** Extra words the key ignores but a display may keep ("fresh coriander"). */
const KEY_DROP = new Set(["fresh", "free", "range", "freerange", "large", "good", "quality"]);

/** Salt-level labels do not make a different item to shop for ("low-sodium chicken broth"). */
const SODIUM = /\b(?:(?:low|reduced|lower|less) sodium|no salt added)\b ?/g;

const KEY_ALL_DROP: ReadonlySet<string> = new Set([...DISPLAY_DROP, ...KEY_DROP]);

/** Names where a leading word from the lists above is part of the product. */
const KEEP_PHRASES = new Set([
  "crushed tomato", "peeled tomato", "whole milk", "whole wheat flour", "whole grain mustard", "whole wheat", "hot sauce",
  "hot chili", "hot pepper", "cold water", "warm water", "hot water", "extra virgin olive oil", "extra virgin", "sliced almond",
  "chopped tomato", "diced tomato", "shredded coconut", "grated coconut", "fresh yeast", "fresh pasta", "fresh mozzarella",
  "fresh breadcrumb", "fresh bread crumb", "smoked paprika", "minced meat", "large egg", "raw sugar", "raw honey", "whole egg",
  "small pasta", "whole chicken", "whole nutmeg", "whole clove", "hot smoked paprika", "whole black peppercorn", "packed brown sugar",
  "cut fruit", "freshly squeezed lemon juice", "mini marshmallow", "medium egg", "whole grain", "whole wheat pasta",
]);

/** Singular/plural words that are not plural ("hummus", "couscous"). */
const NOT_PLURAL = new Set([
  "hummus", "couscous", "asparagus", "molasses", "swiss", "brussels", "grits", "lemongrass", "bass", "watercress", "cress",
  "citrus", "octopus", "hibiscus", "schnapps", "anise", "chives", "greens", "oats", "lentils", "peas", "glass", "mascarpone",
  "gras", "is", "us", "ss", "cheese", "harissa", "quinoa", "jus", "pancreas", "chess", "bitters", "series",
]);
const IES_TO_IE = new Set(["cookies", "brownies", "veggies", "pies", "smoothies", "calories", "ties", "hoagies", "beanies"]);
const VES_TO_F = new Set(["leaves", "loaves", "halves", "calves", "wolves", "shelves", "scarves"]);

/** Singular of one English noun (the head of an ingredient name). */
export function singular(word: string): string {
  if (word.length < 4 || NOT_PLURAL.has(word)) {
    if (word === "chives") return "chive";
    if (word === "oats") return "oat";
    if (word === "peas") return "pea";
    if (word === "lentils") return "lentil";
    return word;
  }
  if (IES_TO_IE.has(word)) return word.slice(0, -1);
  if (word === "chilies" || word === "chilis") return "chili";
  if (word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (VES_TO_F.has(word)) return word.slice(0, -3) + "f";
  if (word.endsWith("oes")) return word.slice(0, -2);
  if (word.endsWith("sses") || word.endsWith("shes") || word.endsWith("ches") || word.endsWith("xes") || word.endsWith("zes")) {
    return word.slice(0, -2);
  }
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Lower case, accents off, notes in brackets and after a comma removed, punctuation to spaces. */
export function cleanName(name: string): string {
  return name
    .replace(/[™®©]/g, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\([^)]*\)?/g, " ")
    .replace(/[,;].*$/, "")
    .replace(/&/g, " and ")
    .replace(/['’`]s\b/g, "s")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Per-word spellings that differ between US and UK/AU usage. */
const SPELLING: ReadonlyMap<string, string> = new Map([
  ["yoghurt", "yogurt"], ["yoghurts", "yogurts"], ["yogourt", "yogurt"], ["chilli", "chili"], ["chillies", "chilies"],
  ["chile", "chili"], ["chiles", "chilies"], ["flatleaf", "flat leaf"], ["colour", "color"], ["flavoured", "flavored"],
  ["wholegrain", "whole grain"], ["wholemeal", "wholemeal"], ["mince", "mince"], ["tomatoe", "tomato"], ["ketchup", "ketchup"],
  ["doughnut", "donut"], ["aubergines", "aubergine"], ["breadcrumbs", "breadcrumb"], ["confectioners", "confectioners"],
]);

const COUNT_UNIT_WORDS = new Map([
  ["clove", "clove"], ["cloves", "clove"], ["sprig", "sprig"], ["sprigs", "sprig"], ["stalk", "stalk"], ["stalks", "stalk"],
  ["rib", "stalk"], ["ribs", "stalk"], ["rasher", "rasher"], ["rashers", "rasher"],
]);

/** Count units that a name may start with when a parser left them there ("cans diced tomatoes"). */
const LEADING_UNITS = new Set([
  "can", "tin", "jar", "package", "bag", "box", "bottle", "carton", "container", "bunch", "head", "sprig", "stalk", "rib",
  "handful", "pinch", "knob", "slice", "packet", "sachet", "envelope", "tub", "punnet", "clove", "rasher", "dash", "splash",
]);

export interface ItemKey {
  /** Merge key: synonyms and descriptors folded ("onion", "spring onion", "all purpose flour"). */
  key: string;
  /** The name as a shopper reads it, singular, with only cut/size words removed ("yellow onion"). */
  display: string;
  /** The same as written (plural kept, hyphens and accents kept): "all-purpose flour", "crème fraîche". */
  written: string;
  /** A count unit that the name itself carried ("garlic cloves" -> "clove"), or null. */
  impliedUnit: string | null;
  /** 1 when the name began with "a"/"an" and a unit ("a pinch of salt"), else null. */
  impliedQuantity: number | null;
}

function dropLeading(words: string[], drop: ReadonlySet<string>): string[] {
  let i = 0;
  for (let w = words[i]; i < words.length - 1 && w !== undefined && drop.has(w); w = words[i]) {
    if (KEEP_PHRASES.has(singularHead(words.slice(i)).join(" "))) break;
    // "large egg" is kept whole only in KEEP_PHRASES lookups; a drop word followed by "and"/"or" goes too
    i++;
    while (i < words.length - 1 && (words[i] === "and" || words[i] === "or" || words[i] === "to")) i++;
  }
  return words.slice(i);
}

/** Words a parser may leave after the name ("onions diced", "butter very soft"). */
const TRAIL_DROP = new Set([...DISPLAY_DROP, "soft", "divided", "separated", "drained", "optional", "needed", "total", "each"]);

function dropTrailing(words: string[]): string[] {
  let n = words.length;
  for (let last = words[n - 1]; n > 1 && last !== undefined && TRAIL_DROP.has(last); last = words[n - 1]) {
    if (KEEP_PHRASES.has(words.slice(0, n).join(" "))) break;
    n--;
  }
  return n === words.length ? words : words.slice(0, n);
}

function singularHead(words: string[]): string[] {
  const last = words.at(-1);
  if (last === undefined) return words;
  return [...words.slice(0, -1), singular(last)];
}

/**
 * The merge key, shopper-facing display name and any count unit implied by an ingredient name.
 * @param name the parsed name of an ingredient line ("large yellow onions", "garlic cloves")
 */
export function itemKey(name: string): ItemKey {
  let words = cleanName(name)
    .split(" ")
    .filter(Boolean)
    .flatMap((w) => (SPELLING.get(w) ?? w).split(" "));
  words = dropTrailing(words);
  let impliedUnit: string | null = null;
  let impliedQuantity: number | null = null;
  const article = words.length > 2 && (words[0] === "a" || words[0] === "an");
  if (article) words = words.slice(1);
  // "cloves garlic" / "cloves of garlic" / "garlic cloves" / "celery ribs" / "thyme sprigs"
  const [firstWord] = words;
  if (words.length >= 2 && firstWord !== undefined) {
    const lead = canonicalUnit(firstWord);
    if (lead && LEADING_UNITS.has(lead) && lead !== "clove" && firstWord.length > 2) {
      impliedUnit = lead === "rib" ? "stalk" : lead;
      if (article) impliedQuantity = 1;
      words = words.slice(words[1] === "of" && words.length > 2 ? 2 : 1);
    }
  }
  if (words.length >= 2 && impliedUnit === null) {
    const first = COUNT_UNIT_WORDS.get(words[0] ?? "");
    const last = COUNT_UNIT_WORDS.get(words.at(-1) ?? "");
    if (first && (words[1] === "of" || (first === "clove" && words[1] === "garlic") || first !== "clove")) {
      impliedUnit = first;
      words = words.slice(words[1] === "of" ? 2 : 1);
    } else if (last && (last !== "clove" || words.includes("garlic"))) {
      impliedUnit = last;
      words = words.slice(0, -1);
    }
  }
  const displayWords = singularHead(dropLeading(words, DISPLAY_DROP));
  const written = writtenForm(name, displayWords);
  const display = displayWords.join(" ");
  const full = singularHead(words).join(" ");
  let key = SYNONYMS.get(full) ?? SYNONYMS.get(display);
  if (!key) {
    const stripped = singularHead(dropLeading(displayWords, KEY_ALL_DROP))
      .join(" ")
      .replace(SODIUM, "")
      .trim();
    key = SYNONYMS.get(stripped) ?? stripped;
  }
  return { key: key || display || full, display: display || full, written: written || display || full, impliedUnit, impliedQuantity };
}

/**
 * The last `n` words of the name as written (lower case, brackets and comma notes removed, hyphens
 * and accents kept), so that the display keeps "all-purpose flour" and "crème fraîche".
 */
function writtenForm(name: string, displayWords: readonly string[]): string {
  const light = name
    .replace(/[™®©]/g, "")
    .toLowerCase()
    .replace(/\([^)]*\)?/g, " ")
    .replace(/[,;].*$/, "")
    .replace(/[^\p{L}\p{N}'’ -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  // normalised pieces of each written word (a hyphenated word may be two), with their owner
  const words = light.split(" ").filter(Boolean);
  const pieces: string[] = [];
  const owner: number[] = [];
  words.forEach((w, i) => {
    for (const p of cleanName(w).split(" ").filter(Boolean)) {
      pieces.push(SPELLING.get(p) ?? p);
      owner.push(i);
    }
  });
  const n = displayWords.length;
  for (let k = 0; k + n <= pieces.length; k++) {
    let ok = true;
    for (let j = 0; j < n && ok; j++) {
      const p = pieces[k + j];
      ok = p !== undefined && (j === n - 1 ? singular(p) === displayWords[j] || p === displayWords[j] : p === displayWords[j]);
    }
    const from = owner[k];
    const to = owner[k + n - 1];
    if (ok && from !== undefined && to !== undefined) return words.slice(from, to + 1).join(" ");
  }
  return "";
}

/** Plural of a shopper-facing name's last word ("onion" -> "onions", "tomato" -> "tomatoes"). */
export function pluralName(name: string): string {
  // "cup of tea" -> "cups of tea", "head of garlic" -> "heads of garlic"
  const of = / of /.exec(name);
  if (of) return pluralName(name.slice(0, of.index)) + name.slice(of.index);
  const m = /^(.*?)([a-z]+)$/.exec(name);
  if (!m) return name;
  const [, head, w] = m as unknown as [string, string, string];
  if (UNCOUNTED.has(w)) return name;
  if (/(s|sh|ch|x|z)$/.test(w)) return name.endsWith("s") && NOT_PLURAL.has(w) ? name : head + w + "es";
  if (/[^aeiou]y$/.test(w)) return head + w.slice(0, -1) + "ies";
  if (/(tomato|potato|mango|avocado|hero|echo)$/.test(w)) return head + w + "es";
  if (w === "leaf" || w === "loaf" || w === "half") return head + w.slice(0, -1) + "ves";
  return head + w + "s";
}

/** Mass nouns that stay singular with a number ("2 garlic" is not written, but "2 celery" reads better than "2 celeries"). */
const UNCOUNTED = new Set([
  "garlic", "celery", "lettuce", "spinach", "kale", "parsley", "cilantro", "basil", "mint", "dill", "thyme", "rosemary", "sage",
  "broccoli", "cauliflower", "cabbage", "fennel", "asparagus", "bacon", "salt", "butter", "mince", "juice", "flour", "sugar", "rice",
  "water", "milk", "cream", "cheese", "bread", "ginger", "corn", "fish", "salmon", "shrimp", "squid", "tuna", "cod", "beef",
  "pork", "lamb", "chicken", "tofu", "arugula", "rocket", "watercress", "chard", "bok choy", "pak choi", "anise",
]);

/** Plural endings folded in another language's key, longest first (general grammar; decision 0005). */
const FOREIGN_PLURALS: Record<ForeignLanguage, string[]> = {
  de: ["nen", "en", "n", "e", "s"],
  nl: ["tjes", "jes", "en", "'s", "s"],
  da: ["erne", "er", "e", "r"],
  nb: ["ene", "er", "e", "r"],
  sv: ["arna", "orna", "ar", "or", "er", "na", "r"],
  fr: ["x", "s"],
  es: ["es", "s"],
  pt: ["ões", "ães", "es", "s"],
  it: ["i", "e", "o", "a"],
};
const ROMANCE = new Set<string>(["fr", "es", "it", "pt"]);

/** A word without its plural ending: "zwiebeln" -> "zwiebel", "oignons" -> "oignon", "tomaten"/"tomate" -> "tomat". */
function foldPlural(word: string, lang: ForeignLanguage): string {
  for (const e of FOREIGN_PLURALS[lang]) if (word.length > e.length + 3 && word.endsWith(e)) return word.slice(0, -e.length);
  return word;
}

/**
 * The merge key of a name in another language (decision 0005): the English grocery word it names
 * when the multilingual table knows it ("Zwiebeln" -> onion, so it merges with "onion" and "oignons"),
 * else the name itself with case, accents and the head's plural ending folded ("Olivenöl").
 * The display is the name as the recipe wrote it.
 */
export function foreignItemKey(name: string, language: string): ItemKey {
  const lang = languageOfTag(language);
  const written = name.replace(/\([^)]*\)?/g, " ").replace(/[,;].*$/, "").replace(/\s+/g, " ").trim();
  if (!lang || lang === "en") return itemKey(name);
  const english = translateFoodName(written, lang)?.english;
  const words = written
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .split(/\s+/)
    .filter(Boolean);
  const head = ROMANCE.has(lang) ? 0 : words.length - 1;
  const folded = words.map((w, i) => (i === head ? foldPlural(w, lang) : w)).join(" ");
  if (english) {
    // the English reading keeps what the name implies: "Knoblauchzehen" are garlic counted in cloves, like "garlic cloves"
    const en = itemKey(english);
    return { key: en.key, display: written, written, impliedUnit: en.impliedUnit, impliedQuantity: en.impliedQuantity };
  }
  return { key: `${lang}:${folded}`, display: written, written, impliedUnit: null, impliedQuantity: null };
}
