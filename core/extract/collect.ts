/**
 * The streaming half of extraction: HTMLRewriter handlers that collect, in one pass and
 * independent of how the bytes are chunked, the few things the recipe rules need:
 * head metadata, ld+json blocks, microdata/RDFa properties and a thin outline of the
 * visible page (headings and list items, marked when inside an "ingredient" container).
 * No DOM is built; everything is plain strings in arrays.
 */
import { collectNodes, isRecipeNode, parseJsonLd, type Json } from "./json-ld.ts";
import { onEnd, withSharedEndTags, type ElementLike, type Plan, type TextLike } from "./plan.ts";
import { findEmbeddedCaptions, visibleCaptionPlan } from "../social/sources.ts";
import type { OutlineItem, PageData } from "./page-data.ts";

export type { MicroProp, OutlineItem, PageData } from "./page-data.ts";

const TEXT_CAP = 20000;

interface Capture {
  text: string;
  done: boolean;
}

/**
 * Which handlers to collect with: "main" (everything but the generic heading/list outline),
 * "fallback" (only that outline, as a second pass over the same page) or "all" (one pass).
 */
export type CollectMode = "main" | "fallback" | "all";

/** Creates an empty PageData. */
export function emptyPageData(): PageData {
  return {
    lang: null,
    titleTag: "",
    metas: new Map(),
    canonical: null,
    ldBlocks: [],
    micro: [],
    outline: [],
    fallbackOutline: [],
    containers: new Map(),
    ldValues: [],
    ldNodes: [],
    ldHasRecipe: false,
    containerDone: false,
    frozen: false,
    singlePass: false,
    embeddedCaptions: [],
    visibleCaptions: [],
  };
}

/** Creates the collecting handlers and the object they fill (pass `data` to add a second pass to it). */
export function createCollector(
  mode: CollectMode = "all",
  data: PageData = emptyPageData(),
  social = false,
): { plan: Plan; data: PageData } {
  if (mode === "fallback") return { plan: withSharedEndTags(outlinePlan(data, mode)), data };
  data.singlePass = mode === "all";

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
      selector: "head > title, html > title",
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
      selector: 'link[rel~="canonical" i]',
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
            if (ldOpen) {
              data.ldBlocks.push(ld);
              const values = parseJsonLd(ld);
              data.ldValues.push(values);
              const nodes = collectNodes(values);
              data.ldNodes.push(nodes);
              if (!data.ldHasRecipe && nodes.some((n) => isRecipeNode(n) && hasIngredients(n))) {
                data.ldHasRecipe = true;
                maybeFreeze(data);
              }
            }
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
    const scope = recipeScopeIds[recipeScopeIds.length - 1] ?? 0;
    const direct = scopes[scopes.length - 1] ?? false;
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
      selector: "[itemscope], [typeof]",
      handlers: {
        element(el) {
          const itemtype = el.getAttribute("itemtype");
          if (itemtype !== null || el.getAttribute("itemscope") !== null) pushScope(el, itemtype);
          else pushScope(el, el.getAttribute("typeof"));
        },
      },
    },
    {
      selector: "[itemprop], [property]",
      handlers: {
        element(el) {
          const itemprop = el.getAttribute("itemprop");
          if (itemprop !== null) {
            const names = itemprop
              .split(/\s+/)
              .map(localName)
              .filter((n) => WANTED_PROPS.has(n));
            if (names.length) startProp(el, names);
            return;
          }
          // RDFa: only inside a Recipe scope, and never the open-graph tags
          if (recipeDepth === 0) return;
          const names = (el.getAttribute("property") ?? "")
            .split(/\s+/)
            .filter((p) => p && !/^(og|fb|article|twitter|al|book|profile|music|video):/i.test(p))
            .map(localName)
            .filter((n) => WANTED_PROPS.has(n));
          if (names.length) startProp(el, names);
        },
        text: propText,
      },
    },
  ];

  // ---- visible outline ----
  // a marked part of an ingredient ("Ingredient--amount", "ingredient__name") starting inside a
  // microdata value is a separate word: <td>1</td><th>Knoblauchzehe</th> reads "1 Knoblauchzehe"
  const partStarts = () => {
    for (const p of openProps) {
      const t = p.cap.text;
      if (t && !/[\s(\[/]$/.test(t)) p.cap.text += " ";
    }
  };
  const outline = outlinePlan(data, mode, partStarts);

  // ---- social posts: the caption in the page's inline JSON (YouTube's shortDescription, ...) ----
  if (social) {
    let script = "";
    let open = false;
    outline.push({
      selector: "script",
      handlers: {
        element(el) {
          const type = (el.getAttribute("type") ?? "").toLowerCase();
          if (type.includes("ld+json")) return;
          script = "";
          open = true;
          onEnd(el, () => {
            open = false;
            findEmbeddedCaptions(script, data.embeddedCaptions);
            script = "";
          });
        },
        text(t) {
          if (open && script.length < 4_000_000) script += t.text;
        },
      },
    });
    outline.push(...visibleCaptionPlan(data.visibleCaptions));
  }

  return { plan: withSharedEndTags([...head, ...jsonLd, ...microdata, ...outline], () => data.frozen), data };
}

function hasIngredients(r: { [key: string]: Json }): boolean {
  const v = r.recipeIngredient ?? r.ingredients;
  return Array.isArray(v) ? v.length > 0 : typeof v === "string" && v.trim() !== "";
}

function maybeFreeze(data: PageData): void {
  if (data.ldHasRecipe && data.containerDone) data.frozen = true;
}

const WANTED_PROPS: ReadonlySet<string> = new Set([
  "recipeIngredient",
  "ingredients",
  "ingredient",
  "name",
  "image",
  "recipeYield",
  "prepTime",
  "cookTime",
  "totalTime",
  "recipeInstructions",
  "author",
]);

/** Ingredient containers: block elements whose class or id mentions "ingredient". */
// Few, simple selectors: every extra selector costs lol-html time on every start tag, so the
// fine filtering (tag names, class tokens) happens in isIngredientContainer.
const CONTAINER_SELECTORS = ['[class*="ngredient" i]', '[id*="ngredient" i]'];
const inContainers = (inner: string) => CONTAINER_SELECTORS.map((c) => `${c} ${inner}`).join(", ");

/**
 * Outline handlers. "main": headings h1-h6 and group-name elements (few per page), plus the
 * lists inside ingredient containers only. "fallback": every heading and list item, into
 * data.fallbackOutline (a second pass, run only when nothing else was found). "all": both
 * in one pass.
 */
function outlinePlan(data: PageData, mode: CollectMode, partStarts: () => void = () => {}): Plan {
  const target = mode === "fallback" ? data.fallbackOutline : data.outline;
  const scoped = mode === "main";
  let containerDepth = 0;
  let containerId = 0;
  let outerContainer = 0;
  let listDepth = 0;
  const liCount = new Map<number, number>();
  // the open ingredient row (main pass), and the id shared by consecutive rows outside any container
  let openRow: { item: OutlineItem; hasLi: boolean } | null = null;
  let rowGroup = 0;
  const openItems: Array<{ item: OutlineItem; listDepthAtOpen: number; closed: boolean }> = [];
  const addText = (t: TextLike) => {
    if (!openItems.length) return;
    const top = openItems[openItems.length - 1];
    if (top && top.item.text.length < TEXT_CAP) top.item.text += t.text;
  };
  const openItem = (el: ElementLike, kind: "h" | "li" | "p", level: number) => {
    if (kind === "li" && openRow) openRow.hasLi = true;
    // a heading outside the containers ends a run of ingredient rows
    if (kind === "h" && level <= 6 && !outerContainer) rowGroup = 0;
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
      cls: outerContainer ? (el.getAttribute("class") ?? "").slice(0, 200).toLowerCase() : "",
      hasSublist: false,
    };
    target.push(item);
    if (kind === "li" && outerContainer) liCount.set(outerContainer, (liCount.get(outerContainer) ?? 0) + 1);
    const entry = { item, listDepthAtOpen: listDepth, closed: false };
    const ok = onEnd(el, () => {
      if (entry.closed) return;
      entry.closed = true;
      const i = openItems.lastIndexOf(entry);
      if (i >= 0) openItems.splice(i, 1);
    });
    if (ok) openItems.push(entry);
  };
  const plan: Plan = [];
  if (mode !== "fallback") {
    // ---- ingredient rows: one element per line (<div class="ingredient">, <tr class="ingredients__row">)
    // with no list items; the row's whole text is one line, its marked parts (amount, name) split by a space.
    const rowPart = () => {
      if (!openRow) return;
      const t = openRow.item.text;
      if (t && !/[\s(\[/]$/.test(t)) openRow.item.text += " ";
    };
    const openRowItem = (el: ElementLike) => {
      let group = outerContainer;
      if (!group) {
        if (!rowGroup) {
          rowGroup = ++containerId;
          data.containers.set(
            rowGroup,
            (el.tagName + " " + (el.getAttribute("class") ?? "") + " #" + (el.getAttribute("id") ?? "")).toLowerCase().slice(0, 300),
          );
        }
        group = rowGroup;
      }
      const item: OutlineItem = { kind: "li", level: 0, text: "", container: group, listDepth, cls: "", hasSublist: false, row: true };
      const row = { item, hasLi: false };
      if (
        !onEnd(el, () => {
          if (openRow === row) openRow = null;
          if (row.hasLi) item.text = "";
          else liCount.set(group, (liCount.get(group) ?? 0) + 1);
        })
      )
        return;
      target.push(item);
      openRow = row;
    };
    plan.push({
      selector: CONTAINER_SELECTORS.join(", "),
      handlers: {
        element(el) {
          partStarts();
          if (openRow) rowPart();
          else {
            const top = openItems[openItems.length - 1];
            if (!(top && top.item.kind === "li") && isIngredientRow(el)) openRowItem(el);
            // a plugin's group name that is not a heading ("wprm-recipe-ingredient-group-name" on a
            // <div>/<span>; headings are read by their own selector)
            else if (containerDepth && isGroupName(el)) openItem(el, "h", 7);
          }
          if (!isIngredientContainer(el)) return;
          if (!containerDepth && !openRow) rowGroup = 0;
          const id = ++containerId;
          if (
            !onEnd(el, () => {
              containerDepth--;
              if (containerDepth === 0) {
                if ((liCount.get(outerContainer) ?? 0) >= 2 && mode === "main") {
                  data.containerDone = true;
                  maybeFreeze(data);
                }
                outerContainer = 0;
              }
            })
          )
            return;
          if (containerDepth === 0) {
            outerContainer = id;
            data.containers.set(
              id,
              (el.tagName + " " + (el.getAttribute("class") ?? "") + " #" + (el.getAttribute("id") ?? "")).toLowerCase().slice(0, 300),
            );
          }
          containerDepth++;
        },
        text(t) {
          const top = openItems[openItems.length - 1]?.item ?? null;
          if (openRow) {
            if (!openRow.hasLi && openRow.item.text.length < TEXT_CAP) openRow.item.text += t.text;
          } else if (top && top.level === 7) addText(t);
          // the main pass's list items are all inside containers: their text arrives here too, so
          // the list-item selector needs no text handler of its own (one callback per chunk, not two)
          if (scoped && top && top.kind === "li") addText(t);
        },
      },
    });
  }
  plan.push({
    selector: scoped ? inContainers("ul") + ", " + inContainers("ol") : "ul, ol",
    handlers: {
      element(el) {
        if (!onEnd(el, () => listDepth--)) return;
        const top = openItems[openItems.length - 1];
        if (top && top.item.kind === "li") top.item.hasSublist = true;
        listDepth++;
        target.push({ kind: "ul", level: 0, text: "", container: outerContainer, listDepth, cls: "", hasSublist: false });
      },
    },
  });
  plan.push({
    selector: "h1, h2, h3, h4, h5, h6",
    handlers: {
      element(el) {
        const level = Number(el.tagName.slice(1)) || 6;
        // the main pass keeps h1 (title) and headings inside ingredient containers (group names)
        // (the main pass keeps every heading: they are few, and name the groups between lists)
        openItem(el, "h", level);
      },
      text(t) {
        if (openItems.length) {
          const top = openItems[openItems.length - 1]?.item;
          if (top && top.kind === "h" && top.level <= 6) addText(t);
        }
      },
    },
  });
  if (mode !== "main") {
    plan.push({
      selector: "p",
      handlers: {
        element(el) {
          // a paragraph inside a list item is part of the item's text
          const top = openItems[openItems.length - 1];
          if (top && top.item.kind === "li") return;
          openItem(el, "p", 0);
        },
        text(t) {
          if (openItems[openItems.length - 1]?.item.kind === "p") addText(t);
        },
      },
    });
    plan.push({
      selector: "p strong, p b",
      handlers: {
        text(t) {
          const top = openItems[openItems.length - 1];
          if (top && top.item.kind === "p" && (top.item.bold ?? "").length < 200) top.item.bold = (top.item.bold ?? "") + t.text;
        },
      },
    });
    plan.push({
      selector: "br",
      handlers: {
        element() {
          const top = openItems[openItems.length - 1];
          if (top && top.item.kind === "p") top.item.text += "\n";
        },
      },
    });
  }
  plan.push({
    selector: scoped ? inContainers("li") : "li",
    handlers: {
      element: (el) => openItem(el, "li", 0),
      ...(scoped
        ? {}
        : {
            text(t: TextLike) {
              if (openItems[openItems.length - 1]?.item.kind === "li") addText(t);
            },
          }),
    },
  });
  return plan;
}

const NOT_CONTAINER =
  /^(?:h[1-6]|a|span|label|input|button|img|li|p|strong|b|em|i|svg|path|use|option|select|script|style|link|meta|source|picture|figure)$/;
const CONTAINER_TOKEN =
  /ingredients?(?:[-_]?(?:list|container|wrap(?:per)?|section|box|block|area|body|content|holder|group|groups|table|inner|items?))?$/i;

/** A block that holds a recipe's ingredient list: class or id token ending in "ingredient(s)[-list|-container|...]". */
function isIngredientContainer(el: ElementLike): boolean {
  if (NOT_CONTAINER.test(el.tagName.toLowerCase())) return false;
  const tokens = ((el.getAttribute("class") ?? "") + " " + (el.getAttribute("id") ?? "")).split(/\s+/);
  return tokens.some((t) => t && CONTAINER_TOKEN.test(t));
}

const ROW_TOKEN = /(?:^|[-_])ingredients?(?:[-_]{1,2}(?:item|line|row|entry))$|(?:^|[-_])ingredient$/i;
// inline elements are not rows: plugins mark ingredient names inside the steps with <span class="ingredient">
const NOT_ROW =
  /^(?:h[1-6]|a|span|strong|b|em|i|small|mark|code|label|input|button|img|li|ul|ol|table|tbody|thead|svg|path|use|option|select|script|style|link|meta|source|picture|figure|section|article|main|aside|nav|header|footer|form)$/;

/** A group name element of a recipe card that is not a heading or a list item. */
function isGroupName(el: ElementLike): boolean {
  if (!(el.getAttribute("class") ?? "").includes("group-name")) return false;
  const tag = el.tagName.toLowerCase();
  return !/^h[1-6]$/.test(tag) && tag !== "li";
}

/** One ingredient per element: a class token "ingredient", "x__ingredient", "ingredient-item", "ingredients__row", ... */
function isIngredientRow(el: ElementLike): boolean {
  if (NOT_ROW.test(el.tagName.toLowerCase())) return false;
  const cls = el.getAttribute("class");
  if (!cls) return false;
  return cls.split(/\s+/).some((t) => t && ROW_TOKEN.test(t));
}

function localName(p: string): string {
  return p.replace(/^.*[/#:]/, "");
}
