/**
 * /s/{shareId}: a list opened through its read-only share link ("Sharing", decision 0031),
 * read on the server by the loader (the same data GET /api/shares/{shareId} gives), so the first HTML
 * holds the items. Nothing on it changes the list. A revoked or unknown link: 404 and 'This shared list
 * is no longer available'; a failed read: 503 and the list page's retry.
 */
import { useCallback } from "react";
import { data, isRouteErrorResponse, useRevalidator } from "react-router";
import type { SharedList } from "../contract.ts";
import { isUnitChoice, type UnitChoice } from "../../../../core/combine/unit-choice.ts";
import { SharedListView } from "../../../components/share/shared-list-view.tsx";
import { ListLoadFailed } from "../../../components/shopping-list/list-load-failed.tsx";
import { servicesContext } from "../../../context.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { unitsFromCookie } from "../../../lib/shopping-state.ts";
import { Link } from "../../../ui/link.tsx";
import type { Route } from "./+types/shared-list.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const cookieUnits = unitsFromCookie(request.headers.get("cookie"));
  const units: UnitChoice = isUnitChoice(cookieUnits) ? cookieUnits : "as-written";
  let list: SharedList | null;
  try {
    list = await context.get(servicesContext).shares.read(params.shareId, units);
  } catch (err) {
    console.error("shared list load failed", err);
    throw data("Failed to load shopping list", { status: 503, statusText: "Service Unavailable" });
  }
  if (!list) throw data("This shared list is no longer available", { status: 404, statusText: "Not Found" });
  return { shareId: params.shareId, list, units };
}

export function headers() {
  // A revoked link must stop working at once: no shared or browser cache keeps the page.
  return { "cache-control": "no-store" };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta({
    title: loaderData?.list.name ?? (gone ? "Shared list not available" : "Shared shopping list"),
    description: "A shopping list someone shared with you, read-only.",
    personal: true,
  });
}

export default function SharedListPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const refresh = useCallback(() => void revalidator.revalidate(), [revalidator]);
  return (
    <div className="list-page">
      <SharedListView shareId={loaderData.shareId} list={loaderData.list} units={loaderData.units} onUnitsChanged={refresh} />
      <p className="list-page__back">
        <Link href="/">Back to Home</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <SharedListGone />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ListLoadFailed />;
}

function SharedListGone() {
  return (
    <div className="list-page list-page__status">
      <h1>This shared list is no longer available</h1>
      <p>The link may have been turned off by the person who shared it, or the list was deleted. Ask them for a new link.</p>
      <Link variant="primary" href="/">
        Go to Home
      </Link>
    </div>
  );
}
