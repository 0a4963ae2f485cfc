/**
 * Messages with values put in: `{name}` for a value, and `{count, plural, one {# list} other {# lists}}`
 * for words that follow a number (the CLDR plural categories of the language through Intl.PluralRules,
 * `=0`-style exact matches first, `#` for the number written the language's way). A small subset of ICU
 * MessageFormat, enough for the product's texts, at a fraction of a library's weight.
 */
import { INTL_TAG, type Locale } from "./locales.ts";

export type Values = Readonly<Record<string, string | number>>;

/** Index just past the `}` that closes the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i + 1;
  }
  throw new Error(`Unclosed '{' in message: ${text}`);
}

function plural(body: string, count: number, locale: Locale): string {
  const options = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const start = body.indexOf("{", i);
    if (start < 0) break;
    const end = closing(body, start);
    options.set(body.slice(i, start).trim(), body.slice(start + 1, end - 1));
    i = end;
  }
  const category = new Intl.PluralRules(INTL_TAG[locale]).select(count);
  const chosen = options.get(`=${count}`) ?? options.get(category) ?? options.get("other");
  if (chosen === undefined) throw new Error(`No 'other' case in plural: ${body}`);
  return chosen.replaceAll("#", new Intl.NumberFormat(INTL_TAG[locale]).format(count));
}

export function formatMessage(template: string, values: Values, locale: Locale): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    const end = closing(template, open);
    const inner = template.slice(open + 1, end - 1);
    const comma = inner.indexOf(",");
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const value = values[name];
    if (value === undefined) throw new Error(`Message needs a value for '${name}': ${template}`);
    if (comma < 0) out += typeof value === "number" ? new Intl.NumberFormat(INTL_TAG[locale]).format(value) : value;
    else {
      const rest = inner.slice(comma + 1);
      const kind = rest.slice(0, rest.indexOf(",")).trim();
      if (kind !== "plural") throw new Error(`Unknown message argument '${kind}': ${template}`);
      out += plural(rest.slice(rest.indexOf(",") + 1), Number(value), locale);
    }
    i = end;
  }
  return out;
}

/** The values a message asks for at its top level (a plural's count, plain values), to check every language asks for the same. */
export function messageArguments(template: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < template.length; i++) {
    if (template[i] === "{") {
      if (depth === 0) {
        const m = /^\{\s*([A-Za-z_][\w]*)/.exec(template.slice(i));
        if (m?.[1]) names.add(m[1]);
      }
      depth++;
    } else if (template[i] === "}") depth--;
  }
  return [...names].sort();
}
