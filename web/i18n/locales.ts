/**
 * The languages recipecart speaks and how a request finds its own: English (the default, US customary
 * units, addresses as they are) and German, French, Spanish, Italian, Dutch and Portuguese (metric,
 * addresses under `/de/…`, `/fr/…`). Pure: no platform API beyond `Intl`.
 */

export const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pt"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The `Intl` tag each language formats numbers and dates with. */
export const INTL_TAG: Readonly<Record<Locale, string>> = {
  en: "en-US",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  it: "it-IT",
  nl: "nl-NL",
  pt: "pt-PT",
};

/** Each language's own name, as the language menu lists it. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
  pt: "Português",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The unit family amounts are shown in unless the reader chose otherwise on the list page. */
export function defaultUnitsFor(locale: Locale): "us" | "metric" {
  return locale === "en" ? "us" : "metric";
}

/**
 * The best of our languages for an `Accept-Language` header (HTTP language ranges with q weights): highest weight first,
 * the header's order among equals, a regional tag matching its language (`de-AT` → de), `q=0` never;
 * English when nothing matches.
 *
 * @example
 * negotiateLocale("fr-CH, fr;q=0.9, en;q=0.8") // "fr"
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranges) {
    const language = r.tag.split("-")[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/**
 * Splits a path into its language and the path English uses: `/de/help` → de, `/help`; `/help` → en.
 * A language prefix is only ever a whole first segment (`/design` is English).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] || "/" };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/** The address of an English path in a language: `/help` in de → `/de/help`; `/` in de → `/de/`. */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === "/" ? `/${locale}/` : `/${locale}${clean}`;
}

/**
 * `<link rel="alternate" hreflang>` targets for a page in every language plus `x-default` (the English
 * address, which picks a language for a first visit), absolute on `origin`.
 */
export function alternateLinks(path: string, origin: string): { hreflang: string; href: string }[] {
  const base = origin.replace(/\/+$/, "");
  const links: { hreflang: string; href: string }[] = LOCALES.map((locale) => ({
    hreflang: locale,
    href: `${base}${localePath(locale, path)}`,
  }));
  links.push({ hreflang: "x-default", href: `${base}${localePath(DEFAULT_LOCALE, path)}` });
  return links;
}
