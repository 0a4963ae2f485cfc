/**
 * E-mailing a shopping list (docs/product/api.md POST /api/shopping-lists/{id}/email). The mail goes
 * through the accounts outbox (decision 0021): its row is written in the same D1 batch as the send
 * record, then delivered after the response, so nothing is lost when sending fails.
 *
 * Not an open relay (decision 0021): whoever may read a list may send it, at most
 * LIST_EMAIL_LIMITS per rolling 24 hours per sender (signed-in user, else client address), per
 * recipient and per list; over a limit is 429 with Retry-After until the oldest counted send ages out.
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import { buildListEmail } from "../../core/mail/list-email.ts";
import type { Db } from "../db/client.ts";
import { findList } from "../db/lists.ts";
import { listEmailSends, mailOutbox } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { newId } from "../lib/ids.ts";
import type { Caller } from "./caller.ts";
import { DomainError } from "./errors.ts";
import { getShoppingList } from "./lists.ts";
import { assertMay } from "./policy.ts";

export const LIST_EMAIL_LIMITS = { perSender: 20, perRecipient: 5, perList: 10 } as const;
export const LIST_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface EmailListOptions {
  /** Who is sending: "u:<user id>" for a signed-in caller, else "c:<client address key>". */
  senderKey: string;
  /** Public origin for the link back to the list. */
  appOrigin: string;
  now?: Date;
}

/** Queues the list's mail; returns the outbox row id for delivery. */
export async function emailShoppingList(db: Db, caller: Caller, listId: string, to: string, opts: EmailListOptions): Promise<string> {
  const row = await findList(db, listId, caller.user?.id ?? null);
  if (!row) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  assertMay(caller, "read", "list", row);
  const now = opts.now ?? new Date();
  const recipient = to.trim();
  const recipientHash = await sha256Hex(recipient.toLowerCase());
  await assertUnderLimits(db, { senderKey: opts.senderKey, recipientHash, listId }, now);

  const list = await getShoppingList(db, listId);
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  const mail = buildListEmail({
    name: list.name,
    ingredients: list.ingredients,
    listUrl: `${opts.appOrigin.replace(/\/+$/, "")}/shopping-list/${encodeURIComponent(listId)}`,
  });
  const outboxId = newId();
  await db.batch([
    db
      .insert(mailOutbox)
      .values({ id: outboxId, to: recipient, subject: mail.subject, text: mail.text, html: mail.html, kind: "shopping_list" }),
    db.insert(listEmailSends).values({ id: newId(), listId, senderKey: opts.senderKey, recipientHash, outboxId, createdAt: now }),
  ]);
  return outboxId;
}

async function assertUnderLimits(db: Db, keys: { senderKey: string; recipientHash: string; listId: string }, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LIST_EMAIL_WINDOW_MS);
  const s = listEmailSends;
  const [c] = await db
    .select({
      sender: sql<number>`coalesce(sum(${s.senderKey} = ${keys.senderKey}), 0)`,
      senderOldest: sql<number | null>`min(case when ${s.senderKey} = ${keys.senderKey} then ${s.createdAt} end)`,
      recipient: sql<number>`coalesce(sum(${s.recipientHash} = ${keys.recipientHash}), 0)`,
      recipientOldest: sql<number | null>`min(case when ${s.recipientHash} = ${keys.recipientHash} then ${s.createdAt} end)`,
      list: sql<number>`coalesce(sum(${s.listId} = ${keys.listId}), 0)`,
      listOldest: sql<number | null>`min(case when ${s.listId} = ${keys.listId} then ${s.createdAt} end)`,
    })
    .from(s)
    .where(
      and(gt(s.createdAt, since), or(eq(s.senderKey, keys.senderKey), eq(s.recipientHash, keys.recipientHash), eq(s.listId, keys.listId))),
    );
  const over = (count: number, oldest: number | null, limit: number, message: string) => {
    if (count < limit) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(((oldest ?? now.getTime()) + LIST_EMAIL_WINDOW_MS - now.getTime()) / 1000));
    throw new DomainError("rate_limited", "email_limit", message, { retryAfterSeconds });
  };
  over(
    Number(c?.sender ?? 0),
    c?.senderOldest ?? null,
    LIST_EMAIL_LIMITS.perSender,
    "You have sent as many lists by e-mail as we allow in a day. Please try again later.",
  );
  over(
    Number(c?.recipient ?? 0),
    c?.recipientOldest ?? null,
    LIST_EMAIL_LIMITS.perRecipient,
    "This address has received as many lists as we send to one address in a day. Please try again later.",
  );
  over(
    Number(c?.list ?? 0),
    c?.listOldest ?? null,
    LIST_EMAIL_LIMITS.perList,
    "This list has been e-mailed as often as we allow in a day. Please try again later.",
  );
}
