/**
 * The platform-free shape of a streaming extraction: selector -> handler pairs in the subset
 * that Cloudflare's HTMLRewriter (lol-html) supports. core/ never touches a platform API; a
 * driver (worker/adapters/html-rewriter.ts with the native HTMLRewriter, or
 * node/html-rewriter.ts with html-rewriter-wasm) registers the plan before the first
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

/**
 * Something that can run a plan over a page's bytes (see the drivers). `isDone`, when given,
 * may be checked between chunks: once it returns true the rest of the page can be skipped.
 */
export type PlanDriver = (plan: Plan, input: string | Uint8Array, isDone?: () => boolean) => Promise<void>;

/** Elements that never have an end tag: onEndTag must not be called for them. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
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

/** The attribute names a selector tests ("[class*=x] li, [id*=x] li" -> class, id). */
function selectorAttributes(selector: string): readonly string[] {
  let attrs = SELECTOR_ATTRIBUTES.get(selector);
  if (!attrs) {
    attrs = [...new Set([...selector.matchAll(/\[\s*([^\s~|^$*=\]]+)/g)].map((m) => (m[1] ?? "").toLowerCase()))];
    SELECTOR_ATTRIBUTES.set(selector, attrs);
  }
  return attrs;
}
const SELECTOR_ATTRIBUTES = new Map<string, readonly string[]>();

/**
 * The tag names a selector's subjects can have ("[class*=x] li, [id*=x] li" -> li), or null
 * when some alternative's subject has no tag name (it can match any element).
 */
function selectorSubjectTags(selector: string): ReadonlySet<string> | null {
  const cached = SUBJECT_TAGS.get(selector);
  if (cached !== undefined) return cached;
  let tags: Set<string> | null = new Set();
  for (const alternative of selector.split(",")) {
    const subject =
      alternative
        .trim()
        .split(/[\s>+~]+/)
        .pop() ?? "";
    const tag = /^[a-zA-Z][\w-]*/.exec(subject)?.[0];
    if (!tag) {
      tags = null;
      break;
    }
    tags.add(tag.toLowerCase());
  }
  SUBJECT_TAGS.set(selector, tags);
  return tags;
}
const SUBJECT_TAGS = new Map<string, ReadonlySet<string> | null>();

/**
 * An element as the handlers see it: its tag name and attributes are read from the runtime
 * once (each read crosses into lol-html and decodes a string) and then served from here.
 */
class CachedElement implements ElementLike {
  readonly el: ElementLike;
  /** The plan entry whose handler got this element. */
  readonly index: number;
  #share: (self: CachedElement, fn: () => void) => void;
  #tag: string | null = null;
  /** Attribute names and values read so far, alternating (allocated on the first read). */
  #cache: Array<string | null> | null = null;
  constructor(el: ElementLike, index: number, share: (self: CachedElement, fn: () => void) => void) {
    this.el = el;
    this.index = index;
    this.#share = share;
  }
  onEndTag(fn: () => void): void {
    this.#share(this, fn);
  }
  get tagName(): string {
    return (this.#tag ??= this.el.tagName);
  }
  getAttribute(name: string): string | null {
    const cache = (this.#cache ??= []);
    for (let i = 0; i < cache.length; i += 2) if (cache[i] === name) return cache[i + 1] ?? null;
    const v = this.el.getAttribute(name);
    cache.push(name, v);
    return v;
  }
}

/** What withSharedEndTags works out from a plan's selectors, by plan shape (the same for every page). */
type PlanShape = {
  withElement: Array<{ i: number; attrs: readonly string[]; tags: ReadonlySet<string> | null }>;
  laterByTag: Array<Map<string, readonly string[]>>;
};
const PLAN_SHAPES = new Map<string, PlanShape>();
const MAX_CACHED_TAGS = 256;

/**
 * Makes several handlers of one element share its end tag. html-rewriter-wasm keeps only the
 * last onEndTag callback of an element, so when two selectors match the same element (an h1
 * with itemprop="name") the first would never hear its end tag. The wrapper registers one
 * real callback per element and runs every registered function in order.
 *
 * Handlers of one element run back to back in plan order, so a new element starts when a
 * handler's index is not after the previous one's, or the tag/attributes differ. Only the
 * attributes that later selectors test are compared: an element whose handlers started at
 * entry p can only be followed by a different element, with a later entry c and nothing in
 * between, when that element matches c and this one does not, so it differs in its tag, its
 * ancestors (then this element is the ancestor that entry c's descendant part tests) or an
 * attribute entry c tests; and when both have the same tag, entry c's subject must allow that
 * tag (an h2 cannot be confused with a later "... li" entry's element). Reading fewer attributes
 * saves a call into the runtime per element (the fallback plan's selectors test none: its
 * elements are told apart by tag name alone).
 * `isFrozen` (optional) silences every handler and end-tag callback once it returns true.
 */
export function withSharedEndTags(plan: Plan, isFrozen: () => boolean = () => false): Plan {
  let lastIndex = -1;
  type Group = { fns: Array<() => void>; state: "ok" | "failed"; tag: string; print: string; attrs: readonly string[] };
  let group: Group | null = null;
  // the later entries with element handlers, and per entry and tag name: the attributes tested by
  // those of them whose subject can have that tag (worked out once per plan shape, not per page)
  const shapeKey = plan.map((e) => (e.handlers.element ? "e " : "t ") + e.selector).join("\n");
  let shape = PLAN_SHAPES.get(shapeKey);
  if (!shape) {
    shape = {
      withElement: plan
        .map((e, i) => ({ i, attrs: selectorAttributes(e.selector), tags: selectorSubjectTags(e.selector), el: !!e.handlers.element }))
        .filter((e) => e.el),
      laterByTag: plan.map(() => new Map<string, readonly string[]>()),
    };
    PLAN_SHAPES.set(shapeKey, shape);
  }
  const { withElement, laterByTag } = shape;
  const later = (index: number, tag: string): readonly string[] => {
    const byTag = laterByTag[index];
    if (!byTag) return [];
    let attrs = byTag.get(tag);
    if (!attrs) {
      const set = new Set<string>();
      const lower = tag.toLowerCase();
      for (const e of withElement) if (e.i > index && (!e.tags || e.tags.has(lower))) for (const a of e.attrs) set.add(a);
      attrs = [...set];
      // pages bring arbitrary (custom element) tag names: a long-lived isolate keeps at most
      // MAX_CACHED_TAGS per entry, the rest are worked out per element
      if (byTag.size < MAX_CACHED_TAGS) byTag.set(tag, attrs);
    }
    return attrs;
  };
  const print = (el: ElementLike, attrs: readonly string[]) => {
    let s = "";
    for (const a of attrs) s += "\u0000" + (el.getAttribute(a) ?? "\u0001");
    return s;
  };
  // one function for every element's onEndTag (no closure per element)
  const share = (wrapped: CachedElement, fn: () => void): void => {
    if (group && (group.tag !== wrapped.tagName || group.print !== print(wrapped, group.attrs))) group = null;
    if (!group) {
      const tag = wrapped.tagName;
      const attrs = later(wrapped.index, tag);
      const g: Group = { fns: [], state: "ok", tag, print: print(wrapped, attrs), attrs };
      try {
        wrapped.el.onEndTag(() => {
          if (isFrozen()) return;
          for (const f of g.fns) f();
        });
      } catch (err) {
        g.state = "failed";
        group = g;
        throw err;
      }
      group = g;
    }
    if (group.state === "failed") throw new Error("no end tag");
    group.fns.push(fn);
  };
  return plan.map((entry, index) => {
    const element = entry.handlers.element;
    const text = entry.handlers.text;
    const handlers: PlanHandlers = {};
    if (text) {
      handlers.text = (t) => {
        if (!isFrozen()) text(t);
      };
    }
    if (element) {
      handlers.element = (el: ElementLike) => {
        if (isFrozen()) return;
        // handlers of one element run in plan order: an index not after the last one is a new element
        if (index <= lastIndex) group = null;
        lastIndex = index;
        element(new CachedElement(el, index, share));
      };
    }
    return { selector: entry.selector, handlers };
  });
}
