/**
 * Signing in with an OAuth identity (decision 0022):
 * 1. a provider account linked before signs in its user;
 * 2. otherwise the provider must vouch for the e-mail (verified), else the sign-in is refused;
 * 3. a user with that address (case-insensitive) gets the provider account linked. If the address
 *    was never proven to us (password sign-up does not verify it), the proof now comes from the
 *    provider, and whoever registered the address before may not be its owner: the password is
 *    removed and every session of the account ends (the owner can set a password again through
 *    forgot-password, which mails the address);
 * 4. else a new user is created from the provider's names and address, without a password.
 * The session is the same as a password sign-in's (startSignedIn).
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../../worker/db/client.ts";
import { oauthAccounts, sessions, users } from "../../../../worker/db/schema.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { startSignedIn, type AccountDeps, type SignedInResult } from "./service.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import type { OAuthIdentity } from "./oauth-providers.ts";

export interface OAuthSignInResult extends SignedInResult {
  /** True when a new user was made for this identity. */
  created: boolean;
  /** True when linking removed an unproven password (see above); the page tells the user. */
  passwordRemoved: boolean;
}

export const EMAIL_UNVERIFIED = (provider: string) =>
  new DomainError("forbidden", "email_unverified", `The ${provider} account has no verified email address.`);

const emailShape = z.email();

async function linkedUser(db: Db, identity: OAuthIdentity): Promise<string | null> {
  const rows = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, identity.provider), eq(oauthAccounts.providerUserId, identity.providerUserId)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

export async function signInWithOAuth(
  deps: AccountDeps,
  identity: OAuthIdentity,
  opts: { userAgent?: string | null } = {},
): Promise<OAuthSignInResult> {
  const now = deps.now?.() ?? new Date();
  const known = await linkedUser(deps.db, identity);
  if (known) return { ...(await startSignedIn(deps, known, undefined, opts.userAgent, now)), created: false, passwordRemoved: false };

  const email = identity.email?.trim() ?? "";
  if (!identity.emailVerified || !emailShape.safeParse(email).success) throw EMAIL_UNVERIFIED(identity.provider);

  const link = (userId: string) =>
    deps.db.insert(oauthAccounts).values({
      provider: identity.provider,
      providerUserId: identity.providerUserId,
      userId,
      email,
      createdAt: now,
    });

  const existing = (
    await deps.db
      .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
  )[0];

  try {
    if (existing) {
      const unproven = existing.emailVerifiedAt === null;
      const passwordRemoved = unproven && existing.passwordHash !== "";
      if (unproven) {
        await deps.db.batch([
          link(existing.id),
          deps.db
            .update(users)
            .set({ emailVerifiedAt: now, passwordHash: "", resetTokenHash: null, resetTokenExpiry: null, updatedAt: now })
            .where(eq(users.id, existing.id)),
          deps.db.delete(sessions).where(eq(sessions.userId, existing.id)),
        ]);
      } else {
        await link(existing.id);
      }
      return { ...(await startSignedIn(deps, existing.id, undefined, opts.userAgent, now)), created: false, passwordRemoved };
    }
    const id = newId();
    await deps.db.batch([
      deps.db.insert(users).values({
        id,
        firstName: identity.firstName,
        lastName: identity.lastName,
        email,
        // No password: an empty hash never verifies (decision 0020).
        passwordHash: "",
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      link(id),
    ]);
    return { ...(await startSignedIn(deps, id, undefined, opts.userAgent, now)), created: true, passwordRemoved: false };
  } catch (err) {
    // Two first sign-ins racing (same identity, or same address): the other one won; use its link.
    if (/UNIQUE|PRIMARY KEY|constraint/i.test(String(err))) {
      const winner = await linkedUser(deps.db, identity);
      if (winner) return { ...(await startSignedIn(deps, winner, undefined, opts.userAgent, now)), created: false, passwordRemoved: false };
    }
    throw err;
  }
}
