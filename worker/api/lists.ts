/** The shopping-list endpoints (SPEC §7); rules in worker/services/lists.ts. */
import { CreateShoppingListRequestSchema } from "../../core/api/lists.ts";
import { json, problem, readJson } from "../http/problem.ts";
import type { Route } from "../http/router.ts";
import { isWellFormedId } from "../lib/ids.ts";
import { findCurrentUser } from "../services/current-user.ts";
import { createShoppingList, deleteShoppingList, getShoppingList, removeShoppingListItem } from "../services/lists.ts";

const notFound = () => problem(404, "list_not_found", "Shopping list not found.");

export const listRoutes: Route[] = [
  {
    method: "POST",
    path: "/api/shopping-lists",
    async handler({ db, request }) {
      const started = performance.now();
      const body = await readJson(request, CreateShoppingListRequestSchema);
      // Server time per phase for the bench (bench/web.ts). A deployed Worker's clock only moves
      // across I/O, so there CPU time shows up in the phase that ends with the next I/O.
      const phases: string[] = [];
      let last = performance.now();
      // The session lookup runs alongside the recipe read (one round trip, not two, when signed in).
      const caller = findCurrentUser(db, request).then((user) => user?.id ?? null);
      const list = await createShoppingList(db, caller, body, (phase) => {
        const now = performance.now();
        phases.push(`${phase};dur=${(now - last).toFixed(1)}`);
        last = now;
      });
      const total = `app;dur=${(performance.now() - started).toFixed(1)}`;
      return json(list, {
        status: 201,
        headers: { location: `/api/shopping-lists/${list.id}`, "server-timing": [total, ...phases].join(", ") },
      });
    },
  },
  {
    method: "GET",
    path: "/api/shopping-lists/:id",
    async handler({ db, params }) {
      if (!isWellFormedId(params.id!)) return notFound();
      const list = await getShoppingList(db, params.id!);
      return list ? json(list) : notFound();
    },
  },
  {
    method: "DELETE",
    path: "/api/shopping-lists/:id",
    async handler({ db, request, params }) {
      if (!isWellFormedId(params.id!)) return notFound();
      const user = await findCurrentUser(db, request);
      await deleteShoppingList(db, user?.id ?? null, params.id!);
      return new Response(null, { status: 204 });
    },
  },
  {
    method: "DELETE",
    path: "/api/shopping-lists/:id/items/:itemId",
    async handler({ db, request, params }) {
      if (!isWellFormedId(params.id!)) return notFound();
      const user = await findCurrentUser(db, request);
      await removeShoppingListItem(db, user?.id ?? null, params.id!, params.itemId!);
      return new Response(null, { status: 204 });
    },
  },
];
