/**
 * The streaming half of extraction: HTMLRewriter handlers that collect, in one pass and
 * independent of how the bytes are chunked, the few things the recipe rules need:
 * head metadata, ld+json blocks, microdata/RDFa properties and a thin outline of the
 * visible page (headings and list items, marked when inside an "ingredient" container).
 * No DOM is built; everything is plain strings in arrays.
 */
import { onEnd, withSharedEndTags, type ElementLike, type Plan, type TextLike } from "./plan.ts";

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
  /** "h": heading (level 1-6; 7 = a plugin's group-name element), "li": list item, "ul": a list starts. */
  kind: "h" | "li" | "ul";
  level: number;
  /** Raw text (entities not yet decoded). */
  text: string;
  /** Id of the outermost open ingredient container, 0 when none. */
  container: number;
  /** Nesting depth of lists at this point. */
  listDepth: number;
  /** Class attribute of the element (lower-cased, trimmed to 200 chars). */
  cls: string;
}

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
  /** Class names of the ingredient containers by id (for plugin detection). */
  containers: Map<number, string>;
}

const TEXT_CAP = 20000;

interface Capture {
  text: string;
  done: boolean;
}

/** Creates the collecting handlers and the object they fill. */
export function createCollector(): { plan: Plan; data: PageData } {
  const data: PageData = {
    lang: null,
    titleTag: "",
    metas: new Map(),
    canonical: null,
    ldBlocks: [],
    micro: [],
    outline: [],
    containers: new Map(),
  };

  // ---- head ----
  let titleDone = false;
  let inTitle = false;
  const head: Plan = [
    {
      selector: "html",
      handlers: {
        element(el) {
          if (data.lang === null) data.lang = el.getAttribute("lang") ?? el.getAttribute("xml:lang");
        },
      },
    },
    {
      selector: "title",
      handlers: {
        element(el) {
          if (titleDone) return;
          inTitle = true;
          if (!onEnd(el, () => ((inTitle = false), (titleDone = true)))) inTitle = false;
        },
        text(t) {
          if (inTitle && data.titleTag.length < 2000) data.titleTag += t.text;
        },
      },
    },
    {
      selector: "meta",
      handlers: {
        element(el) {
          const key = el.getAttribute("property") ?? el.getAttribute("name") ?? el.getAttribute("itemprop");
          const content = el.getAttribute("content");
          if (!key || content == null) return;
          const k = key.trim().toLowerCase();
          if (!data.metas.has(k)) data.metas.set(k, content);
        },
      },
    },
    {
      selector: "link[rel]",
      handlers: {
        element(el) {
          if (data.canonical !== null) return;
          const rel = (el.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
          if (rel.includes("canonical")) data.canonical = el.getAttribute("href");
        },
      },
    },
  ];

  // ---- JSON-LD ----
  let ld = "";
  let ldOpen = false;
  const jsonLd: Plan = [
    {
      selector: 'script[type*="ld+json" i]',
      handlers: {
        element(el) {
          ld = "";
          ldOpen = true;
          onEnd(el, () => {
            if (ldOpen) data.ldBlocks.push(ld);
            ldOpen = false;
            ld = "";
          });
        },
        text(t) {
          if (ldOpen) ld += t.text;
        },
      },
    },
  ];

  // ---- microdata / RDFa ----
  const scopes: boolean[] = [];
  let recipeDepth = 0;
  let scopeCounter = 0;
  const recipeScopeIds: number[] = [];
  const openProps: Array<{ prop: string[]; cap: Capture; inRecipe: boolean; scope: number }> = [];
  const pushScope = (el: ElementLike, type: string | null) => {
    const isRecipe = !!type && /recipe\b/i.test(type) && !/recipes?\s*(collection|list)/i.test(type);
    const ok = onEnd(el, () => {
      const r = scopes.pop();
      if (r) {
        recipeDepth--;
        recipeScopeIds.pop();
      }
    });
    if (!ok) return;
    scopes.push(isRecipe);
    if (isRecipe) {
      recipeDepth++;
      recipeScopeIds.push(++scopeCounter);
    }
  };
  const startProp = (el: ElementLike, names: string[]) => {
    const inRecipe = recipeDepth > 0;
    const scope = recipeScopeIds.length ? recipeScopeIds[recipeScopeIds.length - 1] : 0;
    const direct = scopes.length > 0 && scopes[scopes.length - 1];
    const tag = el.tagName.toLowerCase();
    const attr =
      el.getAttribute("content") ??
      (tag === "img" || tag === "source" ? el.getAttribute("src") : null) ??
      (tag === "a" || tag === "link" ? el.getAttribute("href") : null) ??
      (tag === "time" ? el.getAttribute("datetime") : null) ??
      (tag === "meta" ? "" : null);
    if (attr !== null) {
      for (const prop of names) data.micro.push({ prop, value: attr, inRecipe, recipeScope: scope, direct });
      return;
    }
    const cap: Capture = { text: "", done: false };
    const entry = { prop: names, cap, inRecipe, scope };
    const ok = onEnd(el, () => {
      cap.done = true;
      const i = openProps.lastIndexOf(entry);
      if (i >= 0) openProps.splice(i, 1);
      for (const prop of names) data.micro.push({ prop, value: cap.text, inRecipe, recipeScope: scope, direct });
    });
    if (ok) openProps.push(entry);
  };
  const propText = (t: TextLike) => {
    if (!openProps.length) return;
    const s = t.text;
    if (!s) return;
    for (const p of openProps) if (p.cap.text.length < TEXT_CAP) p.cap.text += s;
  };
  const microdata: Plan = [
    {
      selector: "[itemscope]",
      handlers: { element: (el) => pushScope(el, el.getAttribute("itemtype")) },
    },
    {
      selector: "[typeof]",
      handlers: { element: (el) => pushScope(el, el.getAttribute("typeof")) },
    },
    {
      selector: "[itemprop]",
      handlers: {
        element(el) {
          const names = (el.getAttribute("itemprop") ?? "").split(/\s+/).filter(Boolean).map(localName);
          if (names.length) startProp(el, names);
        },
        text: propText,
      },
    },
    {
      selector: "[property]",
      handlers: {
        element(el) {
          if (el.tagName.toLowerCase() === "meta" && recipeDepth === 0) return;
          const names = (el.getAttribute("property") ?? "")
            .split(/\s+/)
            .filter((p) => p && !/^(og|fb|article|twitter|al|book|profile|music|video):/i.test(p))
            .map(localName);
          if (names.length && el.getAttribute("itemprop") === null) startProp(el, names);
        },
        text(t) {
          // text reaches the [itemprop] handler already when both attributes are present
          propText(t);
        },
      },
    },
  ];

  // ---- visible outline ----
  let containerDepth = 0;
  let containerId = 0;
  let outerContainer = 0;
  let listDepth = 0;
  const openItems: Array<{ item: OutlineItem; listDepthAtOpen: number; closed: boolean }> = [];
  const addText = (t: TextLike) => {
    if (!openItems.length) return;
    const top = openItems[openItems.length - 1];
    if (top.item.text.length < TEXT_CAP) top.item.text += t.text;
  };
  const openItem = (el: ElementLike, kind: "h" | "li", level: number) => {
    // an <li> that was never closed ends where the next sibling <li> starts
    if (kind === "li") {
      const top = openItems[openItems.length - 1];
      if (top && top.item.kind === "li" && top.listDepthAtOpen === listDepth) {
        top.closed = true;
        openItems.pop();
      }
    }
    const item: OutlineItem = {
      kind,
      level,
      text: "",
      container: outerContainer,
      listDepth,
      cls: (el.getAttribute("class") ?? "").slice(0, 200).toLowerCase(),
    };
    data.outline.push(item);
    const entry = { item, listDepthAtOpen: listDepth, closed: false };
    const ok = onEnd(el, () => {
      if (entry.closed) return;
      entry.closed = true;
      const i = openItems.lastIndexOf(entry);
      if (i >= 0) openItems.splice(i, 1);
    });
    if (ok) openItems.push(entry);
  };
  const outline: Plan = [
    {
      selector: '[class*="ngredient" i], [id*="ngredient" i]',
      handlers: {
        element(el) {
          if (!isIngredientContainer(el)) return;
          const id = ++containerId;
          if (!onEnd(el, () => {
            containerDepth--;
            if (containerDepth === 0) outerContainer = 0;
          })) return;
          if (containerDepth === 0) {
            outerContainer = id;
            data.containers.set(id, ((el.getAttribute("class") ?? "") + " #" + (el.getAttribute("id") ?? "")).toLowerCase().slice(0, 300));
          }
          containerDepth++;
        },
      },
    },
    {
      selector: "ul, ol",
      handlers: {
        element(el) {
          if (!onEnd(el, () => listDepth--)) return;
          listDepth++;
          data.outline.push({ kind: "ul", level: 0, text: "", container: outerContainer, listDepth, cls: (el.getAttribute("class") ?? "").slice(0, 200).toLowerCase() });
        },
      },
    },
    {
      selector: "h1, h2, h3, h4, h5, h6",
      handlers: {
        element: (el) => openItem(el, "h", Number(el.tagName.slice(1)) || 6),
        text: addText,
      },
    },
    {
      selector: '[class*="group-name"], [class*="group-title"], [class*="ingredients-title"], [class*="section-title"]',
      handlers: {
        element(el) {
          const tag = el.tagName.toLowerCase();
          if (/^h[1-6]$/.test(tag) || tag === "li") return;
          openItem(el, "h", 7);
        },
        text(t) {
          // headings registered above already receive their own text
          if (openItems.length && openItems[openItems.length - 1].item.level === 7) addText(t);
        },
      },
    },
    {
      selector: "li",
      handlers: {
        element: (el) => openItem(el, "li", 0),
        text(t) {
          if (openItems.length && openItems[openItems.length - 1].item.kind === "li") addText(t);
        },
      },
    },
  ];
  // h1-h6 text handler above adds to whatever item is on top; prevent double-adding li text by
  // letting each handler only add to its own kind.
  outline[2].handlers.text = (t) => {
    if (openItems.length) {
      const top = openItems[openItems.length - 1].item;
      if (top.kind === "h" && top.level <= 6) addText(t);
    }
  };

  return { plan: withSharedEndTags([...head, ...jsonLd, ...microdata, ...outline]), data };
}

const NOT_CONTAINER = /^(?:h[1-6]|a|span|label|input|button|img|li|p|strong|b|em|i|svg|path|use|option|select|script|style|link|meta|source|picture|figure)$/;
const CONTAINER_TOKEN = /ingredients?(?:[-_]?(?:list|container|wrap(?:per)?|section|box|block|area|body|content|holder|group|groups|table|inner|items?))?$/i;

/** A block that holds a recipe's ingredient list: class or id token ending in "ingredient(s)[-list|-container|...]". */
function isIngredientContainer(el: ElementLike): boolean {
  if (NOT_CONTAINER.test(el.tagName.toLowerCase())) return false;
  const tokens = ((el.getAttribute("class") ?? "") + " " + (el.getAttribute("id") ?? "")).split(/\s+/);
  return tokens.some((t) => t && CONTAINER_TOKEN.test(t));
}

function localName(p: string): string {
  return p.replace(/^.*[/#:]/, "");
}
