/**
 * Households (decision 0036): a signed-in user makes one and invites people by a link or by e-mail
 * (through the outbox); an invitation is valid 7 days, works once and can be withdrawn. Members read
 * and change the household's lists; the owner removes members and deletes the household; a member
 * leaves with one click. A user is in at most one household. Every change writes an audit line in
 * the same batch. Functions that change who may use which lists answer the ids of the lists
 * concerned, so the caller can tell their live rooms to check their connections again.
 */
import type { Db } from "../../../../worker/db/client.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { layout, type MailContent } from "../../../../worker/mail/templates.ts";
import { callerUserId, type Caller, type CallerUser } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { findList } from "../../shopping-list/server/service.ts";
import {
  type CreateInviteRequest,
  type CreatedInvite,
  type Household,
  HOUSEHOLD_MEMBERS_MAX,
  INVITE_TTL_MS,
  INVITES_PENDING_MAX,
  INVITES_PER_ADDRESS_PER_DAY,
  INVITES_PER_DAY,
  type InvitePreview,
} from "../contract.ts";
import {
  acceptInviteRow,
  deleteHouseholdRow,
  deleteMember,
  findInviteByToken,
  findMembership,
  insertHousehold,
  insertInvite,
  inviteCounts,
  type Membership,
  readHouseholdParts,
  revokeInviteRow,
  setListHousehold,
} from "./queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What each refusal says (docs/product/messages.md). */
export const HOUSEHOLD_MESSAGES = {
  noHousehold: "You are not in a household.",
  alreadyIn: "You are already in a household. Leave it before you start or join another one.",
  notOwner: "Only the household's owner can do this.",
  ownerLeaves: "You own this household: delete it instead of leaving it.",
  memberNotFound: "That person is not in your household.",
  inviteUnknown: "This invitation link is not valid. Ask for a new one.",
  inviteUsed: "This invitation has already been used. Ask for a new one.",
  inviteRevoked: "This invitation was withdrawn. Ask for a new one.",
  inviteExpired: "This invitation has expired (they last 7 days). Ask for a new one.",
  inviteNotFound: "That invitation is not waiting any more.",
  full: `This household is full: it has ${HOUSEHOLD_MEMBERS_MAX} people.`,
  pendingMax: `Your household has ${INVITES_PENDING_MAX} invitations waiting. Withdraw one before you invite someone else.`,
  perDay: `Your household has sent ${INVITES_PER_DAY} invitations today, as many as we allow in a day. Please try again later.`,
  perAddress: "This address has been invited as often as we allow in a day. Please try again later.",
  moveInNotYours: "Only your own lists can be moved into your household.",
  moveOutNotYours: "Only the person who made this list can take it out of the household.",
} as const;

const noHousehold = () => new DomainError("not_found", "no_household", HOUSEHOLD_MESSAGES.noHousehold);

async function requireMembership(db: Db, user: CallerUser): Promise<Membership> {
  const m = await findMembership(db, user.id);
  if (!m) throw noHousehold();
  return m;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The caller's household as they see it: members (e-mails for the owner only), waiting invitations, lists. */
export async function readHousehold(db: Db, user: CallerUser, now = Date.now()): Promise<Household | null> {
  const m = await findMembership(db, user.id);
  if (!m) return null;
  const parts = await readHouseholdParts(db, m.householdId, now);
  const owner = m.role === "owner";
  return {
    id: m.householdId,
    name: m.name,
    role: m.role,
    createdAt: iso(m.createdAt),
    members: parts.members.map((p) => ({
      id: p.userId,
      name: p.firstName.trim() || (p.role === "owner" ? "The owner" : "A member"),
      ...(owner ? { email: p.email } : {}),
      role: p.role,
      joinedAt: iso(p.joinedAt),
      you: p.userId === user.id,
    })),
    invites: parts.invites.map((i) => ({
      id: i.id,
      email: i.email,
      createdAt: iso(i.createdAt),
      expiresAt: iso(i.expiresAt),
      canRevoke: owner || i.invitedBy === user.id,
    })),
    lists: parts.lists.map((l) => ({
      id: l.id,
      name: l.name,
      createdAt: iso(l.createdAt),
      itemCount: Number(l.itemCount),
      by: l.userId === user.id ? null : l.creatorName?.trim() || "A member",
    })),
  };
}

export async function createHousehold(db: Db, user: CallerUser, name: string): Promise<Household> {
  if (!(await insertHousehold(db, newId(), name, user.id)))
    throw new DomainError("conflict", "already_in_household", HOUSEHOLD_MESSAGES.alreadyIn);
  const made = await readHousehold(db, user);
  if (!made) throw noHousehold();
  return made;
}

/** Deletes the caller's household (owner only); answers the ids of the lists it had. */
export async function deleteHousehold(db: Db, user: CallerUser): Promise<string[]> {
  const m = await requireMembership(db, user);
  if (m.role !== "owner") throw new DomainError("forbidden", "not_household_owner", HOUSEHOLD_MESSAGES.notOwner);
  const lists = await deleteHouseholdRow(db, m.householdId, user.id);
  if (!lists) throw noHousehold();
  return lists;
}

/** The caller leaves their household (a member; the owner deletes it instead); answers its list ids. */
export async function leaveHousehold(db: Db, user: CallerUser): Promise<string[]> {
  const m = await requireMembership(db, user);
  if (m.role === "owner") throw new DomainError("conflict", "owner_cannot_leave", HOUSEHOLD_MESSAGES.ownerLeaves);
  const lists = await deleteMember(db, m.householdId, user.id, user.id);
  if (!lists) throw noHousehold();
  return lists;
}

/** The owner removes a member; answers the household's list ids. */
export async function removeMember(db: Db, user: CallerUser, memberId: string): Promise<string[]> {
  const m = await requireMembership(db, user);
  if (m.role !== "owner") throw new DomainError("forbidden", "not_household_owner", HOUSEHOLD_MESSAGES.notOwner);
  if (memberId === user.id) throw new DomainError("conflict", "owner_cannot_leave", HOUSEHOLD_MESSAGES.ownerLeaves);
  const lists = await deleteMember(db, m.householdId, memberId, user.id);
  if (!lists) throw new DomainError("not_found", "member_not_found", HOUSEHOLD_MESSAGES.memberNotFound);
  return lists;
}

/** The invitation mail (docs/product/messages.md). */
export function householdInviteMail(to: string, m: { inviter: string; household: string; link: string }): MailContent {
  const who = m.inviter.trim() || "Someone";
  const subject = `${who} invited you to share shopping lists on recipecart`;
  const lines = [
    `${who} invited you to join the household "${m.household}" on recipecart: its members see and change the household's shopping lists, live, as they shop.`,
    "Open the link below and sign in (or create an account) to join. The link works once and expires in 7 days.",
    "If you did not expect this, you can ignore this e-mail.",
  ];
  return {
    kind: "household_invite",
    to,
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\n${m.link}\n\n${lines[2]}\n`,
    html: layout(subject, lines.slice(0, 2), { label: "Join the household", href: m.link }, lines.slice(2)),
  };
}

export interface InviteOptions {
  appOrigin: string;
  now?: number;
}

/**
 * Makes an invitation from a member (decision 0036): a link shown once in the answer, or with `email`
 * a mail through the outbox (`outboxId` to deliver). Limits: INVITES_PENDING_MAX waiting, INVITES_PER_DAY
 * made per household and INVITES_PER_ADDRESS_PER_DAY mails to one address in a rolling day, and no
 * invitation while the household is full.
 */
export async function createInvite(
  db: Db,
  user: CallerUser,
  body: CreateInviteRequest,
  opts: InviteOptions,
): Promise<CreatedInvite & { outboxId: string | null }> {
  const m = await requireMembership(db, user);
  const now = opts.now ?? Date.now();
  const email = body.email?.trim() || null;
  const counts = await inviteCounts(db, m.householdId, email?.toLowerCase() ?? null, now, now - DAY_MS);
  if (counts.members >= HOUSEHOLD_MEMBERS_MAX) throw new DomainError("conflict", "household_full", HOUSEHOLD_MESSAGES.full);
  if (counts.pending >= INVITES_PENDING_MAX) throw new DomainError("conflict", "invites_pending_max", HOUSEHOLD_MESSAGES.pendingMax);
  const retryAfter = (oldest: number | null) => Math.max(1, Math.ceil(((oldest ?? now) + DAY_MS - now) / 1000));
  if (counts.today >= INVITES_PER_DAY) {
    throw new DomainError("rate_limited", "invite_limit", HOUSEHOLD_MESSAGES.perDay, { retryAfterSeconds: retryAfter(counts.oldestToday) });
  }
  if (email && counts.toAddress >= INVITES_PER_ADDRESS_PER_DAY) {
    throw new DomainError("rate_limited", "invite_limit", HOUSEHOLD_MESSAGES.perAddress, {
      retryAfterSeconds: retryAfter(counts.oldestToAddress),
    });
  }
  const token = newToken();
  const id = newId();
  const link = `${opts.appOrigin.replace(/\/+$/, "")}/invite/${token}`;
  const expiresAt = now + INVITE_TTL_MS;
  let outbox: D1PreparedStatement | null = null;
  let outboxId: string | null = null;
  if (email) {
    outboxId = newId();
    const mail = householdInviteMail(email, { inviter: user.firstName, household: m.name, link });
    // Written only with the invitation (same batch, same condition).
    outbox = db.$client
      .prepare(
        `insert into mail_outbox (id, "to", subject, text, html, kind, status, created_at, secret)
         select ?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7, ?9 where exists (select 1 from household_invites where id = ?8)`,
      )
      // The token is the mail's secret: the outbox cuts it out of its copy once sent.
      .bind(outboxId, mail.to, mail.subject, mail.text, mail.html, mail.kind, now, id, token);
  }
  const made = await insertInvite(
    db,
    { id, householdId: m.householdId, tokenHash: await sha256Hex(token), email, invitedBy: user.id, createdAt: now, expiresAt },
    outbox,
  );
  if (!made) throw noHousehold();
  return {
    invite: { id, email, createdAt: iso(now), expiresAt: iso(expiresAt), canRevoke: true },
    ...(email ? {} : { link }),
    outboxId,
  };
}

export async function revokeInvite(db: Db, user: CallerUser, inviteId: string, now = Date.now()): Promise<void> {
  const m = await requireMembership(db, user);
  if (!(await revokeInviteRow(db, m.householdId, inviteId, user.id, now))) {
    throw new DomainError("not_found", "invite_not_found", HOUSEHOLD_MESSAGES.inviteNotFound);
  }
}

/** Why an invitation cannot be used now, as a domain error; null when it can. */
function inviteRefusal(invite: Awaited<ReturnType<typeof findInviteByToken>>, now: number): DomainError | null {
  if (!invite) return new DomainError("not_found", "invite_unknown", HOUSEHOLD_MESSAGES.inviteUnknown);
  if (invite.acceptedAt !== null) return new DomainError("not_found", "invite_used", HOUSEHOLD_MESSAGES.inviteUsed);
  if (invite.revokedAt !== null) return new DomainError("not_found", "invite_revoked", HOUSEHOLD_MESSAGES.inviteRevoked);
  if (invite.expiresAt <= now) return new DomainError("not_found", "invite_expired", HOUSEHOLD_MESSAGES.inviteExpired);
  return null;
}

/** What an invitation asks to join, for its page; a refusal for a used, withdrawn, expired or unknown one. */
export async function previewInvite(db: Db, token: string, now = Date.now()): Promise<InvitePreview> {
  const invite = await findInviteByToken(db, await sha256Hex(token));
  const refusal = inviteRefusal(invite, now);
  if (refusal || !invite) throw refusal;
  return {
    household: invite.household,
    invitedBy: invite.invitedByName,
    members: Number(invite.members),
    expiresAt: iso(invite.expiresAt),
  };
}

/** Joins the household with the invitation; the household as the new member sees it. */
export async function acceptInvite(db: Db, user: CallerUser, token: string, now = Date.now()): Promise<Household> {
  const tokenHash = await sha256Hex(token);
  const invite = await findInviteByToken(db, tokenHash);
  const refusal = inviteRefusal(invite, now);
  if (refusal || !invite) throw refusal;
  const current = await findMembership(db, user.id);
  if (current) throw new DomainError("conflict", "already_in_household", HOUSEHOLD_MESSAGES.alreadyIn);
  if (Number(invite.members) >= HOUSEHOLD_MEMBERS_MAX) throw new DomainError("conflict", "household_full", HOUSEHOLD_MESSAGES.full);
  if (!(await acceptInviteRow(db, tokenHash, user.id, now))) {
    // Lost a race (used by someone else a moment ago, or the caller joined elsewhere): say what stands now.
    throw (
      inviteRefusal(await findInviteByToken(db, tokenHash), now) ??
      new DomainError("conflict", "already_in_household", HOUSEHOLD_MESSAGES.alreadyIn)
    );
  }
  const joined = await readHousehold(db, user, now);
  if (!joined) throw noHousehold();
  return joined;
}

/**
 * Moves a list into the caller's household (their own personal list) or out of it (the list's
 * creator takes it back as a personal list). Answers where the list is now.
 */
export async function moveList(
  db: Db,
  caller: Caller,
  listId: string,
  into: boolean,
): Promise<{ id: string; household: { id: string; name: string } | null }> {
  const user = caller.user;
  if (!user) throw new DomainError("unauthenticated", "unauthenticated", "You are not signed in.");
  const list = await findList(db, listId, callerUserId(caller));
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  const m = await requireMembership(db, user);
  if (into) {
    if (list.householdId === m.householdId) return { id: listId, household: { id: m.householdId, name: m.name } };
    if (list.userId !== user.id || list.householdId) throw new DomainError("forbidden", "forbidden", HOUSEHOLD_MESSAGES.moveInNotYours);
  } else {
    if (list.householdId !== m.householdId) {
      if (!list.householdId && list.userId === user.id) return { id: listId, household: null };
      throw new DomainError("forbidden", list.householdId ? "not_in_household" : "forbidden", HOUSEHOLD_MESSAGES.moveOutNotYours);
    }
    if (list.userId !== user.id) throw new DomainError("forbidden", "forbidden", HOUSEHOLD_MESSAGES.moveOutNotYours);
  }
  if (!(await setListHousehold(db, listId, m.householdId, into, user.id))) {
    throw new DomainError("conflict", "list_changed", "The list changed meanwhile. Please try again.");
  }
  return { id: listId, household: into ? { id: m.householdId, name: m.name } : null };
}
