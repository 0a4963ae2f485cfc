/**
 * 'Don't send me lists' (decision 0044). Each list mail carries a link with a random 256-bit token (only its
 * SHA-256 is stored, with the hash of the address the mail went to); the link is the mail's List-Unsubscribe
 * header too. Whoever holds it may stop list mails to that address, or start them again; it gives no other
 * right and names no account. The opt-out itself is keyed by the address's hash alone, so it holds for every
 * later list mail to that address, whoever sends it. Account mails (reset, verification) are not lists and
 * still go.
 */
import { eq, lt } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import { mailOptOutLinks, mailOptOuts } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newToken } from "../../../../worker/lib/ids.ts";
import { DomainError } from "../../../../worker/services/errors.ts";

/** How long a mail's opt-out link works (the scheduled job forgets older links). */
export const OPT_OUT_LINK_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** The key of an address: SHA-256 of the trimmed, lower-cased address (as list_email_sends counts it). */
export const addressHash = (address: string) => sha256Hex(address.trim().toLowerCase());

/** The page a mail's link opens (GET: a confirmation; POST: done, RFC 8058 one-click). */
export const optOutUrl = (appOrigin: string, token: string) => new URL(`/email-opt-out/${encodeURIComponent(token)}`, appOrigin).href;

/** A new link for a mail to this address: the token (for the mail) and the row to write with it. */
export async function newOptOutLink(hashOfAddress: string, now: Date) {
  const token = newToken();
  return { token, row: { tokenHash: await sha256Hex(token), addressHash: hashOfAddress, createdAt: now } };
}

export const isOptedOut = async (db: Db, hashOfAddress: string): Promise<boolean> =>
  (await db.select({ h: mailOptOuts.addressHash }).from(mailOptOuts).where(eq(mailOptOuts.addressHash, hashOfAddress)).limit(1)).length > 0;

const INVALID_LINK = () =>
  new DomainError("not_found", "opt_out_link_invalid", "This link is not valid. Please use the link from the e-mail you received.");

async function linkAddress(db: Db, token: string, now: Date): Promise<string> {
  if (!token || token.length > 200) throw INVALID_LINK();
  const [row] = await db
    .select({ addressHash: mailOptOutLinks.addressHash, createdAt: mailOptOutLinks.createdAt })
    .from(mailOptOutLinks)
    .where(eq(mailOptOutLinks.tokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row || row.createdAt.getTime() < now.getTime() - OPT_OUT_LINK_TTL_MS) throw INVALID_LINK();
  return row.addressHash;
}

/** Whether the link's address gets lists now (404 `opt_out_link_invalid` for an unknown or old link). */
export async function optOutState(db: Db, token: string, now = new Date()): Promise<{ optedOut: boolean }> {
  return { optedOut: await isOptedOut(db, await linkAddress(db, token, now)) };
}

/** Stops list mails to the link's address (again is fine). */
export async function optOut(db: Db, token: string, now = new Date()): Promise<{ optedOut: true }> {
  const hash = await linkAddress(db, token, now);
  await db.insert(mailOptOuts).values({ addressHash: hash, createdAt: now }).onConflictDoNothing();
  return { optedOut: true };
}

/** Lets list mails reach the link's address again. */
export async function optBackIn(db: Db, token: string, now = new Date()): Promise<{ optedOut: false }> {
  const hash = await linkAddress(db, token, now);
  await db.delete(mailOptOuts).where(eq(mailOptOuts.addressHash, hash));
  return { optedOut: false };
}

/** The scheduled job: forgets links older than OPT_OUT_LINK_TTL_MS (the opt-outs themselves stay). */
export async function pruneOptOutLinks(db: Db, now = new Date()): Promise<void> {
  await db.delete(mailOptOutLinks).where(lt(mailOptOutLinks.createdAt, new Date(now.getTime() - OPT_OUT_LINK_TTL_MS)));
}
