/**
 * Delivery of mail_outbox rows (decision 0021). Every mail is written to the outbox in the same D1
 * batch as the change that causes it; then `deliver` sends it right after the response (waitUntil)
 * with a few quick retries, and the scheduled handler retries whatever is left with growing
 * backoff. A row is taken with a short lease (status "sending", next_attempt_at in two minutes), so
 * the request's attempt and the cron never send the same mail at once; a lease that runs out (an
 * isolate killed mid-send) makes the row due again. Nothing is lost when sending fails.
 * A mail's live secret (reset or invitation token, `secret`) is cut out of the stored copy as soon as the
 * mail is sent, and sent or failed mails are deleted after 30 days (`pruneOutbox`, the scheduled job).
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";
import { type MailContent, redact } from "./templates.ts";

/** After this many failed attempts a mail is marked "failed" and left for a person to look at. */
/** A mail as an outbox row, waiting to be sent (written in the same batch as what it tells of). */
export function outboxRow(id: string, mail: MailContent, now: Date) {
  return {
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo ?? null,
    secret: mail.secret ?? null,
    headers: mail.headers ?? null,
    kind: mail.kind,
    status: "pending",
    createdAt: now,
  };
}

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 2 * 60 * 1000;
/** Backoff after the n-th failure: 1, 2, 4, ... minutes, at most 2 hours. */
export const backoffMs = (attempts: number) => Math.min(2 * 60 * 60 * 1000, 60_000 * 2 ** Math.max(0, attempts - 1));

export interface DeliverOptions {
  now?: () => Date;
  /** Pause between the quick in-request retries (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  /** Quick retries inside the request's waitUntil, with these pauses (ms). */
  quickRetries?: number[];
  /** Keep a sent mail's secret in its stored copy (the development outbox only: keepSentSecrets). */
  keepSecrets?: boolean;
}

type Row = typeof mailOutbox.$inferSelect;

const due = (now: Date) =>
  and(inArray(mailOutbox.status, ["pending", "sending"]), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)));

/** Takes the row for sending if it is due; null when someone else holds it or it is done. */
async function lease(db: Db, id: string, now: Date): Promise<Row | null> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "sending", nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(mailOutbox.id, id), due(now)))
    .returning();
  return rows[0] ?? null;
}

/** One attempt at one row: sent, or back to pending with backoff (failed after MAX_ATTEMPTS). */
async function attempt(db: Db, mailer: Mailer, row: Row, now: () => Date, keepSecrets = false): Promise<boolean> {
  try {
    await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, replyTo: row.replyTo, headers: row.headers });
    // Sent: the stored copy no longer needs the secret, so it no longer holds it (nor do its headers).
    const secret = row.secret;
    const forget =
      secret && !keepSecrets
        ? {
            secret: null,
            text: redact(row.text, secret),
            html: row.html === null ? null : redact(row.html, secret),
            headers: row.headers === null ? null : Object.fromEntries(Object.entries(row.headers).map(([k, v]) => [k, redact(v, secret)])),
          }
        : {};
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: now(), attempts: row.attempts + 1, lastError: null, nextAttemptAt: null, ...forget })
      .where(eq(mailOutbox.id, row.id));
    return true;
  } catch (err) {
    const attempts = row.attempts + 1;
    const message = err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);
    await db
      .update(mailOutbox)
      .set({
        status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(now().getTime() + backoffMs(attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    row.attempts = attempts;
    return false;
  }
}

/** Sends these outbox rows now, retrying quickly a few times; what still fails waits for the cron. */
export async function deliver(db: Db, mailer: Mailer, ids: string[], opts: DeliverOptions = {}): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const pauses = opts.quickRetries ?? [1000, 3000];
  for (const id of ids) {
    for (let i = 0; i <= pauses.length; i++) {
      // The quick retries re-take the lease directly (they hold it); the first take must find it due.
      const row = i === 0 ? await lease(db, id, now()) : await leaseAfterFailure(db, id, now());
      if (!row) break;
      if (await attempt(db, mailer, row, now, opts.keepSecrets)) break;
      const pause = pauses[i];
      if (row.attempts >= MAX_ATTEMPTS || pause === undefined) break;
      await sleep(pause);
    }
  }
}

/** Re-takes a row this request just failed to send, ignoring its backoff (a quick retry). */
async function leaseAfterFailure(db: Db, id: string, now: Date): Promise<Row | null> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "sending", nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")))
    .returning();
  return rows[0] ?? null;
}

/** The scheduled retry: every due row (oldest first, at most `limit`), one attempt each. */
export async function deliverDue(
  db: Db,
  mailer: Mailer,
  opts: { now?: () => Date; limit?: number; keepSecrets?: boolean } = {},
): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? (() => new Date());
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due(now()))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(opts.limit ?? 50);
  let sent = 0;
  let failed = 0;
  for (const { id } of rows) {
    const row = await lease(db, id, now());
    if (!row) continue;
    if (await attempt(db, mailer, row, now, opts.keepSecrets)) sent++;
    else failed++;
  }
  return { sent, failed };
}

/** How long a sent (or given-up) mail's stored copy is kept. */
export const SENT_MAIL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The scheduled job: deletes sent mails 30 days after sending and given-up ones 30 days after they were
 * written (their secret, if any, with them). Pending mails stay until sent or given up.
 */
export async function pruneOutbox(db: Db, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - SENT_MAIL_TTL_MS);
  await db
    .delete(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, before)),
        and(eq(mailOutbox.status, "failed"), lt(mailOutbox.createdAt, before)),
      ),
    );
}

/**
 * The development-only listing: the newest `limit` mails (optionally to one address, any case), oldest first,
 * so a reader's last match is the newest mail.
 */
export async function listOutbox(db: Db, opts: { to?: string | null; limit?: number } = {}) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      replyTo: mailOutbox.replyTo,
      headers: mailOutbox.headers,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(opts.to ? sql`lower(${mailOutbox.to}) = lower(${opts.to.trim()})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(opts.limit ?? 200);
  return rows.reverse();
}
