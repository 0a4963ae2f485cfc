/**
 * Builds core/categorise/dictionary-lexicon.ts: food and food-describing words of German, French,
 * Spanish, Italian, Dutch, Portuguese, Swedish, Danish and Norwegian with the English word each
 * means, from the FreeDict bilingual dictionaries packaged by Debian (dict-freedict-*; GPL-2+,
 * GPL-3+ and, for English-Norwegian, CC-BY-SA-3.0: decision 0038). No data set of ours is read here.
 *
 *   apt-get download dict-freedict-deu-eng dict-freedict-eng-deu ... (the SOURCES and VIA_OTHER_LANGUAGES below)
 *   for f in dict-freedict-*.deb; do dpkg -x "$f" fd; done
 *   node scripts/build-dictionary-lexicon.ts fd/usr/share/dictd
 *
 * A word is kept when one of its translations is a grocery word of the English categoriser
 * (core/categorise, no foreign table involved) or one of the few English words that change a
 * grocery's aisle (dried, ground, smoked, fresh, ...). The foreign-to-English dictionaries decide
 * first, in their order of senses; the English-to-foreign ones, read backwards, fill the gaps.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const dictDir = path.resolve(process.argv[2] ?? "/usr/share/dictd");
const { explainCategory } = await import("../core/categorise/categorise.ts");
const { ENGLISH_MODIFIERS } = await import("../core/categorise/modifier-words.ts");

const LANGS = ["de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"] as const;
type Lang = (typeof LANGS)[number];
const CODE: Record<Lang, string> = { de: "deu", fr: "fra", es: "spa", it: "ita", nl: "nld", pt: "por", sv: "swe", da: "dan", nb: "nor" };
/** Dictionaries per language, foreign-to-English first. Debian has no Norwegian-English one. */
const SOURCES: Record<Lang, string[]> = Object.fromEntries(
  LANGS.map((l) => [l, l === "nb" ? ["eng-nor"] : [`${CODE[l]}-eng`, `eng-${CODE[l]}`]]),
) as Record<Lang, string[]>;

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const b64 = (s: string) => [...s].reduce((n, ch) => n * 64 + B64.indexOf(ch), 0);

/** Every entry of a dictd dictionary, once each, in the order of the file. */
function* entries(name: string): Generator<string> {
  const base = path.join(dictDir, `freedict-${name}`);
  const dictFile = existsSync(`${base}.dict`) ? `${base}.dict` : `${base}.dict.dz`;
  if (!existsSync(dictFile)) throw new Error(`missing ${dictFile}: see the header of this script`);
  const data = dictFile.endsWith(".dz") ? gunzipSync(readFileSync(dictFile)) : readFileSync(dictFile);
  const seen = new Set<number>();
  const spans: [number, number][] = [];
  for (const line of readFileSync(`${base}.index`, "utf8").split("\n")) {
    const [word, offset, length] = line.split("\t");
    if (!word || !offset || !length) continue;
    const off = b64(offset);
    if (seen.has(off)) continue;
    seen.add(off);
    spans.push([off, b64(length)]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (const [off, len] of spans) yield data.subarray(off, off + len).toString("utf8");
}

/** Head word and the translation lines of one entry (examples, notes, synonyms and cross-references left out). */
function parseEntry(text: string, firstLineOnly: boolean): { head: string; pos: string; translations: string[] } | null {
  const lines = text.split("\n");
  const first = lines[0] ?? "";
  const head = first
    .replace(/\s\/.*$/, "")
    .replace(/\s<.*$/, "")
    .trim();
  const pos = /<([^>]*)>/.exec(first)?.[1] ?? "";
  if (!head) return null;
  const out: string[] = [];
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (!line) continue;
    if (/^(see:|Synonyms?:|Note:|"|\{)/.test(line) || /^\s{4,}/.test(raw)) continue;
    for (const part of line.replace(/^\d+\.\s*/, "").split(/[,;]/)) {
      const t = part
        .replace(/\[[^\]]*\]/g, " ")
        .replace(/<[^>]*>/g, " ")
        .replace(/\([^)]*\)/g, " ")
        .replace(/\s\d+\.\s*$/, "")
        .replace(/\s+/g, " ")
        .trim();
      if (t) out.push(t);
    }
    if (firstLineOnly) break;
  }
  return { head, pos, translations: out };
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .trim();

/** A foreign head word worth a row: one to three plain words, no digits. */
const goodForeign = (w: string, lang: Lang) =>
  /^[\p{L}][\p{L}' -]*$/u.test(w) && w.length >= 2 && w.split(" ").length <= (ROMANCE.has(lang) ? 3 : 1);
/** Germanic languages write a compound as one word, read at run time from its parts: only single words are kept. */
const ROMANCE = new Set<Lang>(["fr", "es", "it", "pt"]);

/**
 * True when the English categoriser knows all of `en` as one grocery phrase ("olive oil", "flour",
 * a WordNet food noun), not merely a grocery word inside it ("toilet bowl" is no food).
 */
function wholeGrocery(en: string): boolean {
  const e = explainCategory(en, { language: "en" });
  if (e.category === "Other" || !e.phrase) return false;
  if (e.phrase === "(wordnet)") return !en.includes(" ");
  return e.phrase.split(" ").length === en.split(" ").length;
}

const englishKind = new Map<string, boolean>();
/** True when the English words name a grocery (or change an aisle) for the English categoriser. */
function englishKnown(en: string): boolean {
  let k = englishKind.get(en);
  if (k === undefined) {
    k =
      /^[a-z][a-z' -]*$/.test(en) &&
      en.split(" ").length <= 3 &&
      !/^(to|a|an|the) /.test(en) &&
      (ENGLISH_MODIFIERS.has(en) || wholeGrocery(en));
    englishKind.set(en, k);
  }
  return k;
}

/**
 * Second hand: the other languages' English dictionaries are small (Italian ~3,400 entries, Spanish
 * ~4,500), German's has ~500,000. A word none of a language's English dictionaries has is looked up in
 * its dictionary with German (X-deu, and deu-X read backwards), and a German translation whose English
 * the German table already holds gives the row; Italian and Portuguese then also through French and
 * Spanish (those tables with their German-found rows). Filled only after the English dictionaries, so
 * a direct translation always wins. (Dutch through French read English product names as Dutch.)
 */
const VIA_OTHER_LANGUAGES: Partial<Record<Lang, [string, Lang][]>> = {
  fr: [
    ["fra-deu", "de"],
    ["deu-fra", "de"],
  ],
  es: [
    ["spa-deu", "de"],
    ["deu-spa", "de"],
  ],
  it: [
    ["ita-deu", "de"],
    ["deu-ita", "de"],
    ["fra-ita", "fr"],
    ["ita-spa", "es"],
  ],
  nl: [
    ["nld-deu", "de"],
    ["deu-nld", "de"],
  ],
  pt: [
    ["por-deu", "de"],
    ["deu-por", "de"],
    ["por-fra", "fr"],
    ["fra-por", "fr"],
    ["por-spa", "es"],
    ["spa-por", "es"],
  ],
  sv: [
    ["swe-deu", "de"],
    ["deu-swe", "de"],
  ],
};

/**
 * Reads one dictionary into `into` (foreign word -> English). A dictionary from the language (`forward`) decides
 * in its order of senses; one into it, read backwards, fills the gaps, the lowest rank winning (the word's place
 * among the translations, then the English word's length). `english` gives the English an entry's other-side word
 * means (or undefined); `taken` says which foreign words an earlier source already gave. Only the first line of
 * translations counts: it is the entry's main sense (later ones drift: "Spur" -> trace, ..., breadcrumb), and
 * English-Norwegian entries alternate translations and English glosses anyway. Verbs are left out.
 */
function readDictionary(
  source: string,
  lang: Lang,
  forward: boolean,
  english: (word: string) => string | undefined,
  taken: (key: string) => boolean,
  into: Map<string, string>,
): void {
  const back = new Map<string, [number, string]>();
  for (const text of entries(source)) {
    const e = parseEntry(text, true);
    if (!e) continue;
    if (/\bv\b|verb/.test(e.pos)) continue;
    if (forward) {
      const key = fold(e.head);
      if (!goodForeign(key, lang) || taken(key)) continue;
      const en = e.translations.map(english).find((x) => x !== undefined);
      if (en) into.set(key, en);
    } else {
      const en = english(e.head);
      if (!en) continue;
      e.translations.forEach((t, i) => {
        const key = fold(t);
        if (!goodForeign(key, lang)) return;
        const rank = i * 100 + en.length;
        const had = back.get(key);
        if (!had || rank < had[0]) back.set(key, [rank, en]);
      });
    }
  }
  for (const [key, [, en]] of back) if (!taken(key)) into.set(key, en);
}

/** An English word the categoriser knows, as written lower-case (direct dictionaries). */
const knownEnglish = (word: string): string | undefined => {
  const en = word.toLowerCase();
  return englishKnown(en) ? en : undefined;
};

const tables = new Map<Lang, Map<string, string>>();
const pivots = new Map<Lang, Map<string, string>>();
const out: Record<string, string> = {};
/** Rows found through another language, kept apart: the runtime reads them last (core/categorise/foreign.ts). */
const secondHand: Record<string, string> = {};
for (const lang of LANGS) {
  const table = new Map<string, string>();
  tables.set(lang, table);
  for (const source of SOURCES[lang]) readDictionary(source, lang, source.endsWith("-eng"), knownEnglish, (key) => table.has(key), table);
  const pivot = new Map<string, string>();
  pivots.set(lang, pivot);
  for (const [source, via] of VIA_OTHER_LANGUAGES[lang] ?? []) {
    if (!existsSync(path.join(dictDir, `freedict-${source}.index`))) continue;
    const german = new Map([...(pivots.get(via) ?? []), ...(tables.get(via) ?? [])]);
    const taken = (key: string) => table.has(key) || pivot.has(key);
    readDictionary(source, lang, source.startsWith(CODE[lang]), (word) => german.get(fold(word)), taken, pivot);
  }
  const rows = (m: Map<string, string>) =>
    [...m]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => (k === v ? k : `${k}=${v}`))
      .join("|");
  out[lang] = rows(table);
  if (pivot.size) secondHand[lang] = rows(pivot);
}

const banner = `/**
 * GENERATED by scripts/build-dictionary-lexicon.ts (decision 0038): do not edit by hand.
 * Food words of nine languages with the English word each means, extracted from the FreeDict
 * dictionaries (https://freedict.org) as packaged by Debian (dict-freedict-*, 2022 releases):
 * deu-eng and eng-deu © 1995-2022 Frank Richter, 2020-2022 Einhard Leichtfuß (GPL-3+);
 * dan-eng, eng-dan © FreeDict contributors (GPL-3+); fra-eng, eng-fra, spa-eng, eng-spa, ita-eng,
 * eng-ita, nld-eng, eng-nld, por-eng, eng-por, swe-eng, eng-swe © FreeDict contributors (GPL-2+);
 * eng-nor © FreeDict contributors (CC-BY-SA-3.0); fra-deu, deu-fra, spa-deu, deu-spa, ita-deu, deu-ita,
 * nld-deu, deu-nld, por-deu, deu-por, swe-deu, deu-swe, fra-ita, ita-spa, por-fra, fra-por, por-spa,
 * spa-por © 2013-2022 Sebastian Humenda and FreeDict contributors (GPL-3+). This file is a derived work of those
 * dictionaries and is distributed under the same terms (GPL-3.0-or-later; the Norwegian rows
 * CC-BY-SA-3.0). Server-side only: never import it from code bundled for the browser or the extension.
 * Format per language: "word=english|word|..." (a bare word means itself in English).
 */
`;
const body =
  `export const DICTIONARY_FOOD_WORDS: Record<string, string> = ${JSON.stringify(out, null, 2)};\n\n` +
  "/** Found through the German, French or Spanish dictionaries (GPL-3+), for words no English dictionary of the language has. */\n" +
  `export const DICTIONARY_SECOND_HAND: Record<string, string> = ${JSON.stringify(secondHand, null, 2)};\n`;
const outFile = path.join(root, "core", "categorise", "dictionary-lexicon.ts");
writeFileSync(outFile, banner + body);
spawnSync(process.execPath, [path.join(root, "node_modules", "@biomejs", "biome", "bin", "biome"), "format", "--write", outFile], {
  stdio: "ignore",
});
console.log(
  Object.entries(out)
    .map(
      ([l, s]) => `${l}: ${s ? s.split("|").length : 0} words${secondHand[l] ? ` (+${secondHand[l].split("|").length} second-hand)` : ""}`,
    )
    .join(", "),
);
