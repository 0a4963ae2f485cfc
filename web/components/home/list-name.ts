/**
 * The name of a new list: after its recipes when it has one or two ('Pancakes', 'Pancakes & Tomato
 * soup'), else the default 'Shopping List - ' plus the local date (docs/product/constants.md).
 *
 * @example
 * defaultListName(new Date(2025, 7, 15), "en-US") // "Shopping List - 8/15/2025"
 * listNameFor(["Pancakes", "Tomato soup"]) // "Pancakes & Tomato soup"
 */
import { LIST_NAME_MAX } from "../../../core/api/constants.ts";

export function defaultListName(date: Date = new Date(), locale?: string): string {
  return `Shopping List - ${date.toLocaleDateString(locale)}`;
}

/** One or two recipe titles joined with ' & ' when that fits a list name; else the default name. */
export function listNameFor(titles: readonly string[], date: Date = new Date(), locale?: string): string {
  const named = titles.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
  if (named.length === 0 || named.length > 2 || named.length !== titles.length) return defaultListName(date, locale);
  const joined = named.join(" & ");
  return joined.length <= LIST_NAME_MAX ? joined : defaultListName(date, locale);
}
