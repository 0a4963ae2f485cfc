/**
 * Text cleanup for extracted recipe strings. Keeps what the author wrote (fractions as
 * written, no reformatting) but decodes character references, drops HTML tags, collapses
 * whitespace and unwraps WP Recipe Maker's doubled note parentheses ("((note))" -> "(note)").
 */

const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", ensp: "\u2002", emsp: "\u2003",
  thinsp: "\u2009", hairsp: "\u200a", zwnj: "\u200c", zwj: "\u200d", lrm: "\u200e", rlm: "\u200f", shy: "\u00ad",
  ndash: "\u2013", mdash: "\u2014", minus: "\u2212", hyphen: "\u2010", dash: "\u2010",
  lsquo: "\u2018", rsquo: "\u2019", sbquo: "\u201a", ldquo: "\u201c", rdquo: "\u201d", bdquo: "\u201e",
  laquo: "\u00ab", raquo: "\u00bb", lsaquo: "\u2039", rsaquo: "\u203a", prime: "\u2032", Prime: "\u2033",
  hellip: "\u2026", mldr: "\u2026", bull: "\u2022", middot: "\u00b7", centerdot: "\u00b7", deg: "\u00b0",
  frac12: "\u00bd", half: "\u00bd", frac14: "\u00bc", frac34: "\u00be", frac13: "\u2153", frac23: "\u2154",
  frac15: "\u2155", frac25: "\u2156", frac35: "\u2157", frac45: "\u2158", frac16: "\u2159", frac56: "\u215a",
  frac18: "\u215b", frac38: "\u215c", frac58: "\u215d", frac78: "\u215e", frasl: "\u2044",
  times: "\u00d7", divide: "\u00f7", plusmn: "\u00b1", copy: "\u00a9", reg: "\u00ae", trade: "\u2122",
  euro: "\u20ac", pound: "\u00a3", cent: "\u00a2", yen: "\u00a5", sect: "\u00a7", para: "\u00b6",
  micro: "\u00b5", ordm: "\u00ba", ordf: "\u00aa", sup1: "\u00b9", sup2: "\u00b2", sup3: "\u00b3",
  iexcl: "\u00a1", iquest: "\u00bf", acute: "\u00b4", uml: "\u00a8", cedil: "\u00b8", macr: "\u00af",
  szlig: "\u00df", aelig: "\u00e6", AElig: "\u00c6", oelig: "\u0153", OElig: "\u0152", oslash: "\u00f8",
  Oslash: "\u00d8", aring: "\u00e5", Aring: "\u00c5", eth: "\u00f0", ETH: "\u00d0", thorn: "\u00fe",
  THORN: "\u00de", ccedil: "\u00e7", Ccedil: "\u00c7", ntilde: "\u00f1", Ntilde: "\u00d1",
  scaron: "\u0161", Scaron: "\u0160", star: "\u2606", starf: "\u2605", check: "\u2713", rarr: "\u2192",
  larr: "\u2190", comma: ",", period: ".", colon: ":", semi: ";", excl: "!", quest: "?", num: "#",
  percnt: "%", lpar: "(", rpar: ")", sol: "/", bsol: "\\", ast: "*", plus: "+", equals: "=", commat: "@",
  lsqb: "[", rsqb: "]", lcub: "{", rcub: "}", verbar: "|", grave: "`", dollar: "$", Hat: "^", lowbar: "_",
};
// Accented Latin letters: &eacute; &Agrave; &ouml; ... built from the base letter and the accent name.
const ACCENTS: Record<string, string> = {
  acute: "\u0301", grave: "\u0300", circ: "\u0302", uml: "\u0308", tilde: "\u0303", ring: "\u030a", cedil: "\u0327",
};
// Windows-1252 remapping for numeric references in 0x80-0x9F, as browsers do.
const CP1252: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x2c6,
  0x89: 0x2030, 0x8a: 0x160, 0x8b: 0x2039, 0x8c: 0x152, 0x8e: 0x17d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x2dc, 0x99: 0x2122, 0x9a: 0x161, 0x9b: 0x203a,
  0x9c: 0x153, 0x9e: 0x17e, 0x9f: 0x178,
};

function named(name: string): string | undefined {
  const direct = NAMED[name];
  if (direct !== undefined) return direct;
  const m = /^([A-Za-z])(acute|grave|circ|uml|tilde|ring|cedil)$/.exec(name);
  const letter = m?.[1];
  const accent = m?.[2];
  if (letter && accent) return (letter + ACCENTS[accent]).normalize("NFC");
  return undefined;
}

const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?/g;

/** Decodes HTML character references once (numeric, hex and the common named ones). */
export function decodeEntities(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(ENTITY, (m, body: string) => {
    if (body[0] === "#") {
      let cp = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      cp = CP1252[cp] || cp;
      if (!cp || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "\uFFFD";
      return String.fromCodePoint(cp);
    }
    // Without the ";" only the classic short names are references (as in browsers' legacy table).
    if (!m.endsWith(";") && !/^(amp|lt|gt|quot|nbsp)$/.test(body)) return m;
    const v = named(body);
    return v === undefined ? m : v;
  });
}

/**
 * Repairs UTF-8 text that was decoded as Latin-1/Windows-1252 somewhere upstream
 * ("1Â¼ cups", "crÃ¨me"): re-encodes the Latin-1 range as bytes and decodes them as UTF-8,
 * but only when every such sequence decodes cleanly.
 */
export function fixMojibake(s: string): string {
  if (!/[\u00c2-\u00f4][\u0080-\u00bf]/.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xc2 && c <= 0xf4) {
      const need = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
      let cp = c & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
      let ok = i + need < s.length + 0;
      for (let k = 1; ok && k <= need; k++) {
        const b = s.charCodeAt(i + k);
        if (!(b >= 0x80 && b <= 0xbf)) ok = false;
        else cp = (cp << 6) | (b & 0x3f);
      }
      if (ok && cp >= 0x80) {
        out += String.fromCodePoint(cp);
        i += need;
        continue;
      }
      // a lone "Â" before a no-break space or similar: keep scanning, but the text is not mojibake
      if (c !== 0xc2 && c !== 0xc3) return s;
    }
    out += s[i];
  }
  return out;
}

/** Collapses every run of whitespace (incl. no-break spaces) to one space and trims. */
export function collapseWhitespace(s: string): string {
  // most strings from structured data are already clean: testing is cheaper than rebuilding them
  // (\s and trim() know the same characters, so a string with no whitespace but single inner
  // spaces comes out unchanged)
  if (!WHITESPACE_TO_COLLAPSE.test(s)) return s;
  return s.replace(/[\s\u00a0\u200b\ufeff]+/g, " ").trim();
}

/** Anything collapseWhitespace would change: whitespace other than a space, a zero-width space, two spaces, a space at either end. */
const WHITESPACE_TO_COLLAPSE = /[^\S ]|\u200b| {2}|^ | $/;

const BLOCK_TAG = /<br\s*\/?>|<\/?(?:p|div|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote)\b[^>]*>/gi;

/** Removes HTML tags from a string (block tags and <br> become a space, inline tags vanish). */
export function stripTags(s: string): string {
  if (s.indexOf("<") < 0) return s;
  return s.replace(BLOCK_TAG, " ").replace(/<\/?[A-Za-z][^<>]*>/g, "").replace(/<!--[\s\S]*?-->/g, "");
}

/**
 * Unwraps doubled parentheses "((note))" -> "(note)" (WP Recipe Maker wraps notes in
 * parentheses even when the author already did): the outer pair goes when its content both
 * starts and ends with a parenthesis ("((a) (b))" -> "(a) (b)"). "((3/4 cup) frozen)" stays.
 */
export function unwrapDoubleParens(s: string): string {
  if (s.indexOf("((") < 0) return s;
  let out = s;
  for (let guard = 0; guard < 10; guard++) {
    const i = findDoubleParen(out);
    if (!i) break;
    out = out.slice(0, i.open) + out.slice(i.open + 1, i.close) + out.slice(i.close + 1);
  }
  return out;
}

function findDoubleParen(s: string): { open: number; close: number } | null {
  for (let i = s.indexOf("(("); i >= 0; i = s.indexOf("((", i + 1)) {
    const outerClose = matchParen(s, i);
    // the outer pair only wraps notes that are themselves in parentheses: "((a))", "((a) (b))"
    if (outerClose > 0 && s[outerClose - 1] === ")") return { open: i, close: outerClose };
  }
  return null;
}

function matchParen(s: string, open: number): number {
  let depth = 0;
  for (let j = open; j < s.length; j++) {
    const c = s[j];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return j;
  }
  return -1;
}

const LEADING_BULLETS = /^[\s\u2022\u00b7\u25aa\u25ab\u25cf\u25cb\u25e6\u25a0\u25a1\u25a2\u25a3\u2610\u2611\u2612\u2713\u2714\u2605\u2606*\u25ba\u25b8\u25b6\u27a2\u27a4]+/;

/**
 * Cleans one string taken from markup or structured data: tags out, references decoded,
 * whitespace collapsed, "((note))" unwrapped, leading checkbox/bullet glyphs dropped.
 */
export function cleanText(raw: unknown): string {
  if (raw == null) return "";
  let s = typeof raw === "string" ? raw : typeof raw === "number" ? String(raw) : "";
  if (!s) return "";
  s = fixMojibake(s);
  s = stripTags(s);
  s = decodeEntities(s);
  // Double-escaped text ("&amp;#39;") is common in JSON-LD written by hand-rolled templates.
  if (s.indexOf("&") >= 0 && /&(#\d{2,7}|#x[0-9a-f]{2,6}|[a-z]{2,8});/i.test(s)) s = decodeEntities(s);
  s = collapseWhitespace(s);
  s = unwrapDoubleParens(s);
  return s.replace(LEADING_BULLETS, "");
}

/** Cleans an ingredient line (the same rules as cleanText; kept separate so line-only rules have a home). */
export function cleanLine(raw: unknown): string {
  return cleanText(raw);
}
