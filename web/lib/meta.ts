/**
 * Per-page <title>, description and robots (SPEC §2): every route's `meta` export calls
 * `pageMeta`. Public pages are "index, follow"; personal ones pass `personal: true` and get
 * "noindex, nofollow".
 *
 * @example
 * export const meta = () => pageMeta({ title: "Help Center", description: "Answers to…" });
 */
export const SITE_NAME = "recipecart";

export type MetaDescriptor = { title: string } | { name: string; content: string } | { property: string; content: string };

export interface PageMetaInput {
  /** Page name; " | recipecart" is appended unless it already names the site. */
  title: string;
  description: string;
  /** Pages with personal data (dashboard, favourites, history, lists) stay out of search. */
  personal?: boolean;
  /** Keep out of search without being personal (e.g. the 404 page). */
  noindex?: boolean;
}

export const ROBOTS_INDEX = "index, follow";
export const ROBOTS_NOINDEX = "noindex, nofollow";

/** The meta descriptors for one page. */
export function pageMeta({ title, description, personal = false, noindex = false }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title.toLowerCase().includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { name: "robots", content: personal || noindex ? ROBOTS_NOINDEX : ROBOTS_INDEX },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
  ];
}
