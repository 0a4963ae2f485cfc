/**
 * Ingredient lines in languages other than English (decision 0005): a rule reader over the word
 * tables of foreign-words.ts. Amount (decimal commas, fractions, "1 e 1/2", ranges "1 à 2", number
 * words, "4x"), unit words to canonical ids, then the name in its own language without the linking
 * word, size words, kitchen work, purpose and taste phrases; what is removed goes to preparation
 * and comment as in English. Never throws.
 */
import type { ForeignLanguage, LanguageWords } from "./foreign-words.ts";
import { WORDS } from "./foreign-words.ts";
import type { Amount, ParsedIngredient } from "./types.ts";

/** A word of the line with its place in the (cleaned) text. */
interface Tok {
  /** Lower case, accents kept. */
  w: string;
  start: number;
  end: number;
  /** Punctuation or a bracket, not a word. */
  punct: boolean;
}

const UNICODE_FRACTIONS: Record<string, number> = {
  "½": 0.5,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "¼": 0.25,
  "¾": 0.75,
  "⅕": 0.2,
  "⅖": 0.4,
  "⅗": 0.6,
  "⅘": 0.8,
  "⅙": 1 / 6,
  "⅚": 5 / 6,
  "⅛": 0.125,
  "⅜": 0.375,
  "⅝": 0.625,
  "⅞": 0.875,
};
const FRAC_CHARS = Object.keys(UNICODE_FRACTIONS).join("");

/** Soft hyphens and zero-width characters out, no-break spaces to spaces, "200g" -> "200 g", "4x" -> "4 x". */
function clean(line: string): string {
  return line
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, "")
    .replace(/[\u00a0\u2007\u202f\t]/g, " ")
    .replace(new RegExp(`(\\d)([${FRAC_CHARS}])`, "g"), "$1 $2")
    .replace(/(\d)(?=[a-zA-ZÀ-ÿ])/g, "$1 ")
    .replace(/\s+/g, " ")
    .trim();
}

const TOKEN_RE = /[\p{L}]+['’](?=\p{L})|[\p{L}\p{N}]+(?:[.,]\d+)?|[^\s\p{L}\p{N}]/gu;

function tokenise(text: string): Tok[] {
  const out: Tok[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const s = m[0];
    out.push({ w: s.toLowerCase().replace(/’/g, "'"), start: m.index, end: m.index + s.length, punct: !/[\p{L}\p{N}]/u.test(s) });
  }
  return out;
}

/** Phrase tables as word lists, longest first, for matching word by word (punctuation skipped). */
interface Phrase<T> {
  words: string[];
  value: T;
}
const phraseWords = (p: string) =>
  p
    .toLowerCase()
    .replace(/’/g, "'")
    .match(TOKEN_RE)
    ?.filter((t) => /[\p{L}\p{N}]/u.test(t)) ?? [];

function phrases<T>(entries: [string, T][]): Phrase<T>[] {
  return entries
    .map(([p, value]) => ({ words: phraseWords(p), value }))
    .filter((p) => p.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length);
}

interface Tables {
  words: LanguageWords;
  units: Phrase<string>[];
  numbers: Phrase<number>[];
  vague: Phrase<true>[];
  approx: Phrase<true>[];
  unitModifiers: Set<string>;
  linking: Set<string>;
  edge: Set<string>;
  sizes: Set<string>;
  prep: Set<string>;
  keep: Set<string>;
  adverbs: Set<string>;
  purpose: Set<string>;
  cut: Phrase<true>[];
  drop: Phrase<true>[];
  juice: Phrase<true>[];
  range: Set<string>;
  and: Set<string>;
}

const tableCache = new Map<ForeignLanguage, Tables>();
function tables(lang: ForeignLanguage): Tables {
  let t = tableCache.get(lang);
  if (t) return t;
  const w = WORDS[lang];
  const flag = (list: string[]) => phrases(list.map((p) => [p, true as const]));
  t = {
    words: w,
    units: phrases(Object.entries(w.units).flatMap(([unit, spellings]) => spellings.map((s): [string, string] => [s, unit]))),
    numbers: phrases(Object.entries(w.numbers)),
    vague: flag(w.vague),
    approx: flag(w.approx),
    unitModifiers: new Set(w.unitModifiers),
    linking: new Set(w.linking),
    edge: new Set(w.edgeWords),
    sizes: new Set(w.sizes),
    prep: new Set(w.prep),
    keep: new Set(w.keep),
    adverbs: new Set(w.adverbs),
    purpose: new Set(w.purpose),
    cut: flag(w.cutPhrases),
    drop: flag(w.dropPhrases),
    juice: flag(w.juiceOf),
    range: new Set(w.rangeWords),
    and: new Set(w.andWords),
  };
  tableCache.set(lang, t);
  return t;
}

/** The first phrase that matches the words from token index i (punctuation between words skipped): [value, next index]. */
function matchPhrase<T>(toks: Tok[], i: number, list: Phrase<T>[]): [T, number] | null {
  for (const p of list) {
    let j = i;
    let ok = true;
    for (const pw of p.words) {
      while (j < toks.length && toks[j]?.punct && toks[j]?.w !== "'") j++;
      if (toks[j]?.w !== pw) {
        ok = false;
        break;
      }
      j++;
    }
    if (ok) {
      // a trailing full stop belongs to an abbreviation ("c. à s.", "spsk.")
      if (toks[j]?.w === ".") j++;
      return [p.value, j];
    }
  }
  return null;
}

/** A plain number token: "2", "1,5", "0.5". */
function numberOf(w: string | undefined): number | null {
  if (!w || !/^\d+(?:[.,]\d+)?$/.test(w)) return null;
  return Number(w.replace(",", "."));
}

/**
 * Reads one number at token i: "1", "1,5", "½", "1 ½", "1/2", "1 1/2", "1 e 1/2", "1 e meia", number words.
 * Returns [value, next index] or null.
 */
function readNumber(toks: Tok[], i: number, t: Tables): [number, number] | null {
  const tok = toks[i];
  if (!tok) return null;
  const uni = UNICODE_FRACTIONS[tok.w];
  if (uni !== undefined) return [uni, i + 1];
  const n = numberOf(tok.w);
  if (n !== null) {
    // fraction a/b
    if (toks[i + 1]?.w === "/" && numberOf(toks[i + 2]?.w) !== null) {
      const d = numberOf(toks[i + 2]?.w) ?? 1;
      if (d > 0 && n < d && d <= 16 && Number.isInteger(n)) return [n / d, i + 3];
      return null; // "200/250": a range, read by readAmount
    }
    let j = i + 1;
    // "1 ½", "1 1/2", "1 e 1/2", "1 y medio", "1 e meia"
    let k = j;
    if (toks[k] && t.and.has(toks[k]?.w ?? "")) k++;
    const frac = UNICODE_FRACTIONS[toks[k]?.w ?? ""];
    if (frac !== undefined && Number.isInteger(n)) return [n + frac, k + 1];
    const a = numberOf(toks[k]?.w);
    if (a !== null && toks[k + 1]?.w === "/" && Number.isInteger(n)) {
      const d = numberOf(toks[k + 2]?.w);
      if (d && a < d && d <= 16) return [n + a / d, k + 3];
    }
    if (k > j) {
      const half = matchPhrase(toks, k, t.numbers);
      if (half && half[0] < 1) return [n + half[0], half[1]];
    }
    j = i + 1;
    return [n, j];
  }
  const word = matchPhrase(toks, i, t.numbers);
  if (word) {
    // "ein halb", "een halve": a number word followed by a half
    return word;
  }
  return null;
}

interface AmountRead {
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
  /** Index of the first token after the amount (and its linking word). */
  next: number;
  /** Index of the amount's first token. */
  first: number;
  found: boolean;
}

/** Reads an amount (number or range, unit, linking word) starting at token i. */
function readAmount(toks: Tok[], i: number, t: Tables): AmountRead {
  const first = i;
  let j = i;
  let quantity: number | null = null;
  let quantityMax: number | null = null;
  let found = false;
  const approx = matchPhrase(toks, j, t.approx);
  if (approx && (readNumber(toks, approx[1], t) || toks[approx[1]]?.w === ".")) j = approx[1];
  const vague = matchPhrase(toks, j, t.vague);
  const num = readNumber(toks, j, t);
  if (num && !(vague && vague[1] > num[1])) {
    quantity = num[0];
    j = num[1];
    found = true;
    // multiplier "4x", "4 x"
    if (toks[j]?.w === "x" || toks[j]?.w === "×") j++;
    // range: "2-3", "2 - 3", "1 à 2", "200/250", "2 bis 3"
    const sep = toks[j]?.w ?? "";
    if (t.range.has(sep) || sep === "/") {
      const hi = readNumber(toks, j + 1, t);
      if (hi && hi[0] > quantity) {
        quantityMax = hi[0];
        j = hi[1];
      }
    }
  } else if (vague) {
    j = vague[1];
    found = true;
  }
  // unit: optional modifiers, the unit, a doubled unit, the linking word
  let unit: string | null = null;
  let k = j;
  while (toks[k] && t.unitModifiers.has(toks[k]?.w ?? "")) k++;
  const u = matchPhrase(toks, k, t.units);
  if (u && !(u[1] >= toks.length && !METRIC.has(u[0]))) {
    unit = u[0];
    j = u[1];
    found = true;
    // "(chá)", "(sopa)": a bracketed size of a spoon or cup, already read as part of the unit
    const again = matchPhrase(toks, j, t.units);
    if (again && again[0] === unit) j = again[1];
  }
  if (found && toks[j] && t.linking.has(toks[j]?.w ?? "")) j++;
  return { quantity, quantityMax, unit, next: j, first, found };
}

/** Measures that stay units at the end of a line ("zucchero 130 g"); "1 Glas" at the end names a thing. */
const METRIC = new Set(["g", "kg", "mg", "ml", "cl", "dl", "l", "cm"]);

/** Portuguese spoon and cup sizes in brackets read as words: "colher (sopa)" -> "colher de sopa". */
function bracketSpoonSizes(text: string): string {
  return text.replace(/\b(colher(?:es)?|x[íi]caras?|c\.)\s*\((sopa|ch[áa]|sobremesa)\)/gi, "$1 de $2");
}

const PURPOSE_COLON = /:\s*$/;

export function parseForeignLine(input: string, lang: ForeignLanguage): ParsedIngredient {
  const t = tables(lang);
  const text = bracketSpoonSizes(clean(input));
  const result: ParsedIngredient = {
    input,
    quantity: null,
    quantityMax: null,
    unit: null,
    amounts: [],
    size: null,
    name: null,
    preparation: null,
    comment: null,
    optional: false,
    alternatives: [],
    isHeader: false,
    fullName: null,
    language: lang,
  };
  if (!text) return result;
  if (PURPOSE_COLON.test(text) && !/\d/.test(text)) {
    result.isHeader = true;
    return result;
  }
  // Brackets go to the comment ("(Schaf)", "(type 1100)", "carotte(s)").
  const comments: string[] = [];
  const noBrackets = text
    .replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (_m, a: string | undefined, b: string | undefined) => {
      const c = (a ?? b ?? "").trim();
      if (c && !/^(s|n|e|x|es|en)$/i.test(c)) comments.push(c);
      return " ";
    })
    .replace(/[()[\]]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const toks = tokenise(noBrackets);

  // 1. the amount: at the start, or else the first number in the line ("zucchero 130 g")
  let amount = readAmount(toks, 0, t);
  let nameStart = amount.found ? amount.next : 0;
  let nameEnd = toks.length;
  if (!amount.found) {
    // a unit with no number at the start ("snuf peper en zout", "unas hojas de ...") was read above;
    // juice or zest of a counted fruit: "sap van 2 sinaasappels"
    const juice = matchPhrase(toks, 0, t.juice);
    if (juice) {
      let j = juice[1];
      if (toks[j] && (t.linking.has(toks[j]?.w ?? "") || t.edge.has(toks[j]?.w ?? ""))) j++;
      const a = readAmount(toks, j, t);
      if (a.found && a.quantity !== null) {
        amount = { ...a, unit: a.unit };
        nameStart = a.next;
      }
    }
  }
  if (!amount.found) {
    for (let i = 1; i < toks.length; i++) {
      if (numberOf(toks[i]?.w) === null && UNICODE_FRACTIONS[toks[i]?.w ?? ""] === undefined) continue;
      const a = readAmount(toks, i, t);
      if (a.found && a.quantity !== null) {
        amount = a;
        nameStart = 0;
        nameEnd = a.first;
        // an approximation word before the number belongs to the amount
        while (
          nameEnd > 0 &&
          (t.approx.some((p) => p.words.length === 1 && p.words[0] === toks[nameEnd - 1]?.w) || toks[nameEnd - 1]?.w === ".")
        )
          nameEnd--;
      }
      break;
    }
  }
  if (amount.found) {
    result.quantity = amount.quantity;
    result.quantityMax = amount.quantityMax;
    result.unit = amount.unit;
    const a = amount.first < toks.length ? toks[amount.first] : undefined;
    const b = toks[Math.max(amount.first, amount.next - 1)];
    const amountText = a && b ? noBrackets.slice(a.start, b.end) : "";
    result.amounts = [{ quantity: amount.quantity, quantityMax: amount.quantityMax, unit: amount.unit, text: amountText } satisfies Amount];
  }

  // 2. the name's words: from nameStart to the first comma, a second amount, a purpose or taste phrase
  const noAmount = !amount.found;
  const isList = noAmount && toks.some((x) => x.w === ",");
  const kept: Tok[] = [];
  const prep: string[] = [];
  const after: string[] = [];
  let sizeWord: string | null = null;
  let i = nameStart;
  let cutAt = -1;
  while (i < nameEnd) {
    const tok = toks[i];
    if (!tok) break;
    if (tok.punct && tok.w !== "," && tok.w !== "-" && tok.w !== "+" && tok.w !== "/" && tok.w !== "&" && tok.w !== "'") {
      i++;
      continue;
    }
    if (tok.w === "+" || (tok.w === "," && !isList)) {
      cutAt = i;
      break;
    }
    if (i > nameStart && (numberOf(tok.w) !== null || UNICODE_FRACTIONS[tok.w] !== undefined)) {
      cutAt = i;
      break;
    }
    const cut = matchPhrase(toks, i, t.cut);
    if (cut) {
      if (isList) {
        // "Salz, Pfeffer aus der Mühle": the phrase goes, the list goes on
        prep.push(noBrackets.slice(tok.start, toks[cut[1] - 1]?.end ?? tok.end));
        i = cut[1];
        continue;
      }
      cutAt = i;
      break;
    }
    if (t.purpose.has(tok.w) && kept.length > 0) {
      cutAt = i;
      break;
    }
    const drop = matchPhrase(toks, i, t.drop);
    if (drop) {
      prep.push(noBrackets.slice(tok.start, toks[drop[1] - 1]?.end ?? tok.end));
      i = drop[1];
      continue;
    }
    if (t.sizes.has(tok.w) && !t.keep.has(tok.w)) {
      sizeWord ??= tok.w;
      i++;
      continue;
    }
    if (isPrep(tok.w, t) && !(kept.length === 0 && isLastWord(toks, i, nameEnd))) {
      prep.push(tok.w);
      // a degree adverb right before ("fein gehackt", "légèrement tiède")
      const prev = kept.at(-1);
      if (prev && t.adverbs.has(prev.w)) prep.unshift(kept.pop()?.w ?? "");
      i++;
      continue;
    }
    kept.push(tok);
    i++;
  }
  if (cutAt >= 0) {
    const rest = toks[cutAt];
    if (rest) after.push(noBrackets.slice(rest.start).replace(/^[,+\s]+/, ""));
  }
  // trim linking words, articles and conjunctions at both ends, and stray punctuation
  while (kept.length && (kept[0]?.punct || t.edge.has(kept[0]?.w ?? "") || t.linking.has(kept[0]?.w ?? ""))) kept.shift();
  while (
    kept.length &&
    (kept.at(-1)?.punct || t.edge.has(kept.at(-1)?.w ?? "") || t.approx.some((p) => p.words.length === 1 && p.words[0] === kept.at(-1)?.w))
  )
    kept.pop();
  const name = joinTokens(noBrackets, kept);
  result.name = name || null;
  result.fullName = result.name;
  result.size = sizeWord;
  result.preparation = prep.filter(Boolean).join(", ") || null;
  const comment = [...comments, ...after].filter(Boolean).join("; ");
  result.comment = comment || null;
  result.optional = /\b(optional|facultatif|facultative|opcional|facoltativo|optioneel|eventueel|evt|valfritt)\b/i.test(text);
  return result;
}

function isLastWord(toks: Tok[], i: number, end: number): boolean {
  for (let j = i + 1; j < end; j++) {
    const w = toks[j]?.w ?? "";
    if (w === ",") return true;
    if (!toks[j]?.punct) return false;
  }
  return true;
}

/** Kitchen work and state: a listed word, or (German, Dutch) a ge-...-t/-d/-en participle not kept as a product form. */
function isPrep(w: string, t: Tables): boolean {
  if (t.keep.has(w)) return false;
  if (t.prep.has(w)) return true;
  return false;
}

/** The original text of the kept words, with the spacing the line had between adjacent words. */
function joinTokens(text: string, toks: Tok[]): string {
  let out = "";
  let prevEnd = -1;
  for (const tok of toks) {
    const piece = text.slice(tok.start, tok.end);
    if (prevEnd >= 0) out += tok.start === prevEnd ? "" : " ";
    out += piece;
    prevEnd = tok.end;
  }
  return out.replace(/\s+([,.])/g, "$1").trim();
}
