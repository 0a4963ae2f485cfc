/**
 * E-mailing a shopping list (docs/product/api.md POST /api/shopping-lists/{id}/email). The mail goes
 * through the accounts outbox (decision 0021): its row is written in the same D1 batch as the send
 * record and the mail's opt-out link, then delivered after the response, so nothing is lost when sending fails.
 *
 * Not a relay for spam or phishing (decisions 0021, 0044):
 * - whoever may read a list may send it, to one address a request;
 * - a signed-in account whose address is unproven sends to its own address only (403 `sender_unverified`);
 * - an address that asked for no lists gets none (422 `recipient_opted_out`);
 * - at most LIST_EMAIL_LIMITS per rolling 24 hours per sender (a signed-in user; a visitor, by client
 *   address, only `perVisitor`), per recipient and per list; over a limit is 429 with Retry-After until the
 *   oldest counted send ages out;
 * - the mail's subject is fixed, it names the sender (Reply-To: the signed-in sender's address), quotes the
 *   list with nothing in it as a link (core/mail/list-email.ts), and carries List-Unsubscribe (one-click).
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import { buildListEmail } from "../../../../core/mail/list-email.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { findList } from "../../shopping-list/server/service.ts";
import { listEmailSends, mailOptOutLinks, mailOutbox, users } from "../../../../worker/db/schema.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { outboxRow } from "../../../../worker/mail/outbox.ts";
import { replyToAddress } from "../../../../worker/mail/templates.ts";
import type { Caller } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { getShoppingList } from "../../shopping-list/server/service.ts";
import { addressHash, isOptedOut, newOptOutLink, optOutUrl } from "./mail-opt-out.ts";
import { assertMay } from "../../../../worker/services/policy.ts";

export const LIST_EMAIL_LIMITS = { perSender: 20, perVisitor: 3, perRecipient: 5, perList: 10 } as const;
export const LIST_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface EmailListOptions {
  /** Who is sending: "u:<user id>" for a signed-in caller, else "c:<client address key>". */
  senderKey: string;
  /** Public origin for the links in the mail (the list, 'Don't send me lists'). */
  appOrigin: string;
  now?: Date;
}

export const SENDER_UNVERIFIED = () =>
  new DomainError(
    "forbidden",
    "sender_unverified",
    "Please confirm your e-mail address first: until then you can send lists to your own address only.",
  );

export const RECIPIENT_OPTED_OUT = () =>
  new DomainError("unprocessable", "recipient_opted_out", "This address has asked not to receive shopping lists from recipecart.");

/** Queues the list's mail; returns the outbox row id for delivery. */
export async function emailShoppingList(db: Db, caller: Caller, listId: string, to: string, opts: EmailListOptions): Promise<string> {
  const row = await findList(db, listId, caller.user?.id ?? null);
  if (!row) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  assertMay(caller, "read", "list", row);
  const now = opts.now ?? new Date();
  const recipient = to.trim();
  const recipientHash = await addressHash(recipient);

  let sender: { name: string; replyTo: string | null } | null = null;
  if (caller.user) {
    const [me] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, caller.user.id))
      .limit(1);
    if (!me) throw new DomainError("unauthenticated", "unauthenticated", "Please sign in again.");
    const toSelf = me.email.trim().toLowerCase() === recipient.toLowerCase();
    if (!toSelf && me.verifiedAt === null) throw SENDER_UNVERIFIED();
    sender = { name: `${me.firstName} ${me.lastName}`.trim() || me.email, replyTo: replyToAddress(me.email) };
  }
  await assertUnderLimits(db, { senderKey: opts.senderKey, visitor: !caller.user, recipientHash, listId }, now);
  if (await isOptedOut(db, recipientHash)) throw RECIPIENT_OPTED_OUT();

  const list = await getShoppingList(db, listId);
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  const link = await newOptOutLink(recipientHash, now);
  const stopUrl = optOutUrl(opts.appOrigin, link.token);
  const mail = buildListEmail({
    name: list.name,
    ingredients: list.ingredients,
    listUrl: `${opts.appOrigin.replace(/\/+$/, "")}/shopping-list/${encodeURIComponent(listId)}`,
    senderName: sender?.name ?? null,
    optOutUrl: stopUrl,
  });
  const outboxId = newId();
  await db.batch([
    db.insert(mailOutbox).values(
      outboxRow(
        outboxId,
        {
          kind: "shopping_list",
          to: recipient,
          ...mail,
          ...(sender?.replyTo ? { replyTo: sender.replyTo } : {}),
          // RFC 2369 + RFC 8058: mail clients offer 'Unsubscribe', and a POST to the link stops list mails.
          headers: { "List-Unsubscribe": `<${stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
          secret: link.token,
        },
        now,
      ),
    ),
    db.insert(mailOptOutLinks).values(link.row),
    db.insert(listEmailSends).values({ id: newId(), listId, senderKey: opts.senderKey, recipientHash, outboxId, createdAt: now }),
  ]);
  return outboxId;
}

async function assertUnderLimits(
  db: Db,
  keys: { senderKey: string; visitor: boolean; recipientHash: string; listId: string },
  now: Date,
): Promise<void> {
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
    keys.visitor ? LIST_EMAIL_LIMITS.perVisitor : LIST_EMAIL_LIMITS.perSender,
    keys.visitor
      ? "You have sent as many lists by e-mail as we allow in a day without an account. Please try again tomorrow, or sign in."
      : "You have sent as many lists by e-mail as we allow in a day. Please try again later.",
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
