/**
 * The default name of a new list in each language: the product's 'Shopping List - 11/27/2026' in
 * English (docs/product/constants.md, exact), and each language's own words and date form elsewhere
 * ('Einkaufsliste – 27.11.2026').
 */
import { INTL_TAG, type Locale } from "./locales.ts";

const WORDS: Readonly<Record<Locale, string>> = {
  en: "Shopping List",
  de: "Einkaufsliste",
  fr: "Liste de courses",
  es: "Lista de la compra",
  it: "Lista della spesa",
  nl: "Boodschappenlijst",
  pt: "Lista de compras",
};

export function localDefaultListName(locale: Locale, date: Date = new Date()): string {
  const day = date.toLocaleDateString(INTL_TAG[locale], {
    day: locale === "en" ? "numeric" : "2-digit",
    month: locale === "en" ? "numeric" : "2-digit",
    year: "numeric",
  });
  return locale === "en" ? `${WORDS.en} - ${day}` : `${WORDS[locale]} – ${day}`;
}
