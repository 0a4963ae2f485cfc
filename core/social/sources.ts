/**
 * Where a post's caption is, per network, in a server-fetched page and in a page the browser
 * extension captured as the signed-in user sees it: og/twitter meta, JSON-LD descriptions
 * (VideoObject, SocialMediaPosting), the JSON the page embeds for its own rendering (TikTok's
 * "desc", YouTube's "shortDescription", Pinterest's "description", Instagram's caption "text")
 * and the visible caption element of a rendered page. See docs/decisions/0009-extraction.md.
 */
import type { PageData } from "../extract/page-data.ts";
import { hasType, type Json, type JsonObject } from "../extract/json-ld.ts";
import { onEnd, type Plan } from "../extract/plan.ts";
import { cleanText, decodeEntities } from "../extract/text.ts";
import { cleanTitle, readCaption, type CaptionReading } from "./caption.ts";

export type Network = "instagram" | "tiktok" | "youtube" | "pinterest" | "facebook" | "threads";

const HOSTS: Array<[RegExp, Network]> = [
  [/(^|\.)instagram\.com$/i, "instagram"],
  [/(^|\.)(?:tiktok\.com)$/i, "tiktok"],
  [/(^|\.)(?:youtube\.com|youtu\.be)$/i, "youtube"],
  [/(^|\.)(?:pinterest\.[a-z.]+|pin\.it)$/i, "pinterest"],
  [/(^|\.)(?:facebook\.com|fb\.watch)$/i, "facebook"],
  [/(^|\.)threads\.net$/i, "threads"],
];

/** The network a URL belongs to, or null. */
export function networkOfUrl(url: string | null | undefined): Network | null {
  if (!url) return null;
  let host: string;
  try {
    host = new URL(url.trim()).hostname;
  } catch {
    return null;
  }
  for (const [re, n] of HOSTS) if (re.test(host)) return n;
  return null;
}

/**
 * The network of a page: its URL's host, else the host of its og:url / canonical link, else its
 * og:site_name. (A page served from elsewhere, a saved copy or a test fixture, still says
 * where it came from.)
 */
export function networkOfPage(url: string, data: PageData): Network | null {
  const byUrl = networkOfUrl(url) ?? networkOfUrl(data.metas.get("og:url")) ?? networkOfUrl(data.canonical);
  if (byUrl) return byUrl;
  const site = (data.metas.get("og:site_name") ?? "").trim().toLowerCase();
  return (["instagram", "tiktok", "youtube", "pinterest", "facebook", "threads"] as const).find((n) => n === site) ?? null;
}

// ---- captions in the page's own JSON ----------------------------------------------------------

const JSON_STRING = String.raw`"((?:[^"\\]|\\.){20,20000})"`;
const CAPTION_PATTERNS = [
  // YouTube shortDescription, TikTok desc, Pinterest description / closeup_unified_description
  new RegExp(
    String.raw`"(?:shortDescription|description|closeup_unified_description|caption|accessibility_caption|desc)"\s*:\s*` + JSON_STRING,
    "g",
  ),
  // Instagram: "caption":{"pk":"1","text":"..."} and "edge_media_to_caption":{"edges":[{"node":{"text":"..."}}]}
  new RegExp(
    String.raw`"(?:caption|edge_media_to_caption)"\s*:\s*\{[^{}]{0,200}?(?:\{[^{}]{0,40}?)?(?:\{[^{}]{0,40}?)?"text"\s*:\s*` + JSON_STRING,
    "g",
  ),
  // YouTube microformat: "description":{"simpleText":"..."}
  new RegExp(String.raw`"description"\s*:\s*\{\s*"simpleText"\s*:\s*` + JSON_STRING, "g"),
];

/** Pulls caption-like JSON string values out of an inline script (the best one is chosen later). */
export function findEmbeddedCaptions(script: string, out: string[]): void {
  for (const re of CAPTION_PATTERNS) {
    for (const m of script.matchAll(re)) {
      if (out.length > 40) return;
      try {
        out.push(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        /* not a clean JSON string */
      }
    }
  }
}

// ---- the visible caption of a rendered page (extension captures) ------------------------------

/**
 * The element that holds the caption in each network's rendered page: Instagram's post h1,
 * TikTok's data-e2e description, YouTube's description expander, Pinterest's pin description,
 * Facebook's post message. One selector list (the elements do not nest within each other).
 */
export const VISIBLE_CAPTION_SELECTOR = [
  "h1",
  '[data-e2e="browse-video-desc"]',
  '[data-e2e="video-desc"]',
  "#description-inline-expander",
  '[data-test-id="pin-description"]',
  '[data-ad-preview="message"]',
  '[data-ad-comet-preview="message"]',
].join(", ");

/**
 * Handlers that copy the text of the visible caption elements into `out`, one string per
 * element, with <br> and block starts as line breaks (entities are decoded later).
 */
export function visibleCaptionPlan(out: string[]): Plan {
  let depth = 0;
  let current = -1;
  const append = (s: string) => {
    const text = out[current];
    if (text !== undefined && text.length < 40000) out[current] = text + s;
  };
  return [
    {
      selector: VISIBLE_CAPTION_SELECTOR,
      handlers: {
        element(el) {
          if (depth > 0 || out.length >= 20) return;
          if (
            !onEnd(el, () => {
              depth = 0;
              current = -1;
            })
          )
            return;
          depth = 1;
          current = out.push("") - 1;
        },
        text(t) {
          if (depth > 0) append(t.text);
        },
      },
    },
    {
      selector: "br",
      handlers: {
        element() {
          if (depth > 0) append("\n");
        },
      },
    },
    {
      selector: "div, p, li",
      handlers: {
        element() {
          if (depth > 0) append("\n");
        },
      },
    },
  ];
}

// ---- reading a post ----------------------------------------------------------------------------

/**
 * Drops a network's wrapper around a caption: Instagram's '123 likes, 4 comments - user on
 * March 1, 2024: "..."', TikTok's '1.2K Likes, 30 Comments. TikTok video from Name (@user):
 * "...". original sound', '"User on Instagram: "..."'.
 */
export function unwrapCaption(s: string): string {
  let t = s.trim();
  const counts = String.raw`[\d.,\s]+[KkMm]?\s+`;
  const ig = new RegExp(
    String.raw`^\s*${counts}likes?,\s*${counts}comments?\s*[-–]\s*[^:\n]{1,80}?:\s*["“]?([\s\S]*?)["”]?\s*\.?\s*$`,
    "i",
  ).exec(t);
  if (ig) return ig[1] ?? "";
  const tt = new RegExp(
    String.raw`^\s*(?:${counts}likes?,\s*${counts}comments?\.\s*)?tiktok\s+video\s+from\s+[^:\n]{1,80}?:\s*["“]([\s\S]*?)["”]\.?(?:\s+(?:original\s+sound|son\s+original|sonido\s+original|suono\s+originale|originalton|origineel\s+geluid)\b[\s\S]*)?\s*$`,
    "i",
  ).exec(t);
  if (tt) return tt[1] ?? "";
  const on = /^[^\n:]{1,80}?\s+(?:on|auf|sur|en|su|op)\s+(?:Instagram|Facebook|Threads|TikTok)\s*:\s*["“]([\s\S]*?)["”]?\s*$/i.exec(t);
  if (on) return on[1] ?? "";
  t = t.replace(/\s*[|•\-–]\s*(?:Instagram|TikTok|YouTube|Pinterest|Facebook)\s*$/i, "");
  return t;
}

/** The no_recipe_in_post messages (decision 0009): without a usable link, and with one. */
export const NO_RECIPE_IN_POST =
  "This post has no ingredient list in its caption. You can add the recipe by hand: we have filled in the caption text for you.";
export const RECIPE_LINK_IN_POST =
  "This post has no ingredient list, but its caption links to a recipe page. You can import that page instead, or add the recipe by hand.";

/** A post as the extraction sees it: its caption reading and its title. */
export interface PostReading extends CaptionReading {
  network: Network;
}

function ldCaptions(nodes: JsonObject[][]): { texts: string[]; names: string[] } {
  const texts: string[] = [];
  const names: string[] = [];
  for (const block of nodes) {
    for (const n of block) {
      if (
        !hasType(n, [
          "videoobject",
          "socialmediaposting",
          "imageobject",
          "article",
          "blogposting",
          "discussionforumposting",
          "creativework",
          "clip",
        ])
      )
        continue;
      for (const key of ["description", "articleBody", "caption", "text"]) {
        const v: Json | undefined = n[key];
        if (typeof v === "string" && v.trim()) texts.push(v);
      }
      if (typeof n.name === "string" && n.name.trim()) names.push(n.name);
      else if (typeof n.headline === "string" && n.headline.trim()) names.push(n.headline);
    }
  }
  return { texts, names };
}

/** Reads a social post page: picks the caption source with the most ingredient lines (then the longest). */
export function readPost(network: Network, data: PageData): PostReading {
  const meta = (k: string) => {
    const v = data.metas.get(k);
    return v && v.trim() ? decodeEntities(v) : null;
  };
  const ld = ldCaptions(data.ldNodes);
  const ogTitle = meta("og:title") ?? meta("twitter:title") ?? cleanText(data.titleTag);
  const sources: string[] = [
    ...data.visibleCaptions.map((s) => decodeEntities(s)),
    ...data.embeddedCaptions,
    ...ld.texts,
    meta("og:description") ?? "",
    meta("twitter:description") ?? "",
    meta("description") ?? "",
    // Instagram and Facebook put the caption in og:title as well ('User on Instagram: "..."')
    network === "instagram" || network === "facebook" || network === "threads" || network === "tiktok" ? ogTitle : "",
  ];
  let best: CaptionReading | null = null;
  const seen = new Set<string>();
  for (const raw of sources) {
    if (!raw || seen.has(raw)) continue;
    seen.add(raw);
    let text = unwrapCaption(raw);
    // a caption the network cut short ("... 1 egg, beate…"): its last line is not whole
    if (/(?:…|\.\.\.)\s*$/.test(text)) text = text.replace(/[^\n]*$/, "");
    if (!text.trim()) continue;
    const r = readCaption(text);
    if (
      !best ||
      r.ingredients.length > best.ingredients.length ||
      (r.ingredients.length === best.ingredients.length && r.text.length > best.text.length)
    )
      best = r;
  }
  const reading: CaptionReading = best ?? { title: null, ingredients: [], recipeUrl: null, text: "" };
  // YouTube videos and Pinterest pins have a title of their own; posts elsewhere are titled by their caption
  const ownTitle =
    network === "youtube" || network === "pinterest" ? cleanTitle(ld.names[0] ?? unwrapCaption(ogTitle).split(/\s+\|\s+/)[0] ?? "") : "";
  const fallback = cleanTitle(unwrapCaption(ogTitle).split("\n")[0] ?? "");
  return { ...reading, title: ownTitle || reading.title || fallback || null, network };
}
