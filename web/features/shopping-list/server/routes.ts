/** The shopping-list endpoints (docs/product/api.md); rules in web/features/shopping-list/server/service.ts. */
import { pathOf } from "../../../../core/api/endpoint.ts";
import { listEndpoints } from "../../../../core/api/list-endpoints.ts";
import { shopEndpoints } from "../../../../core/api/shop.ts";
import { isUnitChoice, type UnitChoice } from "../../../../core/combine/unit-choice.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { readEditToken } from "../../../../worker/http/edit-token.ts";
import { checkRate, LIST_CHANGES_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { isWellFormedId } from "../../../../worker/lib/ids.ts";
import { createShoppingList, deleteShoppingList, readListFor } from "./service.ts";
import { addRecipeThroughRoom, applyThroughRoom, listAccessChanged, renameThroughRoom } from "../../../../worker/live/rooms.ts";

const notFound = () => problem(404, "list_not_found", "Shopping list not found.");

/** `?units=metric|us|as-written` (decision 0007); anything else is as written. */
function unitsOf(url: URL): UnitChoice {
  const u = url.searchParams.get("units");
  return isUnitChoice(u) ? u : "as-written";
}

export const listRoutes: Route[] = [
  serve(listEndpoints.create, "public", async ({ db, body: readBody, caller }) => {
    const started = performance.now();
    const body = await readBody();
    // Server time per phase for the bench (bench/web.ts). A deployed Worker's clock only moves
    // across I/O, so there CPU time shows up in the phase that ends with the next I/O.
    const phases: string[] = [];
    let last = performance.now();
    const list = await createShoppingList(db, caller, body, (phase) => {
      const now = performance.now();
      phases.push(`${phase};dur=${(now - last).toFixed(1)}`);
      last = now;
    });
    const total = `app;dur=${(performance.now() - started).toFixed(1)}`;
    return json(list, {
      status: 201,
      headers: { location: pathOf(listEndpoints.get.path, { id: list.id }), "server-timing": [total, ...phases].join(", ") },
    });
  }),
  serve(listEndpoints.get, "public", async ({ caller, db, params, url }) => {
    if (!isWellFormedId(param(params, "id"))) return notFound();
    // Anyone with the id reads a personal list; a household list only its members (decision 0036).
    const found = await readListFor(db, caller, param(params, "id"), unitsOf(url));
    return found ? json(found.list) : notFound();
  }),
  // Shopping mode: ticks, hand-typed items, edits, moves and staples, one or a queued batch.
  serve(listEndpoints.changes, "public", async ({ caller, db, env, params, request, url, body: readBody }) => {
    if (!isWellFormedId(param(params, "id"))) return notFound();
    // Per session when signed in, else per client address (decision 0025).
    await checkRate(request, env, LIST_CHANGES_LIMIT, caller);
    const body = await readBody(200_000);
    // Through the list's room: one order for every change of the list, sent live to every open page (decision 0037).
    return json(await applyThroughRoom(env, db, caller, param(params, "id"), readEditToken(request), body.changes, unitsOf(url)));
  }),
  // A recipe added to the list, through its room like every change of it: open pages see the amounts change (decision 0037).
  serve(listEndpoints.addRecipe, "public", async ({ caller, db, env, params, request, url, body: readBody }) => {
    if (!isWellFormedId(param(params, "id"))) return notFound();
    await checkRate(request, env, LIST_CHANGES_LIMIT, caller);
    const body = await readBody();
    return json(
      await addRecipeThroughRoom(env, db, caller, param(params, "id"), readEditToken(request), body.recipeId, body.scale, unitsOf(url)),
    );
  }),
  // Rename: whoever may change the list (its owner, its household's members, a signed-out list's edit token).
  serve(shopEndpoints.renameList, "public", async ({ caller, db, env, params, request, body: readBody }) => {
    if (!isWellFormedId(param(params, "id"))) return notFound();
    await checkRate(request, env, LIST_CHANGES_LIMIT, caller);
    const body = await readBody();
    // Through the list's room, so the open pages show the new name at once (decision 0037).
    return json(await renameThroughRoom(env, db, caller, param(params, "id"), readEditToken(request), body.name));
  }),
  serve(listEndpoints.remove, "public", async ({ db, caller, env, params, request }) => {
    if (!isWellFormedId(param(params, "id"))) return notFound();
    await deleteShoppingList(db, caller, param(params, "id"), readEditToken(request));
    // Pages open on it hear that it is gone.
    await listAccessChanged(env, [param(params, "id")]);
    return new Response(null, { status: 204 });
  }),
  serve(listEndpoints.removeItem, "public", async ({ env, db, caller, params, request }) => {
    if (!isWellFormedId(param(params, "id"))) return notFound();
    // A removal like any other (decision 0037): recorded, so no stale device brings the item back.
    const itemId = param(params, "itemId");
    if (!isWellFormedId(itemId)) return problem(404, "item_not_found", "That item is not on this shopping list.");
    const done = await applyThroughRoom(
      env,
      db,
      caller,
      param(params, "id"),
      readEditToken(request),
      [{ op: "remove", itemId }],
      "as-written",
    );
    if (done.missing.length) return problem(404, "item_not_found", "That item is not on this shopping list.");
    return new Response(null, { status: 204 });
  }),
];
