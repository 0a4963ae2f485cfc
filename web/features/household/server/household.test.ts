/**
 * Households (decision 0036): invitations (link and e-mail, 7 days, single use, revocable, limits),
 * joining, leaving, removal, deletion, lists moved in and out, and the audit lines each writes.
 */
import { describe, expect, it, vi } from "vitest";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";
import { addUser, api, apiJson, db, makeList, manualRecipe, type TestUser } from "../../../../worker/test/signed-in.ts";
import {
  type CreatedInvite,
  type Household,
  type HouseholdState,
  INVITE_TTL_MS,
  INVITES_PENDING_MAX,
  INVITES_PER_ADDRESS_PER_DAY,
} from "../contract.ts";
import { startInsideWindow } from "../../../../worker/test/rate-window.ts";
import { auditLines, forgetEndedInviteAddresses } from "./queries.ts";
import { acceptInvite, createInvite, previewInvite } from "./service.ts";

const tokenOf = (link: string) => expectDefined(link.split("/invite/")[1]);

async function household(owner: TestUser, name = "Home"): Promise<Household> {
  return apiJson<Household>("/api/household", { method: "POST", as: owner, body: { name } }, 201);
}

async function inviteLink(inviter: TestUser): Promise<string> {
  const made = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: inviter, body: {} }, 201);
  return expectDefined(made.link);
}

async function accept(user: TestUser, link: string, status = 200) {
  return apiJson<Household & { code?: string }>(
    "/api/household/invites/accept",
    { method: "POST", as: user, body: { token: tokenOf(link) } },
    status,
  );
}

const callerUser = (u: TestUser, firstName = "") => ({
  id: u.id,
  firstName,
  lastName: "",
  email: u.email,
  isAdmin: false,
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe("households", () => {
  it("an invitation link joins once; the household shows its members, and every step is in the audit log", async () => {
    const [owner, mina, sam] = await Promise.all([addUser({ firstName: "Olive" }), addUser({ firstName: "Mina" }), addUser()]);
    const made = await household(owner);
    expect(made.role).toBe("owner");
    const link = await inviteLink(owner);
    expect(link).toMatch(/^https:\/\/recipecart\.test\/invite\/[A-Za-z0-9_-]{43}$/);

    const preview = await apiJson<{ household: string; invitedBy: string; members: number }>("/api/household/invites/preview", {
      method: "POST",
      as: mina,
      body: { token: tokenOf(link) },
    });
    expect(preview).toMatchObject({ household: "Home", invitedBy: "Olive", members: 1 });

    const joined = await accept(mina, link);
    expect(joined.role).toBe("member");
    expect(joined.members.map((m) => [m.name, m.role, m.you])).toEqual([
      ["Olive", "owner", false],
      ["Mina", "member", true],
    ]);
    // Used: nobody can use it again, not even the same person.
    expect((await accept(sam, link, 404)).code).toBe("invite_used");
    expect((await accept(mina, link, 404)).code).toBe("invite_used");

    const lines = await auditLines(db, made.id);
    expect(lines.map((l) => l.action).reverse()).toEqual(["household_created", "invite_created", "member_joined"]);
    expect(lines[0]).toMatchObject({ actorId: mina.id, subjectId: mina.id });
  });

  it("an invitation expires after 7 days; a withdrawn one never works; a user is in one household at a time", async () => {
    const [owner, other, mina] = await Promise.all([addUser({ firstName: "Olive" }), addUser(), addUser()]);
    await household(owner);
    await household(other, "Flat");
    const made = await createInvite(db, callerUser(owner, "Olive"), {}, { appOrigin: "https://recipecart.example", now: Date.now() });
    const token = tokenOf(expectDefined(made.link));
    const later = Date.now() + INVITE_TTL_MS + 1;
    await expect(previewInvite(db, token, later)).rejects.toMatchObject({ code: "invite_expired" });
    await expect(acceptInvite(db, callerUser(mina), token, later)).rejects.toMatchObject({ code: "invite_expired" });

    // In another household already: refused, and the invitation stays unused.
    expect((await accept(other, expectDefined(made.link), 409)).code).toBe("already_in_household");

    const link = await inviteLink(owner);
    const invites = expectDefined((await apiJson<HouseholdState>("/api/household", { as: owner })).household).invites;
    const id = expectDefined(invites.find((i) => i.email === null && link.length > 0)).id;
    await apiJson(`/api/household/invites/${id}`, { method: "DELETE", as: owner }, 204);
    await apiJson(`/api/household/invites/${id}`, { method: "DELETE", as: owner }, 404);
    expect((await api("/api/household/invites/accept", { method: "POST", as: mina, body: { token: tokenOf(link) } })).status).toBe(404);
    // The first invitation (not withdrawn, not expired at real time) still works for mina.
    expect((await accept(mina, expectDefined(made.link))).members).toHaveLength(2);
    // Making a second household while in one: 409.
    expect((await api("/api/household", { method: "POST", as: mina, body: { name: "Mine" } })).status).toBe(409);
    // A made-up token: a clear refusal, nothing else.
    const bad = await api("/api/household/invites/accept", { method: "POST", as: mina, body: { token: "x".repeat(43) } });
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { code: string }).code).toBe("invite_unknown");
  });

  it("an e-mailed invitation goes through the outbox with the link; limits per address and waiting invitations", async () => {
    const owner = await addUser({ firstName: "Olive" });
    const home = await household(owner);
    const to = `friend-${owner.id.toLowerCase()}@example.test`;
    const made = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: owner, body: { email: to } }, 201);
    // The link is only in the mail.
    expect(made.link).toBeUndefined();
    expect(made.invite.email).toBe(to);
    const mailTo = () =>
      db.$client
        .prepare(`select subject, text, kind, status, secret from mail_outbox where "to" = ?1`)
        .bind(to)
        .first<{ subject: string; text: string; kind: string; status: string; secret: string | null }>();
    const mail = await mailTo();
    expect(mail?.kind).toBe("household_invite");
    expect(mail?.subject).toBe("Olive invited you to share shopping lists on recipecart");
    // The token is the mail's secret: in the stored copy until sent (sending starts right after the answer).
    expect(mail?.text).toMatch(/https:\/\/recipecart\.test\/invite\/([A-Za-z0-9_-]{43}|REDACTED)\s/);
    expect(mail?.text).toContain('"Home"');
    // Once sent, the stored copy holds no live invitation.
    await vi.waitFor(async () => expect((await mailTo())?.status).toBe("sent"));
    const sent = expectDefined(await mailTo());
    expect(sent.secret).toBeNull();
    expect(sent.text).toMatch(/https:\/\/recipecart\.test\/invite\/REDACTED\s/);

    for (let i = 1; i < INVITES_PER_ADDRESS_PER_DAY; i++) {
      await apiJson("/api/household/invites", { method: "POST", as: owner, body: { email: to.toUpperCase() } }, 201);
    }
    const over = await api("/api/household/invites", { method: "POST", as: owner, body: { email: to } });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(80_000);

    // Waiting invitations: at most INVITES_PENDING_MAX at once.
    for (let i = INVITES_PER_ADDRESS_PER_DAY; i < INVITES_PENDING_MAX; i++) {
      await createInvite(db, callerUser(owner), {}, { appOrigin: "http://localhost" });
    }
    const full = await api("/api/household/invites", { method: "POST", as: owner, body: {} });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { code: string }).code).toBe("invites_pending_max");
    const bad = await api("/api/household/invites", { method: "POST", as: owner, body: { email: "not an address" } });
    expect(bad.status).toBe(400);
    expect((await auditLines(db, home.id)).filter((l) => l.action === "invite_emailed").length).toBe(INVITES_PER_ADDRESS_PER_DAY);
  });

  it("leaving and removal end access to the household's lists at once, with their favourites; the owner deletes the household", async () => {
    const [owner, mina, sam] = await Promise.all([
      addUser({ firstName: "Olive" }),
      addUser({ firstName: "Mina" }),
      addUser({ firstName: "Sam" }),
    ]);
    const home = await household(owner);
    await accept(mina, await inviteLink(owner));
    await accept(sam, await inviteLink(mina));
    const recipe = await manualRecipe("Soup", ["1 onion"], mina);
    const list = await makeList("Mina's list", [recipe.id], mina);
    // Only one's own personal list moves in.
    expect((await api(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: sam, body: { household: true } })).status).toBe(403);
    await apiJson(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: mina, body: { household: true } });
    await apiJson(`/api/shopping-lists/${list.id}/favorite`, { method: "POST", as: sam });
    const samFavorites = async () =>
      (await apiJson<{ lists: { id: string }[] }>("/api/users/me/favorites/lists", { as: sam })).lists.map((l) => l.id);
    expect(await samFavorites()).toEqual([list.id]);

    await apiJson("/api/household/leave", { method: "POST", as: sam }, 204);
    expect((await api(`/api/shopping-lists/${list.id}`, { as: sam })).status).toBe(403);
    expect(await samFavorites()).toEqual([]);

    // The creator is removed: the list stays in the household, the creator loses it (history too).
    await apiJson(`/api/household/members/${mina.id}`, { method: "DELETE", as: owner }, 204);
    expect((await api(`/api/shopping-lists/${list.id}`, { as: mina })).status).toBe(403);
    expect((await apiJson<{ lists: { id: string }[] }>("/api/users/me/shopping-lists", { as: mina })).lists).toEqual([]);
    expect((await api(`/api/shopping-lists/${list.id}`, { as: owner })).status).toBe(200);
    expect((await api(`/api/household/members/${mina.id}`, { method: "DELETE", as: owner })).status).toBe(404);

    // Deleting the household hands the list back to its creator, as a personal list.
    await apiJson("/api/household", { method: "DELETE", as: owner }, 204);
    const back = await apiJson<{ household?: unknown }>(`/api/shopping-lists/${list.id}`, { as: mina });
    expect(back.household).toBeNull();
    expect((await apiJson<{ lists: { id: string }[] }>("/api/users/me/shopping-lists", { as: mina })).lists.map((l) => l.id)).toEqual([
      list.id,
    ]);
    expect((await apiJson<HouseholdState>("/api/household", { as: owner })).household).toBeNull();

    const actions = (await auditLines(db, home.id)).map((l) => l.action).reverse();
    expect(actions).toEqual([
      "household_created",
      "invite_created",
      "member_joined",
      "invite_created",
      "member_joined",
      "list_moved_in",
      "member_left",
      "member_removed",
      "household_deleted",
    ]);
  });

  it("every invitation and membership change writes one audit line naming who and what; a refused one writes none", async () => {
    const [owner, mina, sam, stranger] = await Promise.all([
      addUser({ firstName: "Olive" }),
      addUser({ firstName: "Mina" }),
      addUser({ firstName: "Sam" }),
      addUser(),
    ]);
    const home = await household(owner);
    const byLink = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: owner, body: {} }, 201);
    const to = `audit-${owner.id.toLowerCase()}@example.test`;
    const byMail = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: owner, body: { email: to } }, 201);
    await apiJson(`/api/household/invites/${byMail.invite.id}`, { method: "DELETE", as: owner }, 204);
    await accept(mina, expectDefined(byLink.link));
    // Refused: nothing written.
    expect((await api(`/api/household/members/${owner.id}`, { method: "DELETE", as: mina })).status).toBe(403);
    expect((await api("/api/household", { method: "DELETE", as: mina })).status).toBe(403);
    expect((await api(`/api/household/invites/${byLink.invite.id}`, { method: "DELETE", as: stranger })).status).toBe(404);
    const recipe = await manualRecipe("Soup", ["1 onion"], mina);
    const list = await makeList("Mina's list", [recipe.id], mina);
    await apiJson(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: mina, body: { household: true } });
    await apiJson(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: mina, body: { household: false } });
    await apiJson("/api/household/leave", { method: "POST", as: mina }, 204);
    await accept(sam, await inviteLink(owner));
    await apiJson(`/api/household/members/${sam.id}`, { method: "DELETE", as: owner }, 204);
    await apiJson("/api/household", { method: "DELETE", as: owner }, 204);

    // The log outlives the household it names.
    const lines = (await auditLines(db, home.id)).reverse();
    const samInvite = expectDefined(lines[8]).subjectId;
    expect(lines.map((l) => [l.action, l.actorId, l.subjectId])).toEqual([
      ["household_created", owner.id, null],
      ["invite_created", owner.id, byLink.invite.id],
      ["invite_emailed", owner.id, byMail.invite.id],
      ["invite_revoked", owner.id, byMail.invite.id],
      ["member_joined", mina.id, mina.id],
      ["list_moved_in", mina.id, list.id],
      ["list_moved_out", mina.id, list.id],
      ["member_left", mina.id, mina.id],
      ["invite_created", owner.id, samInvite],
      ["member_joined", sam.id, sam.id],
      ["member_removed", owner.id, sam.id],
      ["household_deleted", owner.id, null],
    ]);
    expect(samInvite).toBeTruthy();
    // A mailed invitation's line names the invitation, not the address it went to; no line holds a token.
    expect(lines[2]?.details).toBeNull();
    const stored = await db.$client.prepare("select * from household_audit_log where household_id = ?1").bind(home.id).all();
    expect(stored.results).toHaveLength(lines.length);
    expect(JSON.stringify(stored.results).toLowerCase()).not.toContain(to.split("@")[0]);
    expect(JSON.stringify(lines)).not.toContain(tokenOf(expectDefined(byLink.link)));
  });

  it("an invitation that expired forgets the address it was mailed to (scheduled); one still usable keeps it", async () => {
    const owner = await addUser({ firstName: "Olive" });
    const home = await household(owner);
    const mail = (to: string) => apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: owner, body: { email: to } }, 201);
    const old = await mail(`old-${owner.id.toLowerCase()}@example.test`);
    const fresh = await mail(`fresh-${owner.id.toLowerCase()}@example.test`);
    await db.$client
      .prepare("update household_invites set expires_at = ?2 where id = ?1")
      .bind(old.invite.id, Date.now() - 1)
      .run();
    await forgetEndedInviteAddresses(db);
    const rows = await db.$client
      .prepare("select id, email from household_invites where household_id = ?1")
      .bind(home.id)
      .all<{ id: string; email: string | null }>();
    const byId = new Map(rows.results.map((r) => [r.id, r.email]));
    expect(byId.get(old.invite.id)).toBeNull();
    expect(byId.get(fresh.invite.id)).toBe(fresh.invite.email);
  });

  it("invitations are rate limited per session: past 10 a minute (made, previewed or accepted) a 429 with Retry-After", async () => {
    const [owner, other] = await Promise.all([addUser({ firstName: "Olive" }), addUser()]);
    await household(owner);
    // Ten calls of one session in the same minute (the limiter's windows follow the wall clock): making the link is the first.
    await startInsideWindow(15_000);
    const link = await inviteLink(owner);
    const preview = (as: TestUser) => api("/api/household/invites/preview", { method: "POST", as, body: { token: tokenOf(link) } });
    for (let i = 1; i < 10; i++) expect((await preview(owner)).status).toBe(200);
    const over = await preview(owner);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await over.json()) as { code: string }).code).toBe("rate_limited");
    // Making one counts too; another person's session is not held back.
    expect((await api("/api/household/invites", { method: "POST", as: owner, body: {} })).status).toBe(429);
    expect((await preview(other)).status).toBe(200);
  });

  it("a list moves back out only by its creator; bad bodies and ids are clear refusals", async () => {
    const [owner, mina] = await Promise.all([addUser(), addUser()]);
    await household(owner);
    await accept(mina, await inviteLink(owner));
    const recipe = await manualRecipe("Soup", ["1 onion"], owner);
    const list = await makeList("List", [recipe.id], owner);
    expect((await api(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: owner, body: {} })).status).toBe(400);
    await apiJson(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: owner, body: { household: true } });
    expect((await api(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: mina, body: { household: false } })).status).toBe(
      403,
    );
    const out = await apiJson<{ household: unknown }>(`/api/shopping-lists/${list.id}/household`, {
      method: "PUT",
      as: owner,
      body: { household: false },
    });
    expect(out.household).toBeNull();
    // Personal again: readable by its link, changed by its owner only.
    expect((await api(`/api/shopping-lists/${list.id}`, { as: mina })).status).toBe(200);
    const change = { changes: [{ op: "add", itemId: "abcdefghijklmnop", text: "milk", at: Date.now() }] };
    expect((await api(`/api/shopping-lists/${list.id}/changes`, { method: "POST", as: mina, body: change })).status).toBe(403);
    expect((await api("/api/household", { method: "POST", as: mina, body: { name: " " } })).status).toBe(400);
    expect((await api("/api/household/members/not-an-id", { method: "DELETE", as: owner })).status).toBe(404);
  });
});
