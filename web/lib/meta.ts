/**
 * Per-page <title>, description, robots and canonical link (docs/product/screens.md): every route's `meta` export
 * calls `pageMeta`. Public pages are "index, follow" and pass their absolute address as
 * `canonical` (`canonicalUrl(args)`, from the site origin the root loader gives); personal ones
 * pass `personal: true` and get "noindex, nofollow".
 *
 * @example
 * export const meta: Route.MetaFunction = (args) =>
 *   pageMeta({ title: "Help Center", description: "Answers to…", canonical: canonicalUrl(args) });
 */
import { DEFAULT_LOCALE, isLocale, localePath } from "../i18n/locales.ts";

export const SITE_NAME = "recipecart";

export type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string };

export interface PageMetaInput {
  /** Page name; " | recipecart" is appended unless it already names the site. */
  title: string;
  description: string;
  /** Pages with personal data (dashboard, favourites, history, lists) stay out of search. */
  personal?: boolean;
  /** Keep out of search without being personal (e.g. the 404 page). */
  noindex?: boolean;
  /** Absolute address of the page without query or fragment (public pages): rel=canonical and og:url. */
  canonical?: string;
}

export const ROBOTS_INDEX = "index, follow";
export const ROBOTS_NOINDEX = "noindex, nofollow";

/** The meta descriptors for one page. */
export function pageMeta({ title, description, personal = false, noindex = false, canonical }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title.toLowerCase().includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const indexable = !personal && !noindex;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { name: "robots", content: personal || noindex ? ROBOTS_NOINDEX : ROBOTS_INDEX },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    // A page kept out of search names no canonical address (it must not point search engines anywhere).
    ...(indexable && canonical
      ? [{ tagName: "link", rel: "canonical", href: canonical } as const, { property: "og:url", content: canonical }]
      : []),
  ];
}

/** What `canonicalUrl` reads from a route's MetaArgs. */
export interface CanonicalArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/**
 * The page's absolute address for rel=canonical: the site origin from the root loader's data
 * (APP_ORIGIN; no canonical link without it) plus the path, without query or fragment.
 *
 * @example
 * canonicalUrl({ location: { pathname: "/help" }, matches: [{ id: "root", loaderData: { origin: "https://recipecart.example" } }] })
 * // "https://recipecart.example/help"
 */
export function canonicalUrl({ location, matches }: CanonicalArgs): string | undefined {
  const data = matches.find((m) => m?.id === "root")?.loaderData as { origin?: unknown; locale?: unknown } | undefined;
  if (typeof data?.origin !== "string" || !data.origin) return undefined;
  // The router's path has no language prefix (it is the basename, decision 0038): each language's page is its own canonical.
  return new URL(localePath(isLocale(data.locale) ? data.locale : DEFAULT_LOCALE, location.pathname), data.origin).href;
}
