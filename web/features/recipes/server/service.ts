/**
 * Recipe use cases: import from a URL (server fetch, or HTML captured by the browser
 * extension), manual entry, read, edit, delete. Joins core (extraction, ingredient parsing),
 * the database and the hardened fetch. Expected failures throw DomainError with a stable code;
 * the HTTP layer turns it into a problem response.
 *
 * Ownership (docs/decisions/0013-ownership-and-edit-tokens.md): a recipe made while
 * signed in belongs to that user and only they may read, change or delete it; one made while signed
 * out can be read by whoever holds its id, and changed only with the edit token its creator got.
 */
import {
  INGREDIENT_LINE_MAX,
  INGREDIENT_LINES_MAX,
  MANUAL_SOURCE,
  RECIPE_HTML_MAX_BYTES,
  RECIPE_TITLE_MAX,
  type ManualRecipeRequest,
  type ParsedLine,
  type ParseRecipeRequest,
  type Recipe,
  type UpdateRecipeRequest,
} from "../../../../core/api/recipes.ts";
import { extractRecipe } from "../../../../core/extract/extract.ts";
import { detectRecipeLanguage } from "../../../../core/ingredient/language.ts";
import { type ParseOptions, parseIngredient } from "../../../../core/ingredient/parse.ts";
import { NO_RECIPE_IN_POST } from "../../../../core/social/sources.ts";
import type { ParsedIngredient } from "../../../../core/ingredient/types.ts";
import { RecipeDraftSchema, type ExtractResult, type RecipeDraft } from "../../../../core/recipe/schema.ts";
import { workerDriver } from "../../../../worker/adapters/html-rewriter.ts";
import type { Db } from "../../../../worker/db/client.ts";
import {
  deleteRecipe as deleteRecipeRow,
  findOwnRecipeByUrl,
  findParsedPage,
  findRecipe,
  insertParsedRecipe,
  insertRecipe,
  deleteParsedPagesBefore,
  pruneParsedPagesOverCap,
  refreshParsedRecipe,
  updateRecipe as updateRecipeRow,
  type RecipeRow,
} from "./queries.ts";
import type { StoredIngredient } from "../../../../worker/db/schema.ts";
import { isWellFormedId, newId } from "../../../../worker/lib/ids.ts";
import { checkFetchUrl } from "./address-policy.ts";
import { callerUserId, type Caller } from "../../../../worker/services/caller.ts";
import { DomainError, type DomainErrorKind } from "../../../../worker/services/errors.ts";
import { assertMay, editGrant, proveEdit } from "../../../../worker/services/policy.ts";
import { fetchPage, type FetchPageOptions, type FetchPageResult } from "./fetch-page.ts";

/** A stored recipe by id, for other features' services (favourites read its owner before keeping it). */
export { findRecipe } from "./queries.ts";

/** A parsed page is served from the cache for this long (docs/decisions/0012-server-fetch.md). */
export const PARSED_PAGE_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Most rows the parsed-page cache keeps (the scheduled job deletes the oldest beyond it). A row is a
 * page's recipe draft as JSON, a few KB: 20,000 rows stay within ~100 MB (docs/capacity.md).
 */
export const PARSED_PAGE_CAP = 20_000;
/** Version of the cached value's shape; other versions are treated as a miss. */
const CACHE_VERSION = 1;
/** Longest yield text kept and answered ("4 servings"; a page's longer text is clipped). */
export const YIELDS_MAX = 200;

/** Turns page HTML into a recipe draft. The Worker's default runs core/extract with the native HTMLRewriter. */
export type Extractor = (html: string, url: string) => Promise<ExtractResult>;

export const defaultExtractor: Extractor = (html, url) => extractRecipe(html, url, workerDriver);

export interface RecipeDeps {
  db: Db;
  /** RECIPECART_ALLOW_LOOPBACK_FETCH === "1" (local testing only). */
  allowLoopback?: boolean;
  extract?: Extractor;
  fetchPage?: (url: string, options: FetchPageOptions) => Promise<FetchPageResult>;
  now?: () => Date;
}

/**
 * POST /api/recipes/parse: imports a recipe and saves it for the caller. Without `html` the
 * page is fetched (or served from the 24 h cache); with `html` it is extracted as given and
 * never cached. Counts one parse for the page's domain, in the same batch as the insert.
 * A signed-in caller who already has a recipe from that page gets it back instead of a second
 * copy, marked `existing` (decision 0042): with their edits, and still their one favourite.
 */
export async function importRecipe(deps: RecipeDeps, caller: Caller, body: ParseRecipeRequest): Promise<Recipe> {
  const now = deps.now?.() ?? new Date();
  const extract = deps.extract ?? defaultExtractor;
  const userId = callerUserId(caller);
  const own = async (...urls: string[]): Promise<Recipe | null> => {
    const row = userId ? await findOwnRecipeByUrl(deps.db, userId, urls) : null;
    return row ? { ...toWireRecipe(row), existing: true } : null;
  };

  if (body.html !== undefined) {
    // The same address rules as a fetched page: a captured page's URL is stored and counted as a
    // domain, so an internal address must not get in this way either.
    const checked = checkFetchUrl(body.url, { allowLoopback: deps.allowLoopback === true });
    if (!checked.ok) throw new DomainError("invalid", checked.code, checked.message, { errors: { url: [checked.message] } });
    const url = checked.url;
    const mine = await own(url.href, cacheKey(url));
    if (mine) return mine;
    if (new TextEncoder().encode(body.html).byteLength > RECIPE_HTML_MAX_BYTES) {
      throw new DomainError("too_large", "too_large", `The page is larger than ${RECIPE_HTML_MAX_BYTES / 1024 / 1024} MB.`);
    }
    const result = await extract(body.html, url.href);
    if (!result.ok) throw noRecipe(result, deps);
    const edit = await editGrant(caller);
    const row = await insertParsedRecipe(deps.db, {
      recipe: { ...recipeFromDraft(result.recipe, url.href, caller), editTokenHash: edit?.hash ?? null },
      domain: domainOf(url),
    });
    return withEditToken(toWireRecipe(row), edit);
  }

  const verdict = checkFetchUrl(body.url, { allowLoopback: deps.allowLoopback === true });
  if (!verdict.ok) throw new DomainError("invalid", verdict.code, verdict.message, { errors: { url: [verdict.message] } });
  const key = cacheKey(verdict.url);
  const mine = await own(verdict.url.href, key);
  if (mine) return mine;

  // `fresh`: the caller asks for the site's current page, not the cache's copy (which the fetch then replaces).
  const cached = body.fresh ? null : await findParsedPage(deps.db, key, new Date(now.getTime() - PARSED_PAGE_TTL_MS));
  const hit = cached ? readCacheEntry(cached.data) : null;
  if (hit) {
    const pageUrl = new URL(hit.url);
    // The address redirected to a page the caller already has.
    const theirs = await own(pageUrl.href);
    if (theirs) return theirs;
    const edit = await editGrant(caller);
    const row = await insertParsedRecipe(deps.db, {
      recipe: { ...recipeFromDraft(hit.draft, pageUrl.href, caller), editTokenHash: edit?.hash ?? null },
      domain: domainOf(pageUrl),
    });
    return withEditToken(toWireRecipe(row), edit);
  }

  const { page, draft } = await fetchAndExtract(deps, verdict.url);
  const pageUrl = new URL(page.url);
  const theirs = await own(pageUrl.href);
  if (theirs) return theirs;
  const edit = await editGrant(caller);
  const row = await insertParsedRecipe(deps.db, {
    recipe: { ...recipeFromDraft(draft, pageUrl.href, caller), editTokenHash: edit?.hash ?? null },
    domain: domainOf(pageUrl),
    cache: { url: key, data: { v: CACHE_VERSION, url: page.url, draft }, fetchedAt: now },
    pruneBefore: new Date(now.getTime() - PARSED_PAGE_TTL_MS),
  });
  return withEditToken(toWireRecipe(row), edit);
}

/** Fetches a page on the server and extracts its recipe; fetch failures and pages without one are domain errors. */
async function fetchAndExtract(deps: RecipeDeps, url: URL): Promise<{ page: { url: string; html: string }; draft: RecipeDraft }> {
  const extract = deps.extract ?? defaultExtractor;
  const fetched = await (deps.fetchPage ?? fetchPage)(url.href, { allowLoopback: deps.allowLoopback === true });
  if (!fetched.ok) {
    const { status, code, message, ...extra } = fetched.problem;
    throw new DomainError(KIND_BY_FETCH_STATUS[status] ?? "upstream", code, message, extra);
  }
  const page = fetched.page;
  const result = await extract(page.html, page.url);
  if (!result.ok) {
    if (page.botWall) {
      throw new DomainError(
        "upstream",
        "site_blocked",
        "This site showed a bot check instead of the recipe. Open the recipe in your browser and import it with the recipecart browser extension, or add the recipe by hand.",
        { upstreamStatus: 200, suggestion: "extension" },
      );
    }
    throw noRecipe(result, deps);
  }
  return { page, draft: result.recipe };
}

/**
 * POST /api/recipes/{id}/refresh ('Refresh from the site'): a recipe imported from a link is fetched
 * again from its page, whatever the cache holds, and its title, lines and details replaced (same id, so
 * lists and favourites keep it); the cache gets the fresh copy. Whoever may edit the recipe may refresh it.
 */
export async function refreshRecipe(deps: RecipeDeps, caller: Caller, id: string, editToken: string | null = null): Promise<Recipe> {
  const now = deps.now?.() ?? new Date();
  const existing = await findExisting(deps.db, id);
  await assertMayModify(existing, caller, editToken);
  if (!existing.url || existing.source === MANUAL_SOURCE) {
    throw new DomainError(
      "invalid",
      "not_imported",
      "This recipe was typed in, not imported from a link, so there is no site to refresh it from.",
    );
  }
  const verdict = checkFetchUrl(existing.url, { allowLoopback: deps.allowLoopback === true });
  if (!verdict.ok) throw new DomainError("invalid", verdict.code, verdict.message, { errors: { url: [verdict.message] } });
  const { page, draft } = await fetchAndExtract(deps, verdict.url);
  const fresh = recipeFromDraft(draft, new URL(page.url).href, caller);
  const row = await refreshParsedRecipe(
    deps.db,
    id,
    { title: fresh.title, url: fresh.url, source: fresh.source, ingredients: fresh.ingredients, details: fresh.details },
    { url: cacheKey(verdict.url), data: { v: CACHE_VERSION, url: page.url, draft }, fetchedAt: now },
    new Date(now.getTime() - PARSED_PAGE_TTL_MS),
  );
  if (!row) throw notFound();
  return toWireRecipe(row);
}

/**
 * The scheduled job's share of the cache upkeep: rows past their 24 h go (writes do that too, but a
 * quiet day writes nothing), then the oldest beyond PARSED_PAGE_CAP. Answers how many rows went.
 */
export async function pruneParsedPageCache(db: Db, now: Date = new Date(), cap: number = PARSED_PAGE_CAP): Promise<number> {
  const aged = await deleteParsedPagesBefore(db, new Date(now.getTime() - PARSED_PAGE_TTL_MS));
  return aged + (await pruneParsedPagesOverCap(db, cap));
}

/** POST /api/recipes/manual. */
export async function createManualRecipe(deps: RecipeDeps, caller: Caller, body: ManualRecipeRequest): Promise<Recipe> {
  const edit = await editGrant(caller);
  const row = await insertRecipe(deps.db, {
    editTokenHash: edit?.hash ?? null,
    id: newId(),
    title: body.title,
    url: null,
    source: MANUAL_SOURCE,
    ingredients: body.ingredients.map((text) => storedLine(text, null, typedOptions(body.ingredients))),
    details: null,
    userId: callerUserId(caller),
  });
  return withEditToken(toWireRecipe(row), edit);
}

/** GET /api/recipes/{id}: an owned recipe only for its owner; a signed-out one for whoever holds the id. */
export async function getRecipe(deps: RecipeDeps, caller: Caller, id: string): Promise<Recipe> {
  const row = await findExisting(deps.db, id);
  assertMay(caller, "read", "recipe", row);
  return toWireRecipe(row);
}

/** PUT /api/recipes/{id}: new title and lines; unchanged lines keep their group and parse. */
export async function updateRecipe(
  deps: RecipeDeps,
  caller: Caller,
  id: string,
  body: UpdateRecipeRequest,
  /** The edit token the signed-out creator holds (decision 0013). */
  editToken: string | null = null,
): Promise<Recipe> {
  const existing = await findExisting(deps.db, id);
  await assertMayModify(existing, caller, editToken);
  const previous = new Map<string, StoredIngredient[]>();
  for (const line of existing.ingredients) {
    const same = previous.get(line.text) ?? [];
    same.push(line);
    previous.set(line.text, same);
  }
  const options = typedOptions(body.ingredients);
  const ingredients = body.ingredients.map((text) => previous.get(text)?.shift() ?? storedLine(text, null, options));
  const row = await updateRecipeRow(deps.db, id, { title: body.title, ingredients });
  if (!row) throw notFound();
  return toWireRecipe(row);
}

/** DELETE /api/recipes/{id}. */
export async function deleteRecipe(deps: RecipeDeps, caller: Caller, id: string, editToken: string | null = null): Promise<void> {
  const existing = await findExisting(deps.db, id);
  await assertMayModify(existing, caller, editToken);
  if (!(await deleteRecipeRow(deps.db, id))) throw notFound();
}

// ---------------------------------------------------------------------------------------------

async function findExisting(db: Db, id: string): Promise<RecipeRow> {
  const row = isWellFormedId(id) ? await findRecipe(db, id) : null;
  if (!row) throw notFound();
  return row;
}

async function assertMayModify(row: RecipeRow, caller: Caller, editToken: string | null): Promise<void> {
  assertMay(caller, "change", "recipe", row, await proveEdit(row.editTokenHash, editToken));
}

/** The create answer of a signed-out caller carries the edit token (the only time it is sent). */
function withEditToken(recipe: Recipe, edit: { token: string } | null): Recipe {
  return edit ? { ...recipe, editToken: edit.token } : recipe;
}

/** fetch-page states failures as the status to answer; the domain kind behind each. */
const KIND_BY_FETCH_STATUS: Record<number, DomainErrorKind> = {
  400: "invalid",
  413: "too_large",
  415: "unsupported",
  502: "upstream",
  504: "upstream_timeout",
};

const notFound = () => new DomainError("not_found", "not_found", "There is no recipe with this id.");

/** Longest caption sent back with no_recipe_in_post (it prefills a manual entry). */
const POST_CAPTION_MAX = 5000;

/**
 * A page without a recipe. A social post answers no_recipe_in_post with its caption text (for a
 * manual entry) and the recipe page its caption links to, when that address may be fetched
 * (the client asks the person, then imports it through this same guarded fetch; decision 0009).
 */
function noRecipe(result: Extract<ExtractResult, { ok: false }>, deps: RecipeDeps): DomainError {
  if (result.reason === "no_recipe_in_post") {
    const link = result.post?.recipeUrl ? checkFetchUrl(result.post.recipeUrl, { allowLoopback: deps.allowLoopback === true }) : null;
    // a link the address policy refuses is neither offered nor spoken of
    const message = link && !link.ok ? NO_RECIPE_IN_POST : result.message;
    return new DomainError("unprocessable", "no_recipe_in_post", message, {
      caption: (result.post?.caption ?? "").slice(0, POST_CAPTION_MAX),
      title: result.title ? clip(result.title, RECIPE_TITLE_MAX) : null,
      recipeUrl: link?.ok ? link.url.href : null,
    });
  }
  return new DomainError(
    "unprocessable",
    "no_recipe_found",
    result.message || "No recipe found on this page. You can enter the recipe by hand.",
  );
}

/** The page URL sent with extension-captured HTML: only names the page, is never fetched. */
/** Query parameters that only track the visitor; they never change the page. */
const TRACKING_PARAM = /^(?:utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|igshid)$/i;

/** parsed_pages key: the canonical URL without fragment and tracking parameters. */
export function cacheKey(url: URL): string {
  const key = new URL(url.href);
  key.hash = "";
  for (const name of [...key.searchParams.keys()]) if (TRACKING_PARAM.test(name)) key.searchParams.delete(name);
  // URLSearchParams re-serialises the query; keep the original text when nothing was removed.
  return key.searchParams.size === url.searchParams.size ? url.href.replace(/#.*$/, "") : key.href;
}

/** recipe_domains key: lower-case host without "www." and trailing dots. */
export function domainOf(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/\.+$/, "")
    .replace(/^www\./, "");
}

function readCacheEntry(data: Record<string, unknown>): { url: string; draft: RecipeDraft } | null {
  if (data.v !== CACHE_VERSION || typeof data.url !== "string") return null;
  const draft = RecipeDraftSchema.safeParse(data.draft);
  return draft.success ? { url: data.url, draft: draft.data } : null;
}

function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return (u.protocol === "https:" || u.protocol === "http:") && u.href.length <= 2048 ? u.href : null;
  } catch {
    return null;
  }
}

/** A page's draft as a recipes row, within the API's limits (pages are clipped, not refused). */
function recipeFromDraft(draft: RecipeDraft, pageUrl: string, caller: Caller) {
  const lines: { text: string; group: string | null }[] = [];
  const grouped = draft.ingredientGroups.flatMap((g) => g.ingredients.map((text) => ({ text, group: g.name })));
  const sameLines = grouped.length === draft.ingredients.length && grouped.every((g, i) => g.text === draft.ingredients[i]);
  for (const line of sameLines ? grouped : draft.ingredients.map((text) => ({ text, group: null }))) {
    const text = clip(line.text, INGREDIENT_LINE_MAX);
    if (text) lines.push({ text, group: line.group ? clip(line.group, RECIPE_TITLE_MAX) : null });
  }
  const options: ParseOptions = { language: draft.language, fallbackLanguage: detectRecipeLanguage(lines.map((l) => l.text)) };
  const url = new URL(pageUrl);
  const siteName = draft.siteName ? clip(draft.siteName, RECIPE_TITLE_MAX) : "";
  return {
    id: newId(),
    title: clip(draft.title, RECIPE_TITLE_MAX) || domainOf(url),
    url: pageUrl,
    source: siteName || domainOf(url),
    ingredients: lines.slice(0, INGREDIENT_LINES_MAX).map((l) => storedLine(l.text, l.group, options)),
    details: {
      image: safeHttpUrl(draft.image),
      yields: draft.yields ? clip(draft.yields, YIELDS_MAX) || null : null,
      times: draft.times,
      author: draft.author,
      siteName: draft.siteName,
      canonicalUrl: safeHttpUrl(draft.canonicalUrl),
      language: draft.language,
      extractedFrom: draft.source,
    },
    userId: callerUserId(caller),
  };
}

function storedLine(text: string, group: string | null, options?: ParseOptions): StoredIngredient {
  return { text, group, parsed: parseLine(text, options) };
}

/**
 * A line in its recipe's language: the page's (html lang, JSON-LD inLanguage) when known, else the
 * line's own evidence, else what the recipe's lines read as together (decision 0005).
 */
function parseLine(text: string, options?: ParseOptions): ParsedIngredient {
  return parseIngredient(text, options);
}

/** A typed recipe has no page: its lines together say its language. */
function typedOptions(lines: readonly string[]): ParseOptions {
  return { fallbackLanguage: detectRecipeLanguage(lines) };
}

function isParsedIngredient(value: unknown, text: string): value is ParsedIngredient {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as ParsedIngredient).input === text &&
    Array.isArray((value as ParsedIngredient).amounts)
  );
}

/** A row as the API answers it: lines as strings plus their parses, index for index. */
export function toWireRecipe(row: RecipeRow): Recipe {
  const parsedIngredients: ParsedLine[] = row.ingredients.map((line) => ({
    ...(isParsedIngredient(line.parsed, line.text) ? line.parsed : parseLine(line.text)),
    group: line.group ?? null,
  }));
  const image = typeof row.details?.image === "string" ? row.details.image : null;
  const yields = typeof row.details?.yields === "string" ? row.details.yields.slice(0, YIELDS_MAX) : null;
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    source: row.source,
    ingredients: row.ingredients.map((line) => line.text),
    parsedIngredients,
    image,
    yields,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
