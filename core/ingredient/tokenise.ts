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
  const lead: string[] = [];
  while (start < end && LEAD_PUNCT.has(chunk[start]!) && !(chunk[start] === "-" && isDigit(chunk[start + 1]) && start + 1 === end - 1)) {
    lead.push(chunk[start]!);
    start++;
  }
  const trail: string[] = [];
  while (end > start && TRAIL_PUNCT.has(chunk[end - 1]!)) {
    // keep the dot of a decimal that ends a chunk? ("1." is rare); keep "'" inside words like "chefs'"
    trail.push(chunk[end - 1]!);
    end--;
  }
  for (const p of lead) out.push(p);
  if (end > start) {
    const core = chunk.slice(start, end);
    // inner splits: "chopped,drained", "g/5", "cream(35%)"; keep "1/2" and "and/or" sensibly
    let piece = "";
    for (let i = 0; i < core.length; i++) {
      const ch = core[i]!;
      if (INNER_SPLIT.has(ch) && !((ch === "/" || ch === "+") && isDigit(core[i - 1]) && isDigit(core[i + 1]))) {
        if (piece) pushWord(piece, out);
        out.push(ch);
        piece = "";
      } else piece += ch;
    }
    if (piece) pushWord(piece, out);
  }
  for (let i = trail.length - 1; i >= 0; i--) out.push(trail[i]!);
}

function pushWord(w: string, out: string[]): void {
  const m = NUM_HYPHEN_WORD_RE.exec(w);
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
