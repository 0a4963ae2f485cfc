/**
 * Read-only share links ("Sharing", docs/product/api.md, decision 0031); rules in
 * web/features/share/server/service.ts. Creating and revoking count against the shopping-list changes limit.
 */
import { ShareIdSchema, shareEndpoints } from "../contract.ts";
import { isUnitChoice, type UnitChoice } from "../../../../core/combine/unit-choice.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { readEditToken } from "../../../../worker/http/edit-token.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import { checkRate, LIST_CHANGES_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { isWellFormedId } from "../../../../worker/lib/ids.ts";
import { liveShares, readSharedList, revokeShare, SHARE_GONE_MESSAGE, shareList } from "./service.ts";

const listNotFound = () => problem(404, "list_not_found", "Shopping list not found.");
const shareGone = () => problem(404, "share_not_found", SHARE_GONE_MESSAGE);

function unitsOf(url: URL): UnitChoice {
  const u = url.searchParams.get("units");
  return isUnitChoice(u) ? u : "as-written";
}

export const shareRoutes: Route[] = [
  // Answers the live link: 201 when this call made it, 200 when the list already had it.
  serve(shareEndpoints.create, "public", async (c) => {
    if (!isWellFormedId(param(c.params, "id"))) return listNotFound();
    await checkRate(c.request, c.env, LIST_CHANGES_LIMIT, c.caller);
    const { share, created } = await shareList(c.db, c.caller, param(c.params, "id"), readEditToken(c.request), appOrigin(c.env));
    return json(share, { status: created ? 201 : 200 });
  }),
  serve(shareEndpoints.list, "public", async (c) => {
    if (!isWellFormedId(param(c.params, "id"))) return listNotFound();
    const shares = await liveShares(c.db, c.caller, param(c.params, "id"), readEditToken(c.request), appOrigin(c.env));
    return json({ shares });
  }),
  serve(shareEndpoints.revoke, "public", async (c) => {
    if (!isWellFormedId(param(c.params, "id"))) return listNotFound();
    await checkRate(c.request, c.env, LIST_CHANGES_LIMIT, c.caller);
    const shareId = ShareIdSchema.safeParse(c.params.shareId);
    if (!shareId.success) return problem(404, "share_not_found", "This list has no share link with that id.");
    await revokeShare(c.db, c.caller, param(c.params, "id"), shareId.data, readEditToken(c.request));
    return new Response(null, { status: 204 });
  }),
  serve(shareEndpoints.get, "public", async (c) => {
    const shareId = ShareIdSchema.safeParse(c.params.shareId);
    if (!shareId.success) return shareGone();
    const list = await readSharedList(c.db, shareId.data, unitsOf(c.url));
    return list ? json(list) : shareGone();
  }),
];
