/**
 * Unit spellings -> one canonical unit name. The canonical keys match the benchmark's alias
 * table (tbsp == tablespoon == T == Tb), so a unit printed here compares equal to the labelled
 * one. Size words (small, medium, large) are deliberately NOT units: they belong in `size`.
 */

/** Canonical unit -> its spellings (lower case; case-sensitive forms are in CASED). */
const UNIT_SPELLINGS: Record<string, readonly string[]> = {
  tsp: ["tsp", "tsps", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls", "tspn", "tspns", "tea spoon", "tea spoons", "ts", "tspspoon"],
  tbsp: [
    "tbsp", "tbsps", "tablespoon", "tablespoons", "tablespoonful", "tablespoonfuls", "tbs", "tbl", "tbls", "tblsp",
    "tblsps", "tb", "tbsn", "table spoon", "table spoons", "tbspn", "tsbp", "tbsb",
  ],
  dsp: ["dessertspoon", "dessertspoons", "dessert spoon", "dessert spoons", "dsp", "dstspn", "dessertspoonful"],
  cup: ["cup", "cups", "c", "cupful", "cupfuls", "teacup", "teacups"],
  "fl oz": ["fl oz", "floz", "fl ozs", "fl. oz", "fluid ounce", "fluid ounces", "fl ounce", "fl ounces", "fluid oz", "fl"],
  oz: ["oz", "ozs", "ounce", "ounces", "0z"],
  lb: ["lb", "lbs", "pound", "pounds", "ib", "ibs"],
  g: ["g", "gs", "gram", "grams", "gramme", "grammes", "gr", "grs", "gm", "gms", "grm", "grms"],
  kg: ["kg", "kgs", "kilogram", "kilograms", "kilogramme", "kilogrammes", "kilo", "kilos"],
  mg: ["mg", "milligram", "milligrams", "milligramme", "milligrammes"],
  ml: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"],
  cl: ["cl", "centilitre", "centilitres", "centiliter", "centiliters"],
  dl: ["dl", "decilitre", "decilitres", "deciliter", "deciliters"],
  l: ["l", "litre", "litres", "liter", "liters", "ltr", "ltrs", "lt"],
  quart: ["quart", "quarts", "qt", "qts"],
  pint: ["pint", "pints", "pt", "pts"],
  "half-pint": ["half-pint", "half-pints", "half pint", "half pints"],
  gallon: ["gallon", "gallons", "gal", "gals"],
  pinch: ["pinch", "pinches", "pn"],
  dash: ["dash", "dashes"],
  drop: ["drop", "drops"],
  splash: ["splash", "splashes"],
  clove: ["clove", "cloves"],
  can: ["can", "cans"],
  tin: ["tin", "tins"],
  package: ["package", "packages", "pack", "packs", "packet", "packets", "pkg", "pkgs", "pk", "pkt", "pkts"],
  stick: ["stick", "sticks"],
  bunch: ["bunch", "bunches", "bn"],
  sprig: ["sprig", "sprigs"],
  slice: ["slice", "slices"],
  piece: ["piece", "pieces", "pc", "pcs"],
  handful: ["handful", "handfuls"],
  head: ["head", "heads"],
  stalk: ["stalk", "stalks"],
  rib: ["rib", "ribs"],
  leaf: ["leaf", "leaves"],
  inch: ["inch", "inches", "in", '"'],
  cm: ["cm", "cms", "centimetre", "centimetres", "centimeter", "centimeters"],
  mm: ["mm", "millimetre", "millimetres", "millimeter", "millimeters"],
  jar: ["jar", "jars"],
  bottle: ["bottle", "bottles"],
  bag: ["bag", "bags"],
  box: ["box", "boxes"],
  carton: ["carton", "cartons"],
  container: ["container", "containers"],
  envelope: ["envelope", "envelopes"],
  sachet: ["sachet", "sachets"],
  sheet: ["sheet", "sheets"],
  knob: ["knob", "knobs"],
  rasher: ["rasher", "rashers"],
  punnet: ["punnet", "punnets"],
  loaf: ["loaf", "loaves"],
  bulb: ["bulb", "bulbs"],
  ear: ["ear", "ears"],
  glass: ["glass", "glasses"],
  strip: ["strip", "strips"],
  wedge: ["wedge", "wedges"],
  cube: ["cube", "cubes"],
  scoop: ["scoop", "scoops"],
  dollop: ["dollop", "dollops"],
  stem: ["stem", "stems"],
  pod: ["pod", "pods"],
  fillet: ["fillet", "fillets"],
  jigger: ["jigger", "jiggers"],
  shot: ["shot", "shots"],
  square: ["square", "squares"],
  bar: ["bar", "bars"],
  block: ["block", "blocks"],
  tub: ["tub", "tubs"],
  tube: ["tube", "tubes"],
  ball: ["ball", "balls"],
  dozen: ["dozen", "dozens", "doz"],
};

/** Every canonical unit name, in table order. */
export const CANONICAL_UNITS: readonly string[] = Object.keys(UNIT_SPELLINGS);

const ALIAS = new Map<string, string>();
for (const [canon, list] of Object.entries(UNIT_SPELLINGS)) for (const a of list) ALIAS.set(a, canon);

/** Case-sensitive abbreviations: capital T is a tablespoon, small t a teaspoon. */
const CASED = new Map<string, string>([
  ["T", "tbsp"], ["Tb", "tbsp"], ["TB", "tbsp"], ["Tbsp", "tbsp"], ["TBSP", "tbsp"], ["Tbs", "tbsp"], ["TBS", "tbsp"],
  ["Tbl", "tbsp"], ["t", "tsp"], ["C", "cup"], ["c", "cup"],
]);

/**
 * The canonical unit for one unit word or short phrase, or null when it is not a unit.
 * Trailing dots and case are ignored except for the one-letter forms (T = tbsp, t = tsp).
 *
 * @example canonicalUnit("Tablespoons") // "tbsp"
 * @example canonicalUnit("fl. oz.") // "fl oz"
 * @example canonicalUnit("large") // null (a size, not a unit)
 */
export function canonicalUnit(word: string): string | null {
  const hit = UNIT_CACHE.get(word);
  if (hit !== undefined) return hit;
  const u = canonicalUnitUncached(word);
  if (word.length <= 40) {
    if (UNIT_CACHE.size >= 10_000) UNIT_CACHE.clear();
    UNIT_CACHE.set(word, u);
  }
  return u;
}

/** Word -> canonicalUnit(word): the parser asks about the same few thousand words all the time. */
const UNIT_CACHE = new Map<string, string | null>();

function canonicalUnitUncached(word: string): string | null {
  const cased = CASED.get(word);
  if (cased !== undefined) return cased;
  let s = word.trim();
  if (s.endsWith(".")) s = s.slice(0, -1);
  const cased2 = CASED.get(s);
  if (cased2 !== undefined) return cased2;
  s = s.toLowerCase();
  const hit = ALIAS.get(s);
  if (hit !== undefined) return hit;
  if (s.includes(".") || s.includes("  ")) {
    const t = s.replace(/\./g, " ").replace(/\s+/g, " ").trim();
    return ALIAS.get(t) ?? null;
  }
  return null;
}

/** True when `word` alone names a unit ("cups", "T", "oz."). */
export function isUnitWord(word: string): boolean {
  return canonicalUnit(word) !== null;
}
