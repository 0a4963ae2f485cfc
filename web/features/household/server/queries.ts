/**
 * The household feature's SQL (decision 0036): households, members, invitations, the household's
 * lists and its audit lines. Every change and its audit line go in ONE D1 batch; the conditions
 * that make a change allowed (the caller is the owner, the invitation is still good, the household
 * has room) sit in the statements themselves, so two requests racing cannot both pass a check.
 */
import type { Db } from "../../../../worker/db/client.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { HOUSEHOLD_MEMBERS_MAX } from "../contract.ts";

export type Role = "owner" | "member";

export interface Membership {
  householdId: string;
  name: string;
  ownerId: string;
  role: Role;
  createdAt: number;
}

/** The household the user is in, or null. */
export async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const row = await db.$client
    .prepare(
      `select h.id as householdId, h.name as name, h.owner_id as ownerId, m.role as role, h.created_at as createdAt
       from household_members m join households h on h.id = m.household_id where m.user_id = ?1`,
    )
    .bind(userId)
    .first<Membership>();
  return row ?? null;
}

export interface MemberRow {
  userId: string;
  firstName: string;
  email: string;
  role: Role;
  joinedAt: number;
}

export interface InviteRow {
  id: string;
  email: string | null;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
}

export interface HouseholdListRow {
  id: string;
  name: string;
  createdAt: number;
  itemCount: number;
  userId: string | null;
  creatorName: string | null;
}

/** Members, waiting invitations (not used, revoked or expired) and lists of a household, in one read batch. */
export async function readHouseholdParts(
  db: Db,
  householdId: string,
  now: number,
): Promise<{ members: MemberRow[]; invites: InviteRow[]; lists: HouseholdListRow[] }> {
  const d1 = db.$client;
  const [members, invites, lists] = await d1.batch([
    d1
      .prepare(
        `select m.user_id as userId, u.first_name as firstName, u.email as email, m.role as role, m.joined_at as joinedAt
         from household_members m join users u on u.id = m.user_id
         where m.household_id = ?1 order by m.role = 'owner' desc, m.joined_at, m.rowid`,
      )
      .bind(householdId),
    d1
      .prepare(
        `select id, email, invited_by as invitedBy, created_at as createdAt, expires_at as expiresAt from household_invites
         where household_id = ?1 and accepted_at is null and revoked_at is null and expires_at > ?2
         order by created_at desc, rowid desc`,
      )
      .bind(householdId, now),
    d1
      .prepare(
        `select l.id as id, l.name as name, l.created_at as createdAt, l.user_id as userId,
           (select count(*) from shopping_list_items i where i.list_id = l.id) as itemCount,
           (select u.first_name from users u where u.id = l.user_id) as creatorName
         from shopping_lists l where l.household_id = ?1 order by l.created_at desc, l.rowid desc limit 100`,
      )
      .bind(householdId),
  ]);
  return {
    members: (members?.results ?? []) as unknown as MemberRow[],
    invites: (invites?.results ?? []) as unknown as InviteRow[],
    lists: (lists?.results ?? []) as unknown as HouseholdListRow[],
  };
}

/** One audit line (decision 0036), as a statement for the change's batch. */
function audit(
  d1: D1Database,
  line: { householdId: string; action: string; actorId: string; subjectId?: string | null; details?: Record<string, unknown> },
  when = "",
): D1PreparedStatement {
  return d1
    .prepare(
      `insert into household_audit_log (id, household_id, action, actor_id, subject_id, details) select ?1, ?2, ?3, ?4, ?5, ?6 ${when}`,
    )
    .bind(newId(), line.householdId, line.action, line.actorId, line.subjectId ?? null, line.details ? JSON.stringify(line.details) : null);
}

/** Makes a household owned by `ownerId`; false when they are in one already. */
export async function insertHousehold(db: Db, id: string, name: string, ownerId: string): Promise<boolean> {
  const d1 = db.$client;
  const free = `not exists (select 1 from household_members where user_id = ?3)`;
  const [made] = await d1.batch([
    d1.prepare(`insert into households (id, name, owner_id) select ?1, ?2, ?3 where ${free} returning id`).bind(id, name, ownerId),
    d1
      .prepare(
        `insert into household_members (household_id, user_id, role) select ?1, ?2, 'owner'
         where exists (select 1 from households where id = ?1 and owner_id = ?2)`,
      )
      .bind(id, ownerId),
    audit(
      d1,
      { householdId: id, action: "household_created", actorId: ownerId, details: { name } },
      `where exists (select 1 from households where id = ?2)`,
    ),
  ]);
  return (made?.results.length ?? 0) > 0;
}

/**
 * Deletes the household (its owner only): members and invitations go with it, its lists become their
 * creators' personal lists again (ON DELETE SET NULL). Returns the ids of the lists it had, or null
 * when the caller is not its owner.
 */
export async function deleteHouseholdRow(db: Db, householdId: string, ownerId: string): Promise<string[] | null> {
  const d1 = db.$client;
  const owned = `exists (select 1 from households where id = ?1 and owner_id = ?2)`;
  const [lists, , , gone] = await d1.batch([
    d1.prepare(`select id from shopping_lists where household_id = ?1 and ${owned}`).bind(householdId, ownerId),
    audit(
      d1,
      { householdId, action: "household_deleted", actorId: ownerId },
      `where exists (select 1 from households where id = ?2 and owner_id = ?4)`,
    ),
    // Favourites of members other than a list's creator went through the household; they go with it.
    d1
      .prepare(
        `delete from favorite_lists where shopping_list_id in (select id from shopping_lists where household_id = ?1)
           and user_id != coalesce((select user_id from shopping_lists l where l.id = shopping_list_id), '') and ${owned}`,
      )
      .bind(householdId, ownerId),
    d1.prepare(`delete from households where id = ?1 and owner_id = ?2 returning id`).bind(householdId, ownerId),
  ]);
  if ((gone?.results.length ?? 0) === 0) return null;
  return (lists?.results ?? []).map((r) => String((r as { id: string }).id));
}

/**
 * Takes `userId` out of the household: leaving (`actorId` is them) or removed by the owner (`actorId`
 * the owner). The owner is never removed this way. Their favourites of the household's lists go
 * with their membership. Returns the household's list ids, or null when nothing changed.
 */
export async function deleteMember(db: Db, householdId: string, userId: string, actorId: string): Promise<string[] | null> {
  const d1 = db.$client;
  // Every statement below binds ?1-?3; leaving names the actor as the member (?3 = ?2).
  const allowed =
    actorId === userId
      ? `exists (select 1 from household_members where household_id = ?1 and user_id = ?2 and role = 'member') and ?3 = ?2`
      : `exists (select 1 from household_members where household_id = ?1 and user_id = ?2 and role = 'member')
         and exists (select 1 from households where id = ?1 and owner_id = ?3)`;
  const action = actorId === userId ? "member_left" : "member_removed";
  const [lists, , , gone] = await d1.batch([
    d1.prepare(`select id from shopping_lists where household_id = ?1`).bind(householdId),
    d1
      .prepare(
        `insert into household_audit_log (id, household_id, action, actor_id, subject_id) select ?4, ?1, ?5, ?3, ?2 where ${allowed}`,
      )
      .bind(householdId, userId, actorId, newId(), action),
    d1
      .prepare(
        `delete from favorite_lists where user_id = ?2
           and shopping_list_id in (select id from shopping_lists where household_id = ?1) and ${allowed}`,
      )
      .bind(householdId, userId, actorId),
    d1
      .prepare(`delete from household_members where household_id = ?1 and user_id = ?2 and ${allowed} returning user_id`)
      .bind(householdId, userId, actorId),
  ]);
  if ((gone?.results.length ?? 0) === 0) return null;
  return (lists?.results ?? []).map((r) => String((r as { id: string }).id));
}

/** Counts that the invitation limits look at, for one household and one address. */
export async function inviteCounts(
  db: Db,
  householdId: string,
  emailLower: string | null,
  now: number,
  dayAgo: number,
): Promise<{
  pending: number;
  today: number;
  oldestToday: number | null;
  toAddress: number;
  oldestToAddress: number | null;
  members: number;
}> {
  const row = await db.$client
    .prepare(
      `select
         (select count(*) from household_invites where household_id = ?1 and accepted_at is null and revoked_at is null and expires_at > ?3) as pending,
         (select count(*) from household_invites where household_id = ?1 and created_at > ?4) as today,
         (select min(created_at) from household_invites where household_id = ?1 and created_at > ?4) as oldestToday,
         (select count(*) from household_invites where ?2 is not null and lower(email) = ?2 and created_at > ?4) as toAddress,
         (select min(created_at) from household_invites where ?2 is not null and lower(email) = ?2 and created_at > ?4) as oldestToAddress,
         (select count(*) from household_members where household_id = ?1) as members`,
    )
    .bind(householdId, emailLower, now, dayAgo)
    .first<{
      pending: number;
      today: number;
      oldestToday: number | null;
      toAddress: number;
      oldestToAddress: number | null;
      members: number;
    }>();
  return row ?? { pending: 0, today: 0, oldestToday: null, toAddress: 0, oldestToAddress: null, members: 0 };
}

export interface NewInvite {
  id: string;
  householdId: string;
  tokenHash: string;
  email: string | null;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
}

/** Stores an invitation (and its mail's outbox row, when there is one) with its audit line, while the inviter is a member. */
export async function insertInvite(db: Db, invite: NewInvite, outbox: D1PreparedStatement | null): Promise<boolean> {
  const d1 = db.$client;
  const member = `exists (select 1 from household_members where household_id = ?2 and user_id = ?5)`;
  const statements = [
    d1
      .prepare(
        `insert into household_invites (id, household_id, token_hash, email, invited_by, created_at, expires_at)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7 where ${member} returning id`,
      )
      .bind(invite.id, invite.householdId, invite.tokenHash, invite.email, invite.invitedBy, invite.createdAt, invite.expiresAt),
    audit(
      d1,
      {
        householdId: invite.householdId,
        action: invite.email ? "invite_emailed" : "invite_created",
        actorId: invite.invitedBy,
        subjectId: invite.id,
        // Never the address (decision 0036): the line names the invitation, which holds it while it may be used.
      },
      // ?5 of the audit statement is its subject: the invitation.
      `where exists (select 1 from household_invites where id = ?5)`,
    ),
  ];
  if (outbox) statements.push(outbox);
  const [made] = await d1.batch(statements);
  return (made?.results.length ?? 0) > 0;
}

/** Revokes a waiting invitation of the household: its inviter or the owner. False when nothing changed. */
export async function revokeInviteRow(db: Db, householdId: string, inviteId: string, actorId: string, now: number): Promise<boolean> {
  const d1 = db.$client;
  const allowed = `household_id = ?1 and id = ?2 and accepted_at is null and revoked_at is null
    and (invited_by = ?3 or exists (select 1 from households where id = ?1 and owner_id = ?3))
    and exists (select 1 from household_members where household_id = ?1 and user_id = ?3)`;
  const [, done] = await d1.batch([
    d1
      .prepare(
        `insert into household_audit_log (id, household_id, action, actor_id, subject_id)
         select ?5, ?1, 'invite_revoked', ?3, ?2 where exists (select 1 from household_invites where ${allowed})`,
      )
      .bind(householdId, inviteId, actorId, now, newId()),
    d1.prepare(`update household_invites set revoked_at = ?4 where ${allowed} returning id`).bind(householdId, inviteId, actorId, now),
  ]);
  return (done?.results.length ?? 0) > 0;
}

export interface InviteByToken {
  id: string;
  householdId: string;
  household: string;
  invitedByName: string | null;
  members: number;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
}

/** The invitation with this token hash, whatever its state, with its household's name and size; null when unknown. */
export async function findInviteByToken(db: Db, tokenHash: string): Promise<InviteByToken | null> {
  const row = await db.$client
    .prepare(
      `select i.id as id, i.household_id as householdId, h.name as household,
         nullif((select first_name from users u where u.id = i.invited_by), '') as invitedByName,
         (select count(*) from household_members m where m.household_id = i.household_id) as members,
         i.expires_at as expiresAt, i.accepted_at as acceptedAt, i.revoked_at as revokedAt
       from household_invites i join households h on h.id = i.household_id where i.token_hash = ?1`,
    )
    .bind(tokenHash)
    .first<InviteByToken>();
  return row ?? null;
}

/**
 * Uses the invitation: marks it accepted by `userId` and adds them as a member, in one batch, only
 * while it is unused, not revoked, not expired, the household has room and the user is in no
 * household. Returns the household id, or null when any of that failed.
 */
export async function acceptInviteRow(db: Db, tokenHash: string, userId: string, now: number): Promise<string | null> {
  const d1 = db.$client;
  const [used] = await d1.batch([
    d1
      .prepare(
        `update household_invites set accepted_at = ?3, accepted_by = ?2
         where token_hash = ?1 and accepted_at is null and revoked_at is null and expires_at > ?3
           and not exists (select 1 from household_members where user_id = ?2)
           and (select count(*) from household_members m where m.household_id = household_invites.household_id) < ?4
         returning household_id as householdId, id`,
      )
      .bind(tokenHash, userId, now, HOUSEHOLD_MEMBERS_MAX),
    d1
      .prepare(
        `insert into household_members (household_id, user_id, role)
         select household_id, ?2, 'member' from household_invites where token_hash = ?1 and accepted_by = ?2 and accepted_at = ?3`,
      )
      .bind(tokenHash, userId, now),
    d1
      .prepare(
        `insert into household_audit_log (id, household_id, action, actor_id, subject_id, details)
         select ?4, household_id, 'member_joined', ?2, ?2, json_object('invite', id) from household_invites
         where token_hash = ?1 and accepted_by = ?2 and accepted_at = ?3`,
      )
      .bind(tokenHash, userId, now, newId()),
  ]);
  const row = used?.results[0] as { householdId?: string } | undefined;
  return row?.householdId ?? null;
}

/**
 * Moves a list into the household or out of it, with its audit line. In: the caller's own personal
 * list, while they are a member. Out: a household list its creator takes back. False when not allowed.
 */
export async function setListHousehold(db: Db, listId: string, householdId: string, into: boolean, actorId: string): Promise<boolean> {
  const d1 = db.$client;
  const member = `exists (select 1 from household_members where household_id = ?2 and user_id = ?3)`;
  const where = into
    ? `id = ?1 and user_id = ?3 and household_id is null and ${member}`
    : `id = ?1 and user_id = ?3 and household_id = ?2 and ${member}`;
  const [, moved] = await d1.batch([
    d1
      .prepare(
        `insert into household_audit_log (id, household_id, action, actor_id, subject_id)
         select ?4, ?2, ?5, ?3, ?1 where exists (select 1 from shopping_lists where ${where})`,
      )
      .bind(listId, householdId, actorId, newId(), into ? "list_moved_in" : "list_moved_out"),
    d1
      .prepare(`update shopping_lists set household_id = ?4 where ${where} returning id`)
      .bind(listId, householdId, actorId, into ? householdId : null),
    // A list taken out of the household is its creator's again: the others' favourites of it go.
    ...(into
      ? []
      : [
          d1
            .prepare(
              `delete from favorite_lists where shopping_list_id = ?1 and user_id != ?2 and exists (select 1 from shopping_lists where id = ?1 and household_id is null and user_id = ?2)`,
            )
            .bind(listId, actorId),
        ]),
  ]);
  return (moved?.results.length ?? 0) > 0;
}

/**
 * Forgets the address of every invitation that can no longer be used (decision 0036): an expired
 * one is past the day the per-address mail limit counts, so nothing needs it any more. Scheduled.
 */
export async function forgetEndedInviteAddresses(db: Db, now = Date.now()): Promise<void> {
  await db.$client.prepare("update household_invites set email = null where email is not null and expires_at < ?1").bind(now).run();
}

/** The household's audit lines, newest first (tests and the owner's view). */
export async function auditLines(db: Db, householdId: string, limit = 50) {
  const rows = await db.$client
    .prepare(
      `select action, actor_id as actorId, subject_id as subjectId, details, created_at as createdAt
       from household_audit_log where household_id = ?1 order by created_at desc, rowid desc limit ?2`,
    )
    .bind(householdId, limit)
    .all<{ action: string; actorId: string; subjectId: string | null; details: string | null; createdAt: number }>();
  return rows.results;
}
