/**
 * Builds core/categorise/foreign-lexicon.ts: food words in German, French, Spanish, Italian, Dutch,
 * Portuguese, Swedish, Danish and Norwegian, each with the English grocery word it names, from the
 * Unicode CLDR emoji annotations as packaged by the npm package emojibase-data (dev dependency;
 * package MIT, data Unicode License v3). Run: `node scripts/build-foreign-lexicon.ts` (decision 0005).
 *
 * For each food emoji below (chosen by its English CLDR name), every language's CLDR name and
 * keywords are taken; a keyword is kept when it belongs to one food emoji only in that language
 * (so "Essen", "Obst", "Gemüse" and the like drop out). The English grocery word is the emoji's
 * English name, shortened to the thing a shop sells ("glass of milk" -> milk). No data set of ours
 * is read here.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const dataDir = path.dirname(require.resolve("emojibase-data/package.json"));
const root = path.resolve(import.meta.dirname, "..");
const LANGS = ["de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"] as const;

/** English CLDR name of a grocery emoji -> the grocery word it stands for. */
const GROCERIES: Record<string, string> = {
  turkey: "turkey",
  chicken: "chicken",
  duck: "duck",
  fish: "fish",
  octopus: "octopus",
  crab: "crab",
  lobster: "lobster",
  shrimp: "shrimp",
  squid: "squid",
  oyster: "oyster",
  "sheaf of rice": "rice",
  herb: "herb",
  mushroom: "mushroom",
  grapes: "grapes",
  melon: "melon",
  watermelon: "watermelon",
  tangerine: "tangerine",
  lemon: "lemon",
  lime: "lime",
  banana: "banana",
  pineapple: "pineapple",
  mango: "mango",
  "red apple": "apple",
  "green apple": "apple",
  pear: "pear",
  peach: "peach",
  cherries: "cherries",
  strawberry: "strawberry",
  blueberries: "blueberries",
  "kiwi fruit": "kiwi",
  tomato: "tomato",
  olive: "olive",
  coconut: "coconut",
  avocado: "avocado",
  eggplant: "eggplant",
  potato: "potato",
  carrot: "carrot",
  "ear of corn": "corn",
  "hot pepper": "chili pepper",
  "bell pepper": "bell pepper",
  cucumber: "cucumber",
  "leafy green": "lettuce",
  broccoli: "broccoli",
  garlic: "garlic",
  onion: "onion",
  peanuts: "peanuts",
  beans: "beans",
  chestnut: "chestnut",
  "ginger root": "ginger",
  "pea pod": "peas",
  "brown mushroom": "mushroom",
  "root vegetable": "root vegetable",
  bread: "bread",
  croissant: "croissant",
  "baguette bread": "baguette",
  flatbread: "flatbread",
  pretzel: "pretzel",
  bagel: "bagel",
  pancakes: "pancakes",
  waffle: "waffle",
  "cheese wedge": "cheese",
  "meat on bone": "meat",
  "poultry leg": "chicken",
  "cut of meat": "meat",
  bacon: "bacon",
  "french fries": "french fries",
  pizza: "pizza",
  "hot dog": "hot dog",
  sandwich: "sandwich",
  taco: "taco shells",
  burrito: "tortilla",
  tamale: "tamale",
  falafel: "falafel",
  egg: "egg",
  "green salad": "salad",
  popcorn: "popcorn",
  butter: "butter",
  salt: "salt",
  "canned food": "canned food",
  "rice cracker": "rice cracker",
  "cooked rice": "rice",
  spaghetti: "spaghetti",
  sushi: "sushi",
  dumpling: "dumpling",
  "ice cream": "ice cream",
  doughnut: "doughnut",
  cookie: "cookie",
  "birthday cake": "cake",
  shortcake: "cake",
  cupcake: "cupcake",
  pie: "pie",
  "chocolate bar": "chocolate",
  candy: "candy",
  custard: "custard",
  "honey pot": "honey",
  "glass of milk": "milk",
  teapot: "tea",
  sake: "sake",
  "wine glass": "wine",
  "beer mug": "beer",
  ice: "ice",
};

interface Emoji {
  hexcode: string;
  label: string;
  tags?: string[];
}
const read = (lang: string) => JSON.parse(readFileSync(path.join(dataDir, lang, "data.json"), "utf8")) as Emoji[];

const english = new Map<string, string>(); // hexcode -> grocery word
for (const e of read("en")) {
  const g = GROCERIES[e.label];
  if (g) english.set(e.hexcode, g);
}
const missing = Object.keys(GROCERIES).filter((l) => ![...read("en")].some((e) => e.label === l));
if (missing.length) throw new Error(`emoji names not found: ${missing.join(", ")}`);

const out: Record<string, string> = {};
for (const lang of LANGS) {
  const words = new Map<string, Set<string>>(); // word -> grocery words it names
  const add = (w: string, g: string) => {
    const k = w.trim().toLowerCase();
    if (k.length < 2 || /\d/.test(k)) return;
    let s = words.get(k);
    if (!s) words.set(k, (s = new Set()));
    s.add(g);
  };
  const labels = new Map<string, string>();
  for (const e of read(lang)) {
    const g = english.get(e.hexcode);
    if (!g) continue;
    labels.set(e.label.toLowerCase(), g);
    // keywords only when they share a word with the emoji's name in that language ("Brotlaib" for "Brot"),
    // which keeps synonyms of the name's words and drops associations ("Zucker" on the cupcake)
    const labelWords = e.label
      .toLowerCase()
      .split(/[\s-]+/)
      .filter((w) => w.length >= 3);
    for (const t of e.tags ?? []) if (labelWords.some((w) => t.toLowerCase().includes(w) || w.includes(t.toLowerCase()))) add(t, g);
    add(e.label, g);
  }
  const entries: string[] = [];
  for (const [w, gs] of words) {
    // a word naming one grocery only; the emoji's own name always counts for its grocery
    const g = labels.get(w) ?? (gs.size === 1 ? [...gs][0] : undefined);
    if (g) entries.push(`${w}=${g}`);
  }
  entries.sort();
  out[lang] = entries.join("|");
}

const banner = `/**
 * GENERATED by scripts/build-foreign-lexicon.ts (decision 0005): do not edit by hand.
 * Food words of nine languages with the English grocery word each names, from the Unicode CLDR
 * emoji annotations (names and keywords; Unicode License v3, © Unicode, Inc.) as packaged by
 * emojibase-data 17.0.0 (MIT). Format per language: "word=english|word=english|...".
 */
`;
const body = `export const FOREIGN_FOOD_WORDS: Record<string, string> = ${JSON.stringify(out, null, 2)};\n`;
const outFile = path.join(root, "core", "categorise", "foreign-lexicon.ts");
writeFileSync(outFile, banner + body);
spawnSync(process.execPath, [path.join(root, "node_modules", "@biomejs", "biome", "bin", "biome"), "format", "--write", outFile], {
  stdio: "ignore",
});
console.log(
  Object.entries(out)
    .map(([l, s]) => `${l}: ${s.split("|").length} words`)
    .join(", "),
);
