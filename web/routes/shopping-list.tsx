/**
 * /shopping-list/{id}: one list, read on the server by the route loader (the same data
 * GET /api/shopping-lists/{id} gives; anyone with the id may read it), so the first HTML already
 * holds the name, the categories and the items and the browser hydrates without fetching again.
 * Removing an item revalidates the loader. Unknown id or no id: 404 and 'Shopping List Not Found';
 * a failed read: 503 and 'Failed to load shopping list. Please try again.' (docs/decisions/0029-list-page.md).
 */
import { useCallback } from "react";
import { data, isRouteErrorResponse, useRevalidator } from "react-router";
import { emailEndpoints } from "../../core/api/email.ts";
import { listEndpoints } from "../../core/api/list-endpoints.ts";
import { shopEndpoints, type StoresResponse } from "../../core/api/shop.ts";
import type { ShoppingList } from "../../core/api/lists.ts";
import { isUnitChoice, type UnitChoice } from "../../core/combine/unit-choice.ts";
import { ListLoadFailed, ListNoAccess, ListNotFound, NO_ACCESS_TITLE } from "../components/shopping-list/list-page-status.tsx";
import { ShoppingListView } from "../components/shopping-list/shopping-list-view.tsx";
import { callerContext, servicesContext } from "../context.ts";
import { unitsFromCookie } from "../lib/shopping-state.ts";
import { pageMeta } from "../lib/meta.ts";
import { privatePageHeaders } from "../lib/private-page.ts";
import { userFromCaller } from "../lib/server-user.ts";

import { householdEndpoints } from "../features/household/contract.ts";
import { formCall, formFields } from "../lib/page-api.server.ts";
import { Link } from "../ui/link.tsx";
import type { Route } from "./+types/shopping-list.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!params.id) throw data("No shopping list was chosen", { status: 404, statusText: "Not Found" });
  // The reader's unit choice lives in a cookie so this render already uses it (decision 0007).
  const cookieUnits = unitsFromCookie(request.headers.get("cookie"));
  const units: UnitChoice = isUnitChoice(cookieUnits) ? cookieUnits : "as-written";
  let found: { list: ShoppingList; owned: boolean; mine: boolean } | { notInHousehold: true } | null;
  // The signed-in maker's household (decision 0036): they may move the list into it or out of it.
  let myHousehold: string | null = null;
  // Whether the list has a live share link (decisions 0031, 0014): known to the first HTML, so the
  // 'Shared: …' line has its place before the browser knows whether this visitor may change the list.
  let shared: boolean | null = null;
  // A signed-in shopper who may change the list chooses its store (decision 0048): their stores, for the picker.
  let stores: { id: string; name: string }[] | null = null;
  try {
    const services = context.get(servicesContext);
    const caller = context.get(callerContext);
    found = await services.lists.read(params.id, caller, units);
    if (found && "list" in found) shared = await services.shares.listShared(params.id);
    if (found && "list" in found && found.owned && userFromCaller(caller)) {
      const answer = await formCall(context, shopEndpoints.stores);
      if (answer.ok) stores = ((await answer.response.json()) as StoresResponse).stores.map((s) => ({ id: s.id, name: s.name }));
    }
    if (found && "list" in found && found.mine && !found.list.household) {
      const answer = await formCall(context, householdEndpoints.get);
      if (answer.ok) myHousehold = ((await answer.response.json()) as { household: { name: string } | null }).household?.name ?? null;
    }
  } catch (err) {
    console.error("shopping list load failed", err);
    throw data("Failed to load shopping list", { status: 503, statusText: "Service Unavailable" });
  }
  if (!found) throw data("Shopping list not found", { status: 404, statusText: "Not Found" });
  // A household list is its members' only (decision 0036): a former member or a stranger is told so.
  if (!("list" in found)) throw data("Not in this list's household", { status: 403, statusText: "Forbidden" });
  return { list: found.list, owned: found.owned, mine: found.mine, myHousehold, shared, units, stores };
}

/** Personal: no shared or browser cache keeps it (page and .data). */
export const headers = privatePageHeaders;

/**
 * The list's forms sent without the page's script (method="post"): 'Add an item' and 'Email list', each
 * through its endpoint in process (the same owner rule: the owner's session; a list made signed out keeps
 * its edit token in the browser's script, so without it only its owner's session can change it).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  const { intent, text, email } = formFields(form, ["intent", "text", "email"]);
  if (intent === "email") {
    const done = await formCall(context, emailEndpoints.list, { params: { id }, body: { email } });
    return { intent, failure: done.ok ? null : done.failure };
  }
  const itemId = crypto.randomUUID().replaceAll("-", "");
  const done = await formCall(context, listEndpoints.changes, {
    params: { id },
    body: { changes: [{ op: "add", itemId, text, at: Date.now() }] },
  });
  return { intent: "add-item", failure: done.ok ? null : done.failure };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  // Lists are private to whoever holds the link: personal = noindex.
  return pageMeta({
    title: loaderData?.list.name ?? (missing ? "Shopping List Not Found" : forbidden ? NO_ACCESS_TITLE : "Shopping list"),
    description: "A shopping list made from recipes, grouped by store category.",
    personal: true,
  });
}

export default function ShoppingListPage({ loaderData, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  // Removing an item calls the API: have its client loaded before the first press (decision 0017).
  return (
    <div className="list-page">
      {actionData?.failure ? (
        <p className="auth-card__alert container" role="alert">
          {actionData.intent === "email" ? "Email failed" : "Could not add the item"}: {actionData.failure.message ?? "Please try again."}
        </p>
      ) : null}
      <ShoppingListView
        list={loaderData.list}
        owned={loaderData.owned}
        household={loaderData.mine ? { current: loaderData.list.household?.name ?? null, mine: loaderData.myHousehold } : null}
        shared={loaderData.shared}
        units={loaderData.units}
        stores={loaderData.stores}
        onChanged={refresh}
      />
      <p className="list-page__back">
        <Link href="/">Back to Home</Link>
      </p>
    </div>
  );
}

/** 404 from the loader: not found; anything else (a failed read, here or on revalidation): retry. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ListNotFound withId={Boolean(params.id)} />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ListNoAccess />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ListLoadFailed />;
}
