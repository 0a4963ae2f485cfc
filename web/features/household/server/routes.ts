/**
 * The household endpoints (docs/product/api.md "Households", decision 0036); rules in ./service.ts.
 * All need a signed-in caller. Making, previewing and accepting invitations count against
 * HOUSEHOLD_INVITE_LIMITER (10 a minute per session or client address; 429 with Retry-After), besides
 * the per-household and per-address daily limits the service keeps.
 */
import { json, readJson } from "../../../../worker/http/problem.ts";
import { checkRate, HOUSEHOLD_INVITE_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { param, type Route } from "../../../../worker/http/router.ts";
import { isWellFormedId } from "../../../../worker/lib/ids.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { listAccessChanged } from "../../../../worker/live/rooms.ts";
import { deliverInBackground } from "../../../../worker/api/mail.ts";
import { CreateHouseholdRequestSchema, CreateInviteRequestSchema, InviteTokenRequestSchema, MoveListRequestSchema } from "../contract.ts";
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
  {
    method: "GET",
    access: "user",
    path: "/api/household",
    async handler({ db, user }) {
      return json({ household: await readHousehold(db, user) });
    },
  },
  {
    method: "POST",
    access: "user",
    path: "/api/household",
    async handler({ db, request, user }) {
      const body = await readJson(request, CreateHouseholdRequestSchema);
      return json(await createHousehold(db, user, body.name), { status: 201 });
    },
  },
  {
    method: "DELETE",
    access: "user",
    path: "/api/household",
    async handler(c) {
      await listAccessChanged(c.env, await deleteHousehold(c.db, c.user), "household_deleted");
      return noContent();
    },
  },
  {
    method: "POST",
    access: "user",
    path: "/api/household/leave",
    async handler(c) {
      await listAccessChanged(c.env, await leaveHousehold(c.db, c.user));
      return noContent();
    },
  },
  {
    method: "DELETE",
    access: "user",
    path: "/api/household/members/:userId",
    async handler(c) {
      const memberId = param(c.params, "userId");
      await listAccessChanged(c.env, await removeMember(c.db, c.user, isWellFormedId(memberId) ? memberId : ""));
      return noContent();
    },
  },
  {
    method: "POST",
    access: "user",
    path: "/api/household/invites",
    async handler(c) {
      await checkRate(c.request, c.env, HOUSEHOLD_INVITE_LIMIT, c.caller);
      const body = await readJson(c.request, CreateInviteRequestSchema);
      const { outboxId, ...made } = await createInvite(c.db, c.user, body, { appOrigin: appOrigin(c.env) });
      if (outboxId) deliverInBackground(c, [outboxId]);
      return json(made, { status: 201 });
    },
  },
  {
    method: "DELETE",
    access: "user",
    path: "/api/household/invites/:inviteId",
    async handler({ db, params, user }) {
      await revokeInvite(db, user, param(params, "inviteId"));
      return noContent();
    },
  },
  {
    // POST, not GET: the token stays out of access logs' query strings.
    method: "POST",
    access: "user",
    path: "/api/household/invites/preview",
    async handler(c) {
      await checkRate(c.request, c.env, HOUSEHOLD_INVITE_LIMIT, c.caller);
      const body = await readJson(c.request, InviteTokenRequestSchema);
      return json(await previewInvite(c.db, body.token));
    },
  },
  {
    method: "POST",
    access: "user",
    path: "/api/household/invites/accept",
    async handler(c) {
      await checkRate(c.request, c.env, HOUSEHOLD_INVITE_LIMIT, c.caller);
      const body = await readJson(c.request, InviteTokenRequestSchema);
      const household = await acceptInvite(c.db, c.user, body.token);
      return json(household);
    },
  },
  {
    method: "PUT",
    access: "user",
    path: "/api/shopping-lists/:id/household",
    async handler(c) {
      const listId = param(c.params, "id");
      const body = await readJson(c.request, MoveListRequestSchema);
      const moved = await moveList(c.db, c.caller, isWellFormedId(listId) ? listId : "", body.household);
      await listAccessChanged(c.env, [listId]);
      return json(moved);
    },
  },
];
