/**
 * The extension's `_locales/<lang>/messages.json` for every language (decision 0038), written by the
 * build from src/messages: each `{name}` becomes a named placeholder the browser fills from
 * `getMessage`'s substitutions in the English message's order (src/i18n.ts passes them that way).
 */
import { EN, type MessageKey } from "./src/messages/en.ts";
import { type Catalog, TRANSLATIONS } from "./src/messages/translations.ts";

type ChromeMessages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

function names(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
}

export function chromeMessages(catalog: Catalog): ChromeMessages {
  const out: ChromeMessages = {};
  for (const key of Object.keys(EN) as MessageKey[]) {
    const order = names(EN[key]);
    const text = catalog[key];
    if (text.includes("$")) throw new Error(`Message ${key} has a '$' (write it as a value)`);
    const own = names(text);
    if ([...own].sort().join() !== [...order].sort().join())
      throw new Error(`Message ${key} must use the values ${order.join(", ") || "(none)"}`);
    const message = text.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.toUpperCase()}$`);
    out[key] = order.length
      ? { message, placeholders: Object.fromEntries(order.map((name, i) => [name, { content: `$${i + 1}` }])) }
      : { message };
  }
  return out;
}

/** `_locales/<lang>/messages.json` → file text, for every language (English included). */
export function localeFiles(): Record<string, string> {
  const catalogs: Record<string, Catalog> = { en: EN, ...TRANSLATIONS };
  return Object.fromEntries(
    Object.entries(catalogs).map(([lang, catalog]) => [
      `_locales/${lang}/messages.json`,
      `${JSON.stringify(chromeMessages(catalog), null, 2)}\n`,
    ]),
  );
}
