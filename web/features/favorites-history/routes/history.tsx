/**
 * /history (docs/product/screens.md): the newest 10 lists with search (?search=) and 'Show older' (?before=), rendered on the server
 * from the session cookie by the loader; signed out, the visitor is sent to /auth, which returns here.
 */
import { redirect } from "react-router";
import { HistoryView } from "../../../components/history/history-view.tsx";
import { pathOf, signInPath } from "../../../../core/lib/return-path.ts";
import { callerContext } from "../../../context.ts";
import { deleteListAction } from "../../../lib/history-action.server.ts";
import { serverApi } from "../../../lib/page-api.server.ts";
import { readHistory } from "../../../lib/history-loader.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import type { Route } from "./+types/history.ts";

/** docs/product/constants.md: the history page shows 10 lists. */
export const HISTORY_PAGE_LIMIT = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(callerContext).user) throw redirect(signInPath(pathOf(request)));
  const params = new URL(request.url).searchParams;
  return readHistory(serverApi(context), params.get("search"), HISTORY_PAGE_LIMIT, params.get("before"));
}

/** Personal: no shared or browser cache keeps it (page and .data). */
export const headers = privatePageHeaders;

/** A card's Delete sent without the page's script. */
export async function action({ request, context }: Route.ActionArgs) {
  return deleteListAction(context, await request.formData());
}

export const meta = () =>
  pageMeta({ title: "List History", description: "Your shopping lists, newest first, with search.", personal: true });

export default function History({ loaderData }: Route.ComponentProps) {
  return (
    <div className="history-page container">
      <HistoryView
        lists={loaderData.lists}
        search={loaderData.search}
        failed={loaderData.failed}
        title="List History"
        headingLevel="h1"
        paging={{ next: loaderData.next, before: loaderData.before, pageSize: HISTORY_PAGE_LIMIT }}
      />
    </div>
  );
}
