/**
 * The extension's words in the browser's language: `chrome.i18n` (`browser.i18n` in Firefox) reads
 * the build's `_locales/<lang>/messages.json` (extension/locales.ts); English where a language or the
 * API is missing (unit tests run without it).
 */
import { EN, type MessageKey } from "./messages/en.ts";

interface I18nApi {
  getMessage(key: string, substitutions?: string[]): string;
  getUILanguage?(): string;
}

function api(): I18nApi | undefined {
  const g = globalThis as { chrome?: { i18n?: I18nApi }; browser?: { i18n?: I18nApi } };
  return g.chrome?.i18n ?? g.browser?.i18n;
}

/** The names of a message's values, in the order the browser's API takes them ($1, $2, …). */
export function messageValues(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
}

export function t(key: MessageKey, values: Readonly<Record<string, string>> = {}): string {
  const english = EN[key];
  const substitutions = messageValues(english).map((name) => values[name] ?? "");
  const local = api()?.getMessage(key, substitutions);
  if (local) return local;
  return english.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
}

const MARK = "\u0001";

/** A message around one value that is shown as an element (a bold address): the text before and after it. */
export function tAround(key: MessageKey, name: string, values: Readonly<Record<string, string>> = {}): [string, string] {
  const text = t(key, { ...values, [name]: MARK });
  const at = text.indexOf(MARK);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + MARK.length)];
}

/** The language the pages are written in, for `<html lang>`. */
export function uiLanguage(): string {
  return api()?.getUILanguage?.() ?? "en";
}
