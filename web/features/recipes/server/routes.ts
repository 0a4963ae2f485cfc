/**
 * The recipes API (docs/product/api.md): import from a URL or captured HTML, manual entry, read, edit,
 * delete. Wire shapes are in core/api/recipes.ts; rules in web/features/recipes/server/service.ts.
 */
import { RECIPE_HTML_MAX_BYTES, recipeEndpoints } from "../../../../core/api/recipes.ts";
import { readEditToken } from "../../../../worker/http/edit-token.ts";
import { json } from "../../../../worker/http/problem.ts";
import { checkRate, IMPORT_LIMIT, SAVE_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { param, type ApiContext, type Route, serve } from "../../../../worker/http/router.ts";
import { createManualRecipe, deleteRecipe, getRecipe, importRecipe, refreshRecipe, updateRecipe, type RecipeDeps } from "./service.ts";

/**
 * Largest parse request body: 5 MB of HTML plus what JSON escaping adds (quotes, backslashes,
 * \u escapes). The HTML itself is then held to 5 MB (too_large).
 */
const PARSE_BODY_MAX_BYTES = 2 * RECIPE_HTML_MAX_BYTES + 64 * 1024;
/** Manual and edit bodies: 200 lines of 500 characters is well under this. */
const RECIPE_BODY_MAX_BYTES = 512 * 1024;

function deps(c: ApiContext): RecipeDeps {
  return { db: c.db, allowLoopback: String(c.env.RECIPECART_ALLOW_LOOPBACK_FETCH) === "1" };
}

export const recipeRoutes: Route[] = [
  serve(recipeEndpoints.parse, "public", async (c) => {
    // before reading the body, so that invalid floods count too (decision 0012)
    await checkRate(c.request, c.env, IMPORT_LIMIT, c.caller);
    const body = await c.body(PARSE_BODY_MAX_BYTES);
    const recipe = await importRecipe(deps(c), c.caller, body);
    // 200 for the caller's recipe from that page already (nothing made), 201 for a new one.
    return json(recipe, { status: recipe.existing ? 200 : 201 });
  }),
  serve(recipeEndpoints.manual, "public", async (c) => {
    await checkRate(c.request, c.env, SAVE_LIMIT, c.caller);
    const body = await c.body(RECIPE_BODY_MAX_BYTES);
    return json(await createManualRecipe(deps(c), c.caller, body), { status: 201 });
  }),
  serve(recipeEndpoints.get, "public", async (c) => {
    return json(await getRecipe(deps(c), c.caller, param(c.params, "id")));
  }),
  serve(recipeEndpoints.update, "public", async (c) => {
    await checkRate(c.request, c.env, SAVE_LIMIT);
    const body = await c.body(RECIPE_BODY_MAX_BYTES);
    return json(await updateRecipe(deps(c), c.caller, param(c.params, "id"), body, readEditToken(c.request)));
  }),
  // 'Refresh from the site': the page fetched again, whatever the cache holds (a fetch like an import's, same limit).
  serve(recipeEndpoints.refresh, "public", async (c) => {
    await checkRate(c.request, c.env, IMPORT_LIMIT, c.caller);
    return json(await refreshRecipe(deps(c), c.caller, param(c.params, "id"), readEditToken(c.request)));
  }),
  serve(recipeEndpoints.remove, "public", async (c) => {
    await deleteRecipe(deps(c), c.caller, param(c.params, "id"), readEditToken(c.request));
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  }),
];
