/**
 * The household endpoints (docs/product/api.md "Households", decision 0036); rules in ./service.ts.
 * All need a signed-in caller. Making, previewing and accepting invitations count against
 * HOUSEHOLD_INVITE_LIMITER (10 a minute per session or client address; 429 with Retry-After), besides
 * the per-household and per-address daily limits the service keeps.
 */
import { json } from "../../../../worker/http/problem.ts";
import { checkRate, HOUSEHOLD_INVITE_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { isWellFormedId } from "../../../../worker/lib/ids.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { listAccessChanged } from "../../../../worker/live/rooms.ts";
import { deliverInBackground } from "../../../../worker/api/mail.ts";
import { householdEndpoints } from "../contract.ts";
import {
  acceptInvite,
  createHousehold,
  createInvite,
  deleteHousehold,
  leaveHousehold,
  moveList,
  previewInvite,
  readHousehold,
  removeMember,
  revokeInvite,
} from "./service.ts";

/** For the Worker's scheduled job. */
export { forgetEndedInviteAddresses } from "./queries.ts";

const noContent = () => new Response(null, { status: 204 });

export const householdRoutes: Route[] = [
  serve(householdEndpoints.get, "user", async ({ db, user }) => {
    return json({ household: await readHousehold(db, user) });
  }),
  serve(householdEndpoints.create, "user", async ({ db, body: readBody, user }) => {
    const body = await readBody();
    return json(await createHousehold(db, user, body.name), { status: 201 });
  }),
  serve(householdEndpoints.remove, "user", async (c) => {
    await listAccessChanged(c.env, await deleteHousehold(c.db, c.user), "household_deleted");
    return noContent();
  }),
  serve(householdEndpoints.leave, "user", async (c) => {
    await listAccessChanged(c.env, await leaveHousehold(c.db, c.user));
    return noContent();
  }),
  serve(householdEndpoints.removeMember, "user", async (c) => {
    const memberId = param(c.params, "userId");
    await listAccessChanged(c.env, await removeMember(c.db, c.user, isWellFormedId(memberId) ? memberId : ""));
    return noContent();
  }),
  serve(householdEndpoints.invite, "user", async (c) => {
    await checkRate(c.request, c.env, HOUSEHOLD_INVITE_LIMIT, c.caller);
    const body = await c.body();
    const { outboxId, ...made } = await createInvite(c.db, c.user, body, { appOrigin: appOrigin(c.env) });
    if (outboxId) deliverInBackground(c, [outboxId]);
    return json(made, { status: 201 });
  }),
  serve(householdEndpoints.revokeInvite, "user", async ({ db, params, user }) => {
    await revokeInvite(db, user, param(params, "inviteId"));
    return noContent();
  }),
  // POST, not GET: the token stays out of access logs' query strings.
  serve(householdEndpoints.preview, "user", async (c) => {
    await checkRate(c.request, c.env, HOUSEHOLD_INVITE_LIMIT, c.caller);
    const body = await c.body();
    return json(await previewInvite(c.db, body.token));
  }),
  serve(householdEndpoints.accept, "user", async (c) => {
    await checkRate(c.request, c.env, HOUSEHOLD_INVITE_LIMIT, c.caller);
    const body = await c.body();
    const household = await acceptInvite(c.db, c.user, body.token);
    return json(household);
  }),
  serve(householdEndpoints.moveList, "user", async (c) => {
    const listId = param(c.params, "id");
    const body = await c.body();
    const moved = await moveList(c.db, c.caller, isWellFormedId(listId) ? listId : "", body.household);
    await listAccessChanged(c.env, [listId]);
    return json(moved);
  }),
];
