/**
 * The platform-free shape of a streaming extraction: selector -> handler pairs in the subset
 * that Cloudflare's HTMLRewriter (lol-html) supports. core/ never touches a platform API; a
 * driver (worker/adapters/html-rewriter.ts with the native HTMLRewriter, or
 * cli/node-html-rewriter.ts with html-rewriter-wasm) registers the plan before the first
 * byte and feeds the page.
 */

/** What a handler may read from an element. Native and wasm HTMLRewriter elements fit this. */
export interface ElementLike {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  /** Registers a callback for the element's end tag. Throws for elements with no end tag. */
  onEndTag(handler: () => void): void;
}

/** A chunk of raw (not entity-decoded) text; a text node may arrive in many chunks. */
export interface TextLike {
  readonly text: string;
  readonly lastInTextNode: boolean;
}

/** Handlers for one selector. */
export interface PlanHandlers {
  element?(element: ElementLike): void;
  text?(text: TextLike): void;
}

/** One selector and its handlers. */
export interface PlanEntry {
  selector: string;
  handlers: PlanHandlers;
}

/** Every selector -> handler pair of an extraction, registered in this order. */
export type Plan = PlanEntry[];

/** Something that can run a plan over a page's bytes (see the drivers). */
export type PlanDriver = (plan: Plan, input: string | Uint8Array) => Promise<void>;

/** Elements that never have an end tag: onEndTag must not be called for them. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
]);

/**
 * Calls `fn` at the element's end tag; returns false (and never calls it) when the
 * element has no end tag (void, self-closing in foreign content).
 */
export function onEnd(element: ElementLike, fn: () => void): boolean {
  if (VOID_ELEMENTS.has(element.tagName.toLowerCase())) return false;
  try {
    element.onEndTag(fn);
    return true;
  } catch {
    return false;
  }
}
