/**
 * Known devices (OWASP's device-cookie pattern against account lockout): a browser that signed in to an
 * account gets an `rc_device` cookie, a random token stored only as its SHA-256 and linked to that account.
 * Later sign-ins to the same account from that browser are counted per device instead of per account, so
 * a stranger guessing passwords from elsewhere, who locks the account's address for everyone else, does not
 * lock its owner out. The per-client limit still applies to everyone. Decision 0020.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import { knownDevices, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newToken } from "../../../../worker/lib/ids.ts";

/** A device stays known for a year after its last sign-in. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const TOKEN_MAX = 200;

const usable = (token: string | null | undefined): token is string => !!token && token.length <= TOKEN_MAX;

/**
 * The device's key (its token hash) when this browser's device token signed in to the account with this
 * e-mail address before (within DEVICE_TTL_MS); null otherwise (no cookie, a forged or expired one, another account's).
 */
export async function knownDeviceFor(db: Db, token: string | null, email: string, now = new Date()): Promise<string | null> {
  if (!usable(token)) return null;
  const tokenHash = await sha256Hex(token);
  const rows = await db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(
      and(
        eq(knownDevices.tokenHash, tokenHash),
        sql`lower(${users.email}) = lower(${email.trim()})`,
        gt(knownDevices.lastUsedAt, new Date(now.getTime() - DEVICE_TTL_MS)),
      ),
    )
    .limit(1);
  return rows[0]?.tokenHash ?? null;
}

/**
 * After a successful sign-in: links this browser to the account and returns the device token for its cookie.
 * A token the browser already holds is kept only if we issued it (it is in the table); anything else gets a
 * fresh one, so a planted cookie never becomes a known device.
 */
export async function rememberDevice(db: Db, userId: string, token: string | null, now = new Date()): Promise<string> {
  let keep: string | null = null;
  if (usable(token)) {
    const hash = await sha256Hex(token);
    const issued = await db.select({ userId: knownDevices.userId }).from(knownDevices).where(eq(knownDevices.tokenHash, hash)).limit(1);
    if (issued.length) keep = token;
  }
  const deviceToken = keep ?? newToken();
  await db
    .insert(knownDevices)
    .values({ tokenHash: await sha256Hex(deviceToken), userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { lastUsedAt: now } });
  return deviceToken;
}

/** The scheduled cleanup: devices not used to sign in for a year are forgotten. */
export async function deleteExpiredDevices(db: Db, now = new Date()): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastUsedAt, new Date(now.getTime() - DEVICE_TTL_MS)));
}
