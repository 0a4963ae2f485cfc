/**
 * The contact form (decision 0021): a message is stored in contact_messages and, when SUPPORT_EMAIL
 * names a support address, its mail is queued in the outbox (decision 0021) in the same D1 batch, so a
 * stored message always has its mail and the other way round. Messages are kept 2 years (the Privacy
 * Policy): each write deletes older rows, and so does the scheduled cleanup.
 */
import { count, desc, gte, lt, sql } from "drizzle-orm";
import type { AdminContactMessagesResponse, ContactCategory } from "../../core/api/contact.ts";
import { isContactCategory } from "../../core/api/contact.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, mailOutbox } from "../db/schema.ts";
import { newId } from "../lib/ids.ts";
import { outboxRow } from "../mail/outbox.ts";
import { contactMail } from "../mail/templates.ts";

/** The Privacy Policy: support messages are kept up to 2 years. */
export const CONTACT_RETENTION_MS = 2 * 365 * 24 * 60 * 60 * 1000;

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  category: ContactCategory | null;
  message: string;
}

export interface StoredContact {
  id: string;
  /** The queued mail's outbox id, or null when no support address is set. */
  outboxId: string | null;
}

const retentionCutoff = (now: Date) => new Date(now.getTime() - CONTACT_RETENTION_MS);

/** Stores the message, queues its mail to `supportEmail` (when set) and drops messages past retention. */
export async function storeContactMessage(
  db: Db,
  input: ContactInput,
  supportEmail: string | null,
  now = new Date(),
): Promise<StoredContact> {
  const id = newId();
  const outboxId = supportEmail ? newId() : null;
  const insert = db.insert(contactMessages).values({ id, ...input, outboxId, createdAt: now });
  const prune = db.delete(contactMessages).where(lt(contactMessages.createdAt, retentionCutoff(now)));
  if (supportEmail && outboxId) {
    const mail = contactMail(supportEmail, { ...input, receivedAt: now });
    const queue = db.insert(mailOutbox).values(outboxRow(outboxId, mail, now));
    await db.batch([insert, queue, prune]);
  } else {
    await db.batch([insert, prune]);
  }
  return { id, outboxId };
}

/** The scheduled cleanup: deletes messages older than the retention period; returns how many went. */
export async function deleteExpiredContactMessages(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, retentionCutoff(now)))
    .returning({ id: contactMessages.id });
  return gone.length;
}

/** One page of messages, newest first, for the admin desk (read-only); none past retention. */
export async function listContactMessages(
  db: Db,
  query: { page: number; pageSize: number },
  now = new Date(),
): Promise<AdminContactMessagesResponse> {
  const kept = gte(contactMessages.createdAt, retentionCutoff(now));
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(contactMessages)
      .where(kept)
      .orderBy(desc(contactMessages.createdAt), desc(sql`rowid`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(contactMessages).where(kept),
  ]);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      category: isContactCategory(r.category) ? r.category : null,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals[0]?.n ?? 0,
  };
}
