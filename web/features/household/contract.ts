/**
 * The household feature's wire contract (decision 0036): request and answer schemas of /api/household/*
 * and PUT /api/shopping-lists/{id}/household, the limits, and the client group over core's transport.
 * zod only: the server routes, the pages and the tests share it.
 *
 * A signed-in user is in at most one household, so the API speaks of "the caller's household"
 * (/api/household) and never takes a household id: nobody can name someone else's household.
 */
import { z } from "zod";
import { callEndpoint, endpoint } from "../../../core/api/endpoint.ts";
import type { CallOptions, Transport } from "../../../core/api/transport.ts";

/** How long an invitation stays valid. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many people in a household, the owner included. */
export const HOUSEHOLD_MEMBERS_MAX = 12;
/** Invitations waiting (not used, revoked or expired) at most per household. */
export const INVITES_PENDING_MAX = 10;
/** Invitations made per household in a rolling day. */
export const INVITES_PER_DAY = 20;
/** E-mailed invitations to one address in a rolling day (from any household). */
export const INVITES_PER_ADDRESS_PER_DAY = 3;
export const HOUSEHOLD_NAME_MAX = 60;
export const INVITE_EMAIL_MAX = 254;

export const HouseholdNameSchema = z
  .string()
  .trim()
  .min(1, "Give the household a name.")
  .max(HOUSEHOLD_NAME_MAX, `At most ${HOUSEHOLD_NAME_MAX} characters.`);

/** Body of POST /api/household. */
export const CreateHouseholdRequestSchema = z.object({ name: HouseholdNameSchema });
export type CreateHouseholdRequest = z.infer<typeof CreateHouseholdRequestSchema>;

/** Body of POST /api/household/invites: with `email`, the invitation is mailed there; without, the answer carries the link. */
export const CreateInviteRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(INVITE_EMAIL_MAX, `At most ${INVITE_EMAIL_MAX} characters.`)
    .regex(/^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/, "Please enter a valid email address.")
    .optional(),
});
export type CreateInviteRequest = z.infer<typeof CreateInviteRequestSchema>;

/** An invitation token as it travels in the link (/invite/{token}): 256 random bits, base64url. */
export const InviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{40,64}$/, "This invitation link is not valid.");

/** Body of POST /api/household/invites/preview and .../accept. */
export const InviteTokenRequestSchema = z.object({ token: InviteTokenSchema });

/** Body of PUT /api/shopping-lists/{id}/household: true moves the list into the caller's household, false makes it personal again. */
export const MoveListRequestSchema = z.object({ household: z.boolean() });

export const HouseholdMemberSchema = z.object({
  id: z.string(),
  /** First name, else "A member" (e-mail addresses are shown to the owner only). */
  name: z.string(),
  /** Only in the owner's view, for telling members apart. */
  email: z.string().optional(),
  role: z.enum(["owner", "member"]),
  joinedAt: z.string(),
  /** This member is the caller. */
  you: z.boolean(),
});

export const HouseholdInviteSchema = z.object({
  id: z.string(),
  /** Where it was mailed; null for a link. */
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Whether the caller may revoke it (its inviter, or the owner). */
  canRevoke: z.boolean(),
});

export const HouseholdListSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  itemCount: z.number(),
  /** The creator's first name, or null when it is the caller's own list. */
  by: z.string().nullable(),
});

/** GET /api/household and every answer that changes it. */
export const HouseholdSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(["owner", "member"]),
  createdAt: z.string(),
  members: z.array(HouseholdMemberSchema),
  invites: z.array(HouseholdInviteSchema),
  lists: z.array(HouseholdListSchema),
});
export type Household = z.infer<typeof HouseholdSchema>;

export const HouseholdStateSchema = z.object({ household: HouseholdSchema.nullable() });
export type HouseholdState = z.infer<typeof HouseholdStateSchema>;

/** Answer of POST /api/household/invites: the invitation, and for a link invitation the link (shown once). */
export const CreatedInviteSchema = z.object({
  invite: HouseholdInviteSchema,
  /** Absolute /invite/{token} address; absent for an e-mailed invitation (only the mail has it). */
  link: z.string().optional(),
});
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

/** Answer of POST /api/household/invites/preview: what the invitee is asked to join. */
export const InvitePreviewSchema = z.object({
  household: z.string(),
  /** The inviter's first name, or null. */
  invitedBy: z.string().nullable(),
  members: z.number(),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

/** Answer of PUT /api/shopping-lists/{id}/household. */
export const MovedListSchema = z.object({ id: z.string(), household: z.object({ id: z.string(), name: z.string() }).nullable() });

/** The household endpoints: all need a signed-in caller. */
export const householdEndpoints = {
  get: endpoint("GET", "/api/household", { answer: HouseholdStateSchema }),
  create: endpoint("POST", "/api/household", { request: CreateHouseholdRequestSchema, answer: HouseholdSchema }),
  remove: endpoint("DELETE", "/api/household"),
  leave: endpoint("POST", "/api/household/leave"),
  removeMember: endpoint("DELETE", "/api/household/members/:userId"),
  invite: endpoint("POST", "/api/household/invites", { request: CreateInviteRequestSchema, answer: CreatedInviteSchema }),
  revokeInvite: endpoint("DELETE", "/api/household/invites/:inviteId"),
  /** POST, not GET: the token stays out of access logs' query strings. */
  preview: endpoint("POST", "/api/household/invites/preview", { request: InviteTokenRequestSchema, answer: InvitePreviewSchema }),
  accept: endpoint("POST", "/api/household/invites/accept", { request: InviteTokenRequestSchema, answer: HouseholdSchema }),
  moveList: endpoint("PUT", "/api/shopping-lists/:id/household", { request: MoveListRequestSchema, answer: MovedListSchema }),
};

/** The household endpoints over core's transport (the pages build one with the browser's fetch). */
export function householdGroup(transport: Transport) {
  const ep = householdEndpoints;
  return {
    get: (opts?: CallOptions) => callEndpoint(transport, ep.get, {}, opts),
    create: (body: CreateHouseholdRequest) => callEndpoint(transport, ep.create, { body }),
    remove: () => callEndpoint(transport, ep.remove, {}),
    leave: () => callEndpoint(transport, ep.leave, {}),
    removeMember: (userId: string) => callEndpoint(transport, ep.removeMember, { params: { userId } }),
    invite: (body: CreateInviteRequest) => callEndpoint(transport, ep.invite, { body }),
    revokeInvite: (inviteId: string) => callEndpoint(transport, ep.revokeInvite, { params: { inviteId } }),
    preview: (token: string) => callEndpoint(transport, ep.preview, { body: { token } }),
    accept: (token: string) => callEndpoint(transport, ep.accept, { body: { token } }),
    moveList: (listId: string, household: boolean) => callEndpoint(transport, ep.moveList, { params: { id: listId }, body: { household } }),
  };
}

/**
 * Where the sign-in page goes after signing in: an invitation's page when it sent the visitor there
 * (`/auth?next=/invite/{token}`, decision 0036), else home. Nothing else is followed, so the parameter
 * cannot send anyone to another site or page.
 */
const INVITE_PATH = /^\/invite\/[A-Za-z0-9_-]{40,64}$/;

export function afterSignIn(next: string | null): string {
  return next && INVITE_PATH.test(next) ? next : "/";
}

/** The sign-in page's address that comes back to this invitation afterwards. */
export function signInFor(token: string, mode: "login" | "register" = "login"): string {
  return `/auth?${mode === "register" ? "mode=register&" : ""}next=${encodeURIComponent(`/invite/${token}`)}`;
}
