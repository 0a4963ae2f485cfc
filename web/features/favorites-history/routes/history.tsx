import { HistoryView } from "../../../components/history/history-view.tsx";
import { pageUser } from "../../../lib/page-access.server.ts";
import { deleteListAction } from "../../../lib/history-action.server.ts";
import { serverApi } from "../../../lib/page-api.server.ts";
import { readHistory } from "../../../lib/history-loader.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import type { Route } from "./+types/history.ts";

/** docs/product/constants.md: the history page shows 10 lists. */
export const HISTORY_PAGE_LIMIT = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  pageUser(context, request, "user");
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
