/**
 * Stage 2 of the ingredient pipeline: splits a normalised line into tokens. Punctuation becomes
 * its own token so that the tagger can see clause boundaries; numbers ("1/2", "2-3", "1.5") stay
 * whole; "8-ounce" becomes "8" + "ounce". Single pass per whitespace-separated chunk: linear time.
 */

/**
 * Character classes by char code: 1 = leading punctuation ( [ { " ' “ ‘ * ~ ¿ ¡ • - – — +),
 * 2 = trailing punctuation ( ) ] } " ' ” ’ , . ; : ! ? * …), 4 = split inside a word
 * ( ( ) [ ] , ; : / + = ). Non-ASCII members are checked in `classOf`.
 */
const LEAD = 1;
const TRAIL = 2;
const INNER = 4;
const ASCII_CLASS = new Uint8Array(128);
for (const ch of "([{\"'*~-+") ASCII_CLASS[ch.charCodeAt(0)]! |= LEAD;
for (const ch of ")]}\"',.;:!?*") ASCII_CLASS[ch.charCodeAt(0)]! |= TRAIL;
for (const ch of "()[],;:/+=") ASCII_CLASS[ch.charCodeAt(0)]! |= INNER;

function classOf(c: number): number {
  if (c < 128) return ASCII_CLASS[c]!;
  if (c === 0x201c || c === 0x2018 || c === 0xbf || c === 0xa1 || c === 0x2022 || c === 0x2013 || c === 0x2014) return LEAD;
  if (c === 0x201d || c === 0x2019 || c === 0x2026) return TRAIL;
  return 0;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

const NUMBER_RE = /^(?:\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?)(?:-(?:\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?))?$/;
const NUM_HYPHEN_WORD_RE = /^(\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?(?:-\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?)?)-([a-zA-Z].*)$/;

/** True for "2", "1.5", "1/2", "1+1/2" (mixed), "2-3", "1/2-3/4". */
export function isNumberToken(t: string): boolean {
  const c = t.charCodeAt(0);
  return c >= 48 && c <= 57 && NUMBER_RE.test(t);
}

/** Splits the whitespace-free chunk s[from, to), pushing pieces onto `out`. */
function splitChunk(s: string, from: number, to: number, out: string[]): void {
  let start = from;
  let end = to;
  while (start < end) {
    const c = s.charCodeAt(start);
    if ((classOf(c) & LEAD) === 0) break;
    // "-5" alone stays one token
    if (c === 45 && start + 1 === end - 1 && isDigitCode(s.charCodeAt(start + 1))) break;
    out.push(s[start]!);
    start++;
  }
  const trailEnd = end;
  while (end > start && (classOf(s.charCodeAt(end - 1)) & TRAIL) !== 0) end--;
  if (end > start) {
    // inner splits: "chopped,drained", "g/5", "cream(35%)"; keep "1/2" and "1+1/2" whole
    let f = start;
    for (let k = start; k < end; k++) {
      const c = s.charCodeAt(k);
      if (
        (classOf(c) & INNER) !== 0 &&
        !((c === 47 || c === 43) && k > start && k + 1 < end && isDigitCode(s.charCodeAt(k - 1)) && isDigitCode(s.charCodeAt(k + 1)))
      ) {
        if (k > f) pushWord(s.slice(f, k), out);
        out.push(s[k]!);
        f = k + 1;
      }
    }
    if (f < end) pushWord(f === 0 && end === s.length ? s : s.slice(f, end), out);
  }
  for (let k = end; k < trailEnd; k++) out.push(s[k]!);
}

function pushWord(w: string, out: string[]): void {
  const c = w.charCodeAt(0);
  const m = c >= 48 && c <= 57 && w.includes("-") ? NUM_HYPHEN_WORD_RE.exec(w) : null;
  if (m) {
    out.push(m[1]!, m[2]!);
    return;
  }
  out.push(w);
}

/**
 * Tokenises a normalised ingredient line.
 *
 * @example tokenise("150 g/5 1/4 oz chickpeas, drained") // ["150","g","/","5","1/4","oz","chickpeas",",","drained"]
 */
export function tokenise(text: string): string[] {
  const out: string[] = [];
  if (!text) return out;
  const n = text.length;
  for (let i = 0; i < n; ) {
    let j = text.indexOf(" ", i);
    if (j < 0) j = n;
    if (j > i) splitChunk(text, i, j, out);
    i = j + 1;
  }
  return out;
}

/** True when the token has no letter or digit (",", "(", "/", "-"). */
export function isPunctToken(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return false;
    if (c > 127) return !LETTER_OR_DIGIT_RE.test(t);
  }
  return true;
}
const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;
