/**
 * Store-category classifier: item name -> one of the 18 categories (core/categorise/categories.ts).
 *
 * How it works (docs/decisions/0006-categoriser.md):
 * 1. Normalise: accents off, lower case, "&" -> "and", "w/" -> "with", possessives and bracketed
 *    notes dropped, other punctuation splits words, words with digits dropped; commas split the
 *    name into segments ("Tofu, Extra Firm"). Each word maps to its lexicon form (singular).
 * 2. Every lexicon phrase (1-5 words) found is a candidate; one inside a longer one is dropped
 *    ("peanut butter" hides "butter"); priority-0 phrases ("no salt added") only hide words.
 * 3. The winner has the highest priority (dominant type > product type > ingredient/flavour),
 *    then is the right-most (English head noun: "chicken broth", "mango juice"). Words after
 *    "with"/"in" win only with a higher priority; a later comma segment likewise; a first
 *    alternative of two or more words before "or" names the item ("silver rum or water").
 * 4. Modifier rules adjust the winner by kind: "frozen peas" -> Frozen, "dried thyme" -> Spices,
 *    "granulated garlic" -> Spices, "dried apricots" -> Snacks, "rotisserie chicken breast" -> Deli.
 */
import { CATEGORIES, compareCategories, type CategoryName } from "./categories.ts";
import { detectLanguage, languageOfTag } from "../ingredient/language.ts";
import { translateFoodName } from "./foreign.ts";
import { CODES, LEXICON, type Code, type Kind } from "./lexicon.ts";
import { WORDNET_WORDS } from "./wordnet-table.ts";

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
const NON_ASCII = /[^\x00-\x7f]/;
/** Every cue word of every list: a name with none of them skips the modifier rules. */
const ALL_CUE_WORDS = new Set<string>(["frozen", "canned", "tinned", "chocolate", "pickled", "fresh", "teriyaki", "nacho", "pie", "vegan", "vegetarian", "meatless", "plant", "veggie", "meat free"]);

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

/** Words whose plural means something else ("peppers" are bell peppers, "pepper" is the spice). */
const KEEP_PLURAL = new Set(["peppers", "greens", "herbes", "grits", "sweets", "thins", "tacos"]);

function singularCandidates(tok: string): string[] {
  const c: string[] = [];
  if (tok.endsWith("ies")) c.push(tok.slice(0, -3) + "y", tok.slice(0, -1));
  if (tok.endsWith("ves")) c.push(tok.slice(0, -3) + "f", tok.slice(0, -3) + "fe");
  if (tok.endsWith("es")) c.push(tok.slice(0, -1), tok.slice(0, -2));
  if (tok.endsWith("s") && !tok.endsWith("ss")) c.push(tok.slice(0, -1));
  if (tok.endsWith("ss")) c.push(tok.slice(0, -2)); // typo "eggss"
  return c;
}

/** The vocabulary form of a word that is in the vocabulary: its singular when that is known too. */
function canonical(tok: string): string {
  if (KEEP_PLURAL.has(tok)) return tok;
  for (const x of singularCandidates(tok)) if (vocab.has(x)) return x;
  return tok;
}

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

const tokenCache = new Map<string, string>();
/** Maps a token to its lexicon form: singular where known, else a plural variant in the vocabulary. */
function resolveToken(tok: string): string {
  const cached = tokenCache.get(tok);
  if (cached !== undefined) return cached;
  let out = tok;
  if (vocab.has(tok)) out = canonical(tok);
  else {
    const c = [...singularCandidates(tok), tok + "s", tok + "es"];
    if (tok.endsWith("y")) c.push(tok.slice(0, -1) + "ies");
    let found = false;
    for (const x of c) {
      if (vocab.has(x)) {
        out = canonical(x);
        found = true;
        break;
      }
    }
    // An unknown compound may end in a known word: "shortcake", "cornbread", "bratwurst".
    if (!found && tok.length > 5) {
      for (const [suffix, word] of SUFFIXES) {
        if (tok.endsWith(suffix) && tok.length > suffix.length + 2) {
          out = word;
          break;
        }
      }
    }
  }
  if (tokenCache.size < 50_000) tokenCache.set(tok, out);
  return out;
}

/**
 * The phrase trie in integers: node 0 is the root; `trieEntry[node]` is the phrase ending there
 * and `triePrio[node]` its priority (-1: none); the children are pairs (node * trieWords + word
 * id, child) in one open-addressing Int32Array (about 1/3 full), the word ids numbering the
 * distinct words of the phrases. A walk reads a cache line or two per word instead of a Map lookup
 * by string (hash, bucket, entry, key comparison).
 */
const phraseMap = new Map<string, Entry>();
// "bell pepper" phrases also match "bell peppers" ("peppers" keeps its plural: "pepper" alone is the spice)
for (const p of [...rawPhrases]) {
  if (p.tokens.length > 1 && p.tokens[p.tokens.length - 1] === "pepper") {
    rawPhrases.push({ ...p, tokens: [...p.tokens.slice(0, -1), "peppers"] });
  }
}
for (const p of rawPhrases) {
  const key = p.tokens.map(resolveToken).join(" ");
  // First definition wins; duplicates across groups are reported by the unit tests.
  if (!phraseMap.has(key)) phraseMap.set(key, { code: p.code, priority: p.priority, kind: p.kind, phrase: key });
}

/** Word of a phrase -> its id. */
const trieWordIds = new Map<string, number>();
/** Phrase prefixes: one trie node (and one child pair) each. */
const triePrefixes = new Set<string>();
for (const key of phraseMap.keys()) {
  const toks = key.split(" ");
  for (let i = 0; i < toks.length; i++) {
    if (!trieWordIds.has(toks[i]!)) trieWordIds.set(toks[i]!, trieWordIds.size);
    triePrefixes.add(toks.slice(0, i + 1).join(" "));
  }
}
const trieWords = trieWordIds.size;
const trieNodes = triePrefixes.size + 1;
const trieEntry: (Entry | undefined)[] = new Array<Entry | undefined>(trieNodes).fill(undefined);
const triePrio = new Int8Array(trieNodes).fill(-1);
/** The category of the phrase ending at each node (before modifier rules). */
const trieCategory: CategoryName[] = new Array<CategoryName>(trieNodes).fill(CODES.OT);
/** 1 when a node has children (a walk stops at the others without a lookup). */
const trieHasKids = new Uint8Array(trieNodes);
const KID_BITS = 32 - Math.clz32(trieNodes * 3);
const KID_MASK = (2 << KID_BITS) - 1;
const kids = new Int32Array(2 << KID_BITS).fill(-1);
if (trieNodes * trieWords >= 2 ** 31) throw new Error("categorise: phrase trie too large for its key");

/** The child of trie node `node` by word id `wid` (-1: none; wid < 0: a word in no phrase). */
function trieChild(node: number, wid: number): number {
  if (wid < 0) return -1;
  const key = node * trieWords + wid;
  let s = (Math.imul(key, 0x9e3779b1) >>> (32 - KID_BITS)) << 1;
  for (;;) {
    const k = kids[s]!;
    if (k === key) return kids[s + 1]!;
    if (k === -1) return -1;
    s = (s + 2) & KID_MASK;
  }
}

{
  let nodes = 1;
  for (const [key, entry] of phraseMap) {
    let node = 0;
    for (const tok of key.split(" ")) {
      const wid = trieWordIds.get(tok)!;
      let c = trieChild(node, wid);
      if (c < 0) {
        c = nodes++;
        const k = node * trieWords + wid;
        let s = (Math.imul(k, 0x9e3779b1) >>> (32 - KID_BITS)) << 1;
        while (kids[s] !== -1) s = (s + 2) & KID_MASK;
        kids[s] = k;
        kids[s + 1] = c;
        trieHasKids[node] = 1;
      }
      node = c;
    }
    trieEntry[node] = entry;
    triePrio[node] = entry.priority;
    trieCategory[node] = CODES[entry.code];
  }
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

/**
 * Lower-cased word tokens of a name, split into segments at "," and ";". Accents are removed,
 * "&" reads "and", "w/" reads "with", possessive "'s" and bracketed notes are dropped, words with
 * digits ("12oz", "2%") are skipped. One pass over the characters (this is the hot path).
 */
function scan(input: string): string[][] {
  let s = input.toLowerCase();
  if (NON_ASCII.test(s)) s = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const segs: string[][] = [];
  let seg: string[] = [];
  let word = ""; // pieces already closed by an apostrophe ("fakin'")
  let start = -1; // start of the current run of word characters
  let digit = false;
  let depth = 0;
  const n = s.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? s.charCodeAt(i) : 32;
    if (depth > 0) {
      if (c === 41 || c === 93) depth--; // ) ]
      else if (c === 40 || c === 91) depth++;
      continue;
    }
    if (c >= 97 && c <= 122) {
      if (start < 0) start = i;
      continue;
    }
    if ((c >= 48 && c <= 57) || c === 37) {
      if (start < 0) start = i;
      digit = true;
      continue;
    }
    // end of a run of word characters
    if (start >= 0) {
      word += s.slice(start, i);
      start = -1;
    }
    if (c === 39 || c === 8217 || c === 8216 || c === 96 || c === 180) {
      // apostrophe: drop a possessive 's, otherwise join the pieces ("fakin'")
      const next = s.charCodeAt(i + 1);
      const after = s.charCodeAt(i + 2);
      if (next === 115 && !(after >= 97 && after <= 122)) i++;
      continue;
    }
    if (c === 47 && word === "w") {
      word = "with";
    }
    if (word && !digit) seg.push(word);
    word = "";
    digit = false;
    if (c === 38) seg.push("and");
    else if (c === 44 || c === 59) {
      if (seg.length) segs.push(seg);
      seg = [];
    } else if (c === 40 || c === 91) depth = 1;
  }
  if (seg.length) segs.push(seg);
  return segs;
}

function tokenize(s: string): string[] {
  return scan(s).flat();
}

/** Flags of a word in the word table. */
const F_CUE = 1; // one of ALL_CUE_WORDS: the modifier rules may apply
const F_SPLIT = 2; // "with", "in" (SPLIT_WORDS)
const F_OR = 4; // "or"

/**
 * Word -> what matching needs of it, as an open-addressing table keyed by the word's characters,
 * so that a word of a name is looked up straight from the name (no substring, no string hashing
 * by the engine) and its data sits in one 32-byte record: WS ints per slot, [hash, length (17:
 * longer than 16) | flags << 16 (0: empty slot), trie word id of its lexicon form (-1: in no
 * phrase), the trie node it starts (-1: none), its first 16 characters packed 4 per int]. Words
 * are [a-z] only (see segments). The lexicon form itself (read by the modifier rules) is in wtW,
 * longer words' keys in wtLong. Emptied when 60% full; the dev data uses ~3,100 words.
 */
const WT_BITS = 13;
const WT_SIZE = 1 << WT_BITS;
const WT_MASK = WT_SIZE - 1;
const WT_MAX = Math.floor(WT_SIZE * 0.6);
const WS = 8;
const wtab = new Int32Array(WT_SIZE * WS);
const wtW: (string | undefined)[] = new Array<string | undefined>(WT_SIZE).fill(undefined);
const wtLong: (string | undefined)[] = new Array<string | undefined>(WT_SIZE).fill(undefined);
let wtCount = 0;
const pk = new Int32Array(4);

/**
 * The words of the name being classified, in reused buffers (no arrays or objects per name):
 * lexicon forms, trie word ids, first trie nodes and flags; comma segment k is
 * [segEnd[k - 1], segEnd[k]) (segEnd[-1] = 0), empty segments left out.
 */
const tw: string[] = [];
let tid = new Int32Array(64);
let tnode = new Int32Array(64);
let tflag = new Uint8Array(64);
let nt = 0;
let segEnd = new Int32Array(16);
let nseg = 0;

/** Appends the word s[a, b) to the word buffers, resolved through the word table. */
function addWord(s: string, a: number, b: number): void {
  const len = b - a;
  let h = 0x811c9dc5 | 0;
  pk[0] = pk[1] = pk[2] = pk[3] = 0;
  for (let k = 0; k < len; k++) {
    const c = s.charCodeAt(a + k);
    h = Math.imul(h ^ c, 0x01000193);
    if (k < 16) pk[k >> 2]! |= c << ((k & 3) << 3);
  }
  const lenField = len > 16 ? 17 : len;
  let slot = h & WT_MASK;
  let at = 0;
  for (;;) {
    at = slot * WS;
    const lf = wtab[at + 1]!;
    if (lf === 0) break;
    if (
      wtab[at] === h &&
      (lf & 0xffff) === lenField &&
      wtab[at + 4] === pk[0] &&
      wtab[at + 5] === pk[1] &&
      wtab[at + 6] === pk[2] &&
      wtab[at + 7] === pk[3] &&
      (len <= 16 || sameChars(wtLong[slot]!, s, a, len))
    ) {
      pushWord(wtW[slot]!, wtab[at + 2]!, wtab[at + 3]!, lf >>> 16);
      return;
    }
    slot = (slot + 1) & WT_MASK;
  }
  const tok = a === 0 && b === s.length ? s : s.slice(a, b);
  const w = resolveToken(tok);
  const wid = trieWordIds.get(w) ?? -1;
  const node = trieChild(0, wid);
  const flags = (ALL_CUE_WORDS.has(w) ? F_CUE : 0) | (SPLIT_WORDS.has(w) ? F_SPLIT : 0) | (w === "or" ? F_OR : 0);
  if (wtCount >= WT_MAX) {
    wtab.fill(0);
    wtW.fill(undefined);
    wtLong.fill(undefined);
    wtCount = 0;
    slot = h & WT_MASK;
    at = slot * WS;
  }
  wtab[at] = h;
  wtab[at + 1] = lenField | (flags << 16);
  wtab[at + 2] = wid;
  wtab[at + 3] = node;
  wtab[at + 4] = pk[0]!;
  wtab[at + 5] = pk[1]!;
  wtab[at + 6] = pk[2]!;
  wtab[at + 7] = pk[3]!;
  wtW[slot] = w;
  if (len > 16) wtLong[slot] = tok;
  wtCount++;
  pushWord(w, wid, node, flags);
}

function sameChars(key: string, s: string, a: number, len: number): boolean {
  if (key.length !== len) return false;
  for (let k = 0; k < len; k++) if (key.charCodeAt(k) !== s.charCodeAt(a + k)) return false;
  return true;
}

function pushWord(w: string, wid: number, node: number, flags: number): void {
  if (nt === tid.length) {
    const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => (b.set(a), b);
    tid = grow(tid, new Int32Array(nt * 2));
    tnode = grow(tnode, new Int32Array(nt * 2));
    tflag = grow(tflag, new Uint8Array(nt * 2));
  }
  tw[nt] = w;
  tid[nt] = wid;
  tnode[nt] = node;
  tflag[nt] = flags;
  nt++;
}

function endSegment(): void {
  if (nt === (nseg > 0 ? segEnd[nseg - 1]! : 0)) return;
  if (nseg === segEnd.length) {
    const grown = new Int32Array(nseg * 2);
    grown.set(segEnd);
    segEnd = grown;
  }
  segEnd[nseg++] = nt;
}

/**
 * Split a name into comma segments of resolved words (into the buffers above): the same words as
 * `scan` (which documents the rules), each looked up once in the word table as it is scanned.
 */
function segments(name: string): void {
  nt = 0;
  nseg = 0;
  let s = name.toLowerCase();
  for (let i = 0; i < s.length; i++) {
    // (same test as NON_ASCII)
    if (s.charCodeAt(i) > 127) {
      s = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      break;
    }
  }
  // the current word: `pieces` when it has several pieces ("fakin'") or is "with", else s[ps, pe) when ps >= 0
  let pieces: string | null = null;
  let ps = -1;
  let pe = -1;
  let start = -1; // start of the current run of word characters
  let digit = false;
  let depth = 0;
  const n = s.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? s.charCodeAt(i) : 32;
    if (depth > 0) {
      if (c === 41 || c === 93) depth--; // ) ]
      else if (c === 40 || c === 91) depth++;
      continue;
    }
    if (c >= 97 && c <= 122) {
      if (start < 0) start = i;
      continue;
    }
    if ((c >= 48 && c <= 57) || c === 37) {
      if (start < 0) start = i;
      digit = true;
      continue;
    }
    // end of a run of word characters
    if (start >= 0) {
      if (pieces !== null) pieces += s.slice(start, i);
      else if (ps >= 0) {
        pieces = s.slice(ps, pe) + s.slice(start, i);
        ps = -1;
      } else {
        ps = start;
        pe = i;
      }
      start = -1;
    }
    if (c === 39 || c === 8217 || c === 8216 || c === 96 || c === 180) {
      // apostrophe: drop a possessive 's, otherwise join the pieces ("fakin'")
      const next = s.charCodeAt(i + 1);
      const after = s.charCodeAt(i + 2);
      if (next === 115 && !(after >= 97 && after <= 122)) i++;
      continue;
    }
    if (c === 47 && (pieces === "w" || (pieces === null && ps >= 0 && pe - ps === 1 && s.charCodeAt(ps) === 119))) {
      pieces = "with";
      ps = -1;
    }
    if (!digit && (pieces !== null || ps >= 0)) {
      if (pieces !== null) addWord(pieces, 0, pieces.length);
      else addWord(s, ps, pe);
    }
    pieces = null;
    ps = -1;
    digit = false;
    if (c === 38) addWord("and", 0, 3);
    else if (c === 44 || c === 59) endSegment();
    else if (c === 40 || c === 91) depth = 1;
  }
  endSegment();
}

// ------------------------------------------------------------------ matching

const SPLIT_WORDS = new Set(["with", "in"]);
const FLAVOR_WORDS = new Set(["flavor", "flavored", "flavour", "flavoured", "flavors", "flavours", "flavorful"]);

/** Matches of the last findMatches call, in order of start: trie node (the phrase), start, end (word positions). */
let mNode = new Int32Array(16);
let mStart = new Int32Array(16);
let mEnd = new Int32Array(16);

/**
 * Lexicon phrases among the words [from, to) into mNode/mStart/mEnd: at each start the longest
 * phrase (shorter ones there are inside it), unless it ends within an earlier, longer match.
 * Returns the number of matches.
 */
function findMatches(from: number, to: number): number {
  let count = 0;
  let maxEnd = from;
  for (let i = from; i < to; i++) {
    // Longest phrase starting at i (walk the trie)
    let node = tnode[i]!;
    let found = -1;
    let end = 0;
    for (let j = i; node >= 0; ) {
      if (triePrio[node]! >= 0) {
        found = node;
        end = j + 1;
      }
      j++;
      if (j >= to || trieHasKids[node] === 0) break;
      node = trieChild(node, tid[j]!);
    }
    if (found >= 0 && end > maxEnd) {
      if (count === mStart.length) {
        const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
          const b = new Int32Array(count * 2);
          b.set(a);
          return b;
        };
        mNode = grow(mNode);
        mStart = grow(mStart);
        mEnd = grow(mEnd);
      }
      mNode[count] = found;
      mStart[count] = i;
      mEnd[count] = end;
      count++;
      maxEnd = end;
    }
  }
  return count;
}

/** The best of matches [lo, hi): highest priority, then right-most end, then longest. -1: none. */
function pick(lo: number, hi: number): number {
  let best = -1;
  for (let k = lo; k < hi; k++) {
    const p = triePrio[mNode[k]!]!;
    if (p === 0) continue;
    if (best < 0) {
      best = k;
      continue;
    }
    const bp = triePrio[mNode[best]!]!;
    const end = mEnd[k]!;
    const bend = mEnd[best]!;
    if (p > bp || (p === bp && (end > bend || (end === bend && end - mStart[k]! > bend - mStart[best]!)))) best = k;
  }
  return best;
}

/**
 * The head match of the words [from, to) (a comma segment), as an index into the match buffers
 * (valid until the next call), -1 for none. Words after "with"/"in" ("Tomatoes with Basil") win
 * only with a higher priority than everything before ("Pomegranate with Cranberry Juice").
 */
function headOfSegment(from: number, to: number): number {
  // "Orange Flavor Liquid Drink Mix": the words before "flavor(ed)" name a flavour, not the
  // product; the words after it decide when they name anything
  for (let i = from; i < to - 1; i++) {
    if (FLAVOR_WORDS.has(tw[i]!)) {
      const h = headOfSegment(i + 1, to);
      if (h >= 0) return h;
      break;
    }
  }
  const count = findMatches(from, to);
  if (count === 0) return -1;
  let split = -1;
  for (let i = from + 1; i < to; i++) {
    if (tflag[i]! & F_SPLIT) {
      split = i;
      break;
    }
  }
  if (split > 0) {
    // matches are in order of start: those before the split are a prefix
    let k = 0;
    while (k < count && mStart[k]! < split) k++;
    const before = pick(0, k);
    const after = pick(k, count);
    if (before >= 0 && (after < 0 || triePrio[mNode[after]!]! <= triePrio[mNode[before]!]!)) return before;
    return after;
  }
  return pick(0, count);
}

// ------------------------------------------------------------------ modifier rules

const DRY_HERB_CUES = cues(["dried", "dry", "ground", "flake", "crushed", "rubbed", "powder", "powdered", "dehydrated", "freeze"]);
const DRY_AROMATIC_CUES = cues(["granulated", "powder", "powdered", "dried", "dehydrated", "ground", "flake", "granule", "minced dried"]);
const DRY_CHILLI_CUES = cues(["dried", "dry", "flake", "crushed", "ground", "powder", "powdered", "smoked", "whole dried"]);
/** Nuts roasted or seasoned for eating sit with snacks ("Roasted Salted Cashews"). */
const SNACK_NUT_CUES = cues(["roasted", "salted", "seasoned", "spiced", "smoked", "snack", "trail", "cocoa", "tamari", "chili",
  "sriracha", "ranch", "bbq", "barbecue", "jalapeno", "lime"]);
const CANDIED = new Set(["candied", "crystallized", "crystallised", "glace"]);
const DRIED_FRUIT_CUES = cues(["dried", "dehydrated", "candied", "crystallized", "crystallised", "glace", "sundried", "sun"]);
const CANNED_CUES = cues(["no salt added", "salt free", "canned", "tinned", "can", "tin", "jarred", "syrup", "brine", "cream style", "whole kernel", "sodium"]);
const DELI_CUES = cues(["rotisserie", "carved", "deli", "lunch", "lunchmeat", "shaved", "seasoned", "cajun", "honey", "maple", "mesquite",
  "peppered", "shredded", "pulled", "cooked", "style"]);
const DELI_HEADS = new Set(["turkey", "turkey breast", "chicken", "chicken breast", "beef", "roast beef", "ham", "pork"]);
/** Turkey breast and ham sold sliced or oven roasted are lunch meat. */
const SLICED_DELI_HEADS = new Set(["turkey", "turkey breast", "ham", "roast beef"]);
const SLICED_CUES = cues(["sliced", "thin sliced", "oven roasted", "smoked", "roasted", "slice"]);
const SLICED_ONLY = cues(["sliced", "slice", "deli"]);
const ASIAN_CUES = cues(["korean", "thai", "chinese", "japanese", "asian", "szechuan", "sichuan", "vietnamese", "indian",
  "tikka", "tandoori", "kung pao", "general tso", "malaysian", "indonesian", "filipino", "bombay", "madras", "masala",
  "korma", "vindaloo", "udon", "soba", "ramen", "lo mein", "chow mein", "yakisoba"]);
const CANNED_MEAT_CUES = cues(["canned", "tinned", "tin", "can", "in water", "in spring water", "in oil", "in olive oil", "in brine",
  "chunk light", "solid white", "in sauce", "pouch"]);
const FROZEN_CUES = cues(["breaded", "battered"]);
const MEAT_FREE_CUES = cues(["vegan", "vegetarian", "meatless", "meat free", "plant based", "veggie"]);
const CANDY_CUES = cues(["covered", "drenched", "dipped", "coated", "enrobed"]);
const PLANT_MILK_CUES = cues(["dairy", "soy", "soymilk", "almond", "oat", "rice", "cashew", "coconut", "hemp", "grain"]);

/** A compiled list of cue words and phrases. */
interface Cues {
  single: Set<string>;
  multi: string[][];
}


function cues(list: readonly string[]): Cues {
  for (const c of list) for (const w of c.split(" ")) ALL_CUE_WORDS.add(w);
  return { single: new Set(list.filter((c) => !c.includes(" "))), multi: list.filter((c) => c.includes(" ")).map((c) => c.split(" ")) };
}

/** True when tokens[0..end) contain one of the cues (a word, or a phrase as consecutive words). */
function hasAny(tokens: string[], c: Cues, end = tokens.length): boolean {
  for (let i = 0; i < end; i++) {
    const t = tokens[i]!;
    if (c.single.has(t)) return true;
    for (const m of c.multi) {
      if (m[0] !== t || i + m.length > end) continue;
      let k = 1;
      while (k < m.length && tokens[i + k] === m[k]) k++;
      if (k === m.length) return true;
    }
  }
  return false;
}

const FRESH = cues(["fresh"]);
const SPRIG = cues(["sprig", "bunch"]);
const DRYISH = cues(["dried", "dry"]);
const CUP_JUICE = cues(["cup", "in juice"]);
const HARD = cues(["alcoholic", "hard", "spiked"]);
const MUSTARD_DRY = cues(["ground", "dry", "dried", "powdered"]);

/** The winner's code after the modifier rules; only called when `tokens` hold a cue word (ALL_CUE_WORDS). */
function applyModifiers(m: Match, tokens: string[]): Code {
  const e = m.entry;
  const b = m.start; // tokens before the head
  const before = tokens;
  // the whole segment: modifiers may follow ("Peas, Frozen")
  const near = tokens;
  if (e.code !== "FR" && near.includes("frozen")) return "FR";
  if ((near.includes("canned") || near.includes("tinned")) && e.code !== "BV" && e.code !== "AL") return "CS";
  if (e.code === "MS" && hasAny(near, FROZEN_CUES)) return "FR";
  // a meat-free product named after the meat it replaces ("Vegan Sausages", "Meat-Free Mince") is
  // a packaged meat alternative, sold frozen by default
  if (e.code === "MS" && hasAny(near, MEAT_FREE_CUES)) return "FR";
  if ((e.code === "MS" || e.kind === "fish") && hasAny(near, CANNED_MEAT_CUES)) return "CS";
  if (near.includes("chocolate") && hasAny(near, CANDY_CUES) && e.code !== "FR") return "SN";
  switch (e.kind) {
    case "herb":
      if (hasAny(near, DRY_HERB_CUES)) return "SP";
      return e.code;
    case "herbdry":
      if (hasAny(before, FRESH, b) || hasAny(near, SPRIG)) return "PR";
      return e.code;
    case "aromatic":
      if (hasAny(near, DRY_AROMATIC_CUES)) return "SP";
      if (near.includes("pickled")) return "CO";
      return e.code;
    case "chilli":
      if (hasAny(near, DRY_CHILLI_CUES)) return "SP";
      if (near.includes("pickled") || near.includes("nacho")) return "CO"; // jarred nacho slices
      return e.code;
    case "fruit":
      // dried fruit sits with nuts and snacks (baking recipes accept both)
      if (e.code === "PR" && hasAny(before, DRIED_FRUIT_CUES, b)) return before.slice(0, b).some((t) => CANDIED.has(t)) ? "BA" : "SN";
      if (hasAny(near, CANNED_CUES) || hasAny(near, CUP_JUICE)) return "CS";
      return e.code;
    case "veg":
    case "bean":
      if (e.code === "PR" && hasAny(near, CANNED_CUES)) return "CS";
      if (e.code === "PR" && near.includes("pickled")) return "CO";
      if (e.code === "CS" && hasAny(before, DRYISH, b)) return "PG";
      return e.code;
    case "meat":
      if (hasAny(near, DELI_CUES)) return "DL";
      return e.code;
    case "nut":
      if (hasAny(near, SNACK_NUT_CUES)) return "SN";
      return e.code;
    case "juice":
      return e.code;
    default:
      break;
  }
  // a savoury pie (a meat before "pie") is sold frozen; sweet pies come from the bakery
  if (e.code === "BK" && e.phrase === "pie" && before.slice(0, b).some((t) => phraseMap.get(t)?.code === "MS")) return "FR";
  if (e.code === "MS" && DELI_HEADS.has(e.phrase) && hasAny(near, DELI_CUES)) return "DL";
  if (e.code === "MS" && SLICED_DELI_HEADS.has(e.phrase) && hasAny(near, SLICED_CUES)) return "DL";
  if (e.code === "MS" && e.phrase === "chicken breast" && hasAny(near, SLICED_ONLY)) return "DL";
  if (e.code === "PR" && before.slice(0, b).some((t) => CANDIED.has(t))) return "BA";
  if (e.code === "BV" && e.phrase.endsWith("juice") && hasAny(before, FRESH, b)) return "PR";
  if (e.code === "BV" && hasAny(near, HARD)) return "AL";
  if ((e.code === "CO" || (e.code === "PG" && !e.phrase.includes("rice"))) && hasAny(near, ASIAN_CUES)) return "IN";
  if (e.code === "PG" && near.includes("teriyaki")) return "IN";
  if (e.code === "CO" && e.phrase.includes("mustard") && hasAny(before, MUSTARD_DRY, b)) return "SP";
  if (e.code === "BV" && e.phrase === "beverage" && hasAny(before, PLANT_MILK_CUES, b)) return "DE";
  if (e.code === "CS" && (e.phrase === "bean" || e.phrase.endsWith(" bean") || e.phrase === "chickpea") && hasAny(before, DRYISH, b)) {
    return "PG";
  }
  return e.code;
}

// ------------------------------------------------------------------ WordNet fallback

/** Food nouns of WordNet mapped to a category at build time (decision 0006): word -> code. */
const wordnetCode = new Map<string, Code>();
for (const [code, words] of Object.entries(WORDNET_WORDS) as [Code, string][]) {
  for (const w of words.split(" ")) if (!wordnetCode.has(w)) wordnetCode.set(w, code);
}

function wordnetOf(w: string): Code | undefined {
  const c = wordnetCode.get(w);
  if (c !== undefined || w.length < 4) return c;
  for (const x of singularCandidates(w)) {
    const d = wordnetCode.get(x);
    if (d !== undefined) return d;
  }
  return undefined;
}

const WN_DRIED = cues(["dried", "dehydrated", "freeze dried"]);

/**
 * The right-most word of [from, to) that the lexicon does not know and WordNet's food nouns do (the
 * English head noun), with the general processing cues applied; null when there is none.
 */
function wordnetGuess(from: number, to: number): Code | null {
  for (let i = to - 1; i >= from; i--) {
    if (tid[i]! >= 0) continue;
    const code = wordnetOf(tw[i]!);
    if (code === undefined) continue;
    const words = tw.slice(from, to);
    if (code !== "FR" && words.includes("frozen")) return "FR";
    if (words.includes("canned") || words.includes("tinned")) return "CS";
    if (code === "PR" && (hasAny(words, CANNED_CUES) || hasAny(words, CUP_JUICE))) return "CS";
    if (code === "PR" && hasAny(words, WN_DRIED)) return "SN";
    return code;
  }
  return null;
}

/** First "with"/"in" of [from, to) after its first word, -1 for none. */
function splitAt(from: number, to: number): number {
  for (let i = from + 1; i < to; i++) if (tflag[i]! & F_SPLIT) return i;
  return -1;
}

// ------------------------------------------------------------------ public API

/** Result of classifying one name, with the lexicon phrase that decided it (null: fallback). */
export interface CategoryExplanation {
  category: CategoryName;
  phrase: string | null;
}

/** Category used when no word of the name is known (lexicon or WordNet): the app says "unsure". */
export const FALLBACK_CATEGORY: CategoryName = "Other";
/**
 * The best guess with no known word (`guess: true`, used by the CLI, decision 0006): the food
 * department with the most products in US grocery catalogues, where most unknown words are brand
 * names of snacks and sweets ("Twizzlers").
 */
export const PRIOR_CATEGORY: CategoryName = "Snacks & Sweets";

/** The trie node of the phrase that decided the last `classify` (-1: fallback). */
let lastNode = -1;
/** Whether WordNet's table decided the last `classify`. */
let wordnetUsed = false;

/**
 * Category of a name, null when no lexicon phrase matches; sets lastNode. (Reads only typed
 * arrays and the word buffers unless the modifier rules apply.)
 */
function classify(name: string): CategoryName | null {
  wordnetUsed = false;
  segments(name);
  // The first comma segment names the product ("Tofu, Extra Firm"); a later one wins only with a
  // higher priority ("Tomato, Onion & Garlic Pasta Sauce").
  let best = -1; // trie node
  let bestStart = 0;
  let bestEnd = 0;
  let bestFrom = 0;
  let bestTo = 0;
  let from = 0;
  for (let k = 0; k < nseg; k++) {
    const to = segEnd[k]!;
    const m = headOfSegment(from, to);
    if (m >= 0) {
      let node = mNode[m]!;
      let start = mStart[m]!;
      let end = mEnd[m]!;
      let segTo = to;
      // "silver rum or water": a first alternative of two or more words that names a product on its
      // own is the item; "chicken or vegetable stock" (one word before "or") shares the head noun.
      let or = -1;
      for (let i = from; i < to; i++) {
        if (tflag[i]! & F_OR) {
          or = i;
          break;
        }
      }
      if (or >= from + 2) {
        const m1 = headOfSegment(from, or);
        if (m1 >= 0 && mEnd[m1] === or && triePrio[mNode[m1]!]! >= triePrio[node]!) {
          node = mNode[m1]!;
          start = mStart[m1]!;
          end = mEnd[m1]!;
          segTo = or;
        }
      }
      if (best < 0 || triePrio[node]! > triePrio[best]!) {
        best = node;
        bestStart = start;
        bestEnd = end;
        bestFrom = from;
        bestTo = segTo;
      }
    }
    from = to;
  }
  lastNode = best;
  if (best < 0) {
    // no lexicon word: WordNet's food nouns, head first (decision 0006)
    const split = splitAt(0, nt);
    const g = (split > 0 ? wordnetGuess(0, split) : null) ?? wordnetGuess(0, nt);
    if (g !== null) wordnetUsed = true;
    return g === null ? null : CODES[g];
  }
  // "Lychees in Heavy Syrup": the lexicon knows only words after "with"/"in"; a food noun before
  // them that WordNet knows is the head.
  const split = splitAt(bestFrom, bestTo);
  if (split > 0 && bestStart > split) {
    const g = wordnetGuess(bestFrom, split);
    if (g !== null) {
      wordnetUsed = true;
      return CODES[g];
    }
  }
  // "Strawberry Zwieback": a flavour word (priority 1) is not the head when a food noun WordNet
  // knows (and the lexicon does not) stands after it, before any "with"/"in"
  if (triePrio[best]! === 1) {
    const stop = split > 0 && split > bestEnd ? split : bestTo;
    for (let i = stop - 1; i >= bestEnd; i--) {
      if (tid[i]! >= 0) continue;
      if (wordnetOf(tw[i]!) !== undefined) {
        const g = wordnetGuess(bestFrom, stop);
        if (g !== null) {
          wordnetUsed = true;
          return CODES[g];
        }
      }
    }
  }
  // the modifier rules need a cue word in the winning segment
  for (let i = bestFrom; i < bestTo; i++) {
    if (tflag[i]! & F_CUE) {
      const m: Match = { entry: trieEntry[best]!, start: bestStart - bestFrom, end: bestEnd - bestFrom };
      return CODES[applyModifiers(m, tw.slice(bestFrom, bestTo))];
    }
  }
  return trieCategory[best]!;
}

/**
 * Classify an item name and say which lexicon phrase decided it.
 * @param name a grocery item as a recipe or shopper writes it ("2% milk", "Organic Baby Spinach")
 */
export function explainCategory(name: string, opts?: { guess?: boolean; language?: string | null }): CategoryExplanation {
  const read = classifyInLanguage(name, opts?.language);
  const category = read.category ?? (opts?.guess ? PRIOR_CATEGORY : FALLBACK_CATEGORY);
  const phrase = wordnetUsed ? "(wordnet)" : lastNode < 0 ? null : trieEntry[lastNode]!.phrase;
  return { category, phrase: read.english ? `${read.english} (${read.via})` : phrase };
}

/**
 * A name in its language (decision 0005): an English name as before; a name in another language
 * (given, or clear from the name, or unknown to the English lexicon) by the English grocery word it
 * names, from the multilingual table; then as written (loanwords: "Parmesan", "ketchup").
 */
function classifyInLanguage(name: string, language?: string | null): { category: CategoryName | null; english?: string; via?: string } {
  const lang = languageOfTag(language);
  if (lang === "en") return { category: classify(name) };
  const english = lang ? null : classify(name);
  if (english !== null && !lang) {
    const guessed = detectLanguage(name);
    if (guessed === null || guessed === "en") return { category: english };
  }
  const tr = translateFoodName(name, lang);
  if (tr) {
    const c = classify(tr.english);
    if (c !== null) return { category: c, english: tr.english, via: tr.language };
  }
  return { category: english ?? classify(name) };
}

/**
 * Store category of a grocery item name, one of {@link CATEGORIES}.
 * Pure and fast (token lookups in maps); unknown names get {@link FALLBACK_CATEGORY}.
 * @param name item name, e.g. "frozen peas" (Frozen), "peas" (Frozen or Produce), "dried oregano" (Spices)
 */
export function categorise(name: string, language?: string | null): CategoryName {
  if (language) return classifyInLanguage(name, language).category ?? FALLBACK_CATEGORY;
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  const slot = h & (RECENT_SIZE - 1);
  if (recentNames[slot] === name) return recentCategories[slot]!;
  const category = classifyInLanguage(name).category ?? FALLBACK_CATEGORY;
  if (name.length <= 64) {
    recentNames[slot] = name;
    recentCategories[slot] = category;
  }
  return category;
}

/**
 * Recently categorised names, direct-mapped by a hash of the name: item names repeat a lot
 * (salt, butter, olive oil), and 1,024 slots (far fewer than the ~8,500 distinct names of the dev
 * data) answer 43% of the names of one pass over it. Categorising is pure, so this is only a memo.
 */
const RECENT_SIZE = 1024;
const recentNames: (string | undefined)[] = new Array<string | undefined>(RECENT_SIZE).fill(undefined);
const recentCategories: CategoryName[] = new Array<CategoryName>(RECENT_SIZE).fill(FALLBACK_CATEGORY);
