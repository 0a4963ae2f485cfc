/**
 * Text someone else wrote, made safe to quote in a mail (decision 0044): mail clients turn anything that looks
 * like a web or mail address into a link ('https://…', 'www.…', 'phish.example/login', 'a@b.example'), so a
 * list named 'verify at https://phish.example/login' would reach the inbox as a working link under our name.
 * Here every such address is broken the way security teams quote them ('https[:]//phish[.]example/login'):
 * still readable, never a link. One line, no control characters. Pure.
 */

/** Dots a mail client may read as a domain's dot (ASCII and the full-width and ideographic ones IDNA maps to it). */
const DOT = "[.\\u3002\\uFF0E\\uFF61]";

/** 'scheme://' and 'scheme:\\\\' (some clients read either): the colon is bracketed. */
const SCHEME = /([a-z][a-z0-9+.-]*)\s*[:\uFF1A]\s*(?=[/\\\uFF0F]{2})/giu;
/**
 * A dot between a name's letter or digit and two letters or more: every domain has one before its top-level
 * label (at least two letters); 'e.g.' and '1.5' keep theirs.
 */
const DOMAIN_DOT = new RegExp(`([\\p{L}\\p{N}_-])${DOT}(?=\\p{L}[\\p{L}\\p{M}\\p{N}-])`, "gu");
/** Dotted numbers that read as an IPv4 address (1.2.3.4): amounts never have four parts. */
const IPV4 = new RegExp(`\\d{1,3}(?:${DOT}\\d{1,3}){3}`, "gu");

/** One line of header-safe text: control and separator characters become spaces, runs of space one. */
export function oneLine(s: string): string {
  return s
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The text with every address-like part broken so no mail client makes a link of it. */
export function unlinkable(s: string): string {
  return oneLine(s)
    .replace(SCHEME, "$1[:]")
    .replace(IPV4, (ip) => ip.replace(new RegExp(DOT, "gu"), "[.]"))
    .replace(DOMAIN_DOT, "$1[.]");
}
