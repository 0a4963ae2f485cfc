/** What the collector (core/extract/collect.ts) gathers from one page, for the extraction rules. */
import type { Json, JsonObject } from "./json-ld.ts";

/** Everything collected from one page. */
export interface PageData {
  lang: string | null;
  titleTag: string;
  /** First content per lower-cased meta key (property, name or itemprop). */
  metas: Map<string, string>;
  canonical: string | null;
  ldBlocks: string[];
  micro: MicroProp[];
  outline: OutlineItem[];
  /** Every heading and list item, from the fallback pass (empty until it runs). */
  fallbackOutline: OutlineItem[];
  /** Class names of the ingredient containers by id (for plugin detection). */
  containers: Map<number, string>;
  /** Parsed values of each ld+json block (same order as ldBlocks), parsed as each block ends. */
  ldValues: Json[][];
  /** The object nodes of each ld+json block (collectNodes, same order as ldBlocks): walked once, here. */
  ldNodes: JsonObject[][];
  /** A complete ld+json block held a Recipe with ingredients. */
  ldHasRecipe: boolean;
  /** An ingredient container with two or more list items has closed. */
  containerDone: boolean;
  /**
   * Everything the rules can use has been seen (a JSON-LD Recipe and the recipe card's
   * ingredient container): later events are ignored, so a driver may stop feeding the page.
   * Set at a definite event, so the result does not depend on chunking.
   */
  frozen: boolean;
  /** Collected in one pass ("all"): the generic outline is in `outline`. */
  singlePass: boolean;
  /** Social posts only: caption-like strings found in the page's inline JSON ("shortDescription", ...). */
  embeddedCaptions: string[];
  /** Social posts only: the text of the visible caption elements of a rendered page (raw, see core/social/sources.ts). */
  visibleCaptions: string[];
}

/** One microdata/RDFa property value, in document order. */
export interface MicroProp {
  prop: string;
  value: string;
  /** Inside an itemscope/typeof whose type is a Recipe. */
  inRecipe: boolean;
  /** Id of the innermost Recipe scope (0 when none). */
  recipeScope: number;
  /** The innermost item scope is the Recipe itself (not an author, rating, ...). */
  direct: boolean;
}

/** One item of the visible outline. */
export interface OutlineItem {
  /** "h": heading (level 1-6; 7 = a plugin's group-name element), "li": list item, "ul": a list starts, "p": a paragraph (fallback pass; "<br>" becomes "\n"). */
  kind: "h" | "li" | "ul" | "p";
  level: number;
  /** Raw text (entities not yet decoded). */
  text: string;
  /** Id of the outermost open ingredient container, 0 when none. */
  container: number;
  /** Nesting depth of lists at this point. */
  listDepth: number;
  /** Class attribute of the element inside ingredient containers (lower-cased, trimmed), else "". */
  cls: string;
  /** A list item that holds a nested list: its own text is a group heading ("Seasonings"). */
  hasSublist: boolean;
  /** A one-line ingredient row (an element with an "ingredient" row class and no list items). */
  row?: boolean;
  /** Paragraphs (fallback pass): the text inside <strong>/<b>, to tell a bold group name. */
  bold?: string;
}
