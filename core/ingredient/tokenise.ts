/**
 * Stage 2 of the ingredient pipeline: splits a normalised line into tokens. Punctuation becomes
 * its own token so that the tagger can see clause boundaries; numbers ("1/2", "2-3", "1.5") stay
 * whole; "8-ounce" becomes "8" + "ounce". Single pass per whitespace-separated chunk: linear time.
 */

const LEAD_PUNCT = new Set(["(", "[", "{", '"', "'", "“", "‘", "*", "~", "¿", "¡", "•", "-", "–", "—", "+"]);
const TRAIL_PUNCT = new Set([")", "]", "}", '"', "'", "”", "’", ",", ".", ";", ":", "!", "?", "*", "…"]);
const INNER_SPLIT = new Set(["(", ")", "[", "]", ",", ";", ":", "/", "+", "="]);

const NUMBER_RE = /^(?:\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?)(?:-(?:\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?))?$/;
const NUM_HYPHEN_WORD_RE = /^(\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?(?:-\d+(?:\.\d+)?(?:\/\d+)?(?:\+\d+\/\d+)?)?)-([a-zA-Z].*)$/;

/** True for "2", "1.5", "1/2", "1+1/2" (mixed), "2-3", "1/2-3/4". */
export function isNumberToken(t: string): boolean {
  const c = t.charCodeAt(0);
  return c >= 48 && c <= 57 && NUMBER_RE.test(t);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/** Splits one whitespace-free chunk, pushing pieces onto `out`. */
function splitChunk(chunk: string, out: string[]): void {
  let start = 0;
  let end = chunk.length;
  while (start < end && LEAD_PUNCT.has(chunk[start]!) && !(chunk[start] === "-" && isDigit(chunk[start + 1]) && start + 1 === end - 1)) {
    out.push(chunk[start]!);
    start++;
  }
  const trailEnd = end;
  while (end > start && TRAIL_PUNCT.has(chunk[end - 1]!)) end--;
  if (end > start) {
    const core = start === 0 && end === chunk.length ? chunk : chunk.slice(start, end);
    // inner splits: "chopped,drained", "g/5", "cream(35%)"; keep "1/2" and "1+1/2" whole
    let from = 0;
    for (let i = 0; i < core.length; i++) {
      const ch = core[i]!;
      if (INNER_SPLIT.has(ch) && !((ch === "/" || ch === "+") && isDigit(core[i - 1]) && isDigit(core[i + 1]))) {
        if (i > from) pushWord(core.slice(from, i), out);
        out.push(ch);
        from = i + 1;
      }
    }
    if (from < core.length) pushWord(from === 0 ? core : core.slice(from), out);
  }
  for (let i = end; i < trailEnd; i++) out.push(chunk[i]!);
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
  for (const chunk of text.split(" ")) if (chunk) splitChunk(chunk, out);
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
