/**
 * The e-mail that sends a shopping list (decisions 0021, 0044). Pure (no platform API).
 *
 * The mail is ours; the list is someone else's words. So the subject is fixed ('A shopping list from
 * recipecart', with the signed-in sender's name), the mail says who sent it ('a recipecart visitor' when
 * nobody signed in), and the list itself (its name in quotes, then each category in store order with items as
 * 'name - amount' and the recipes that need them, grouped as the list page groups: core/shopping/groups.ts)
 * is quoted: '> ' lines in the text part, a blockquote in the HTML part. Nothing from the list is ever a link:
 * every address-like part is broken (core/mail/unlinkable.ts) and every value is HTML-escaped. Our own two
 * links follow: the list, and 'Don't send me lists'.
 */
import { type Groupable, listGroups } from "../shopping/groups.ts";
import { itemTextLine } from "../shopping/item-text.ts";
import { unlinkable } from "./unlinkable.ts";

export interface ListEmailInput {
  name: string;
  /** Category -> items, categories in store-walk order (as the list API answers). */
  ingredients: Record<string, ({ name: string; amount: string; recipes?: string[] } & Groupable)[]>;
  /** Absolute link to the list page. */
  listUrl: string;
  /** The signed-in sender's name (first and last, or their address when they gave none); null: a visitor. */
  senderName: string | null;
  /** Absolute link to the page that stops list mails to this address (also the List-Unsubscribe header). */
  optOutUrl: string;
}

export interface ListEmail {
  subject: string;
  text: string;
  html: string;
}

export const LIST_EMAIL_SUBJECT = "A shopping list from recipecart";
/** Who sent it when nobody was signed in. */
export const VISITOR_SENDER = "a recipecart visitor";
/** The longest sender name a mail shows (the subject stays short; a name is not a place for a message). */
export const SENDER_NAME_MAX = 60;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A sender's name as the mail shows it: one line, no link, at most SENDER_NAME_MAX characters. */
export function senderLabel(name: string): string {
  // Broken first, clipped after: a cut inside '[.]' leaves no dot, so still no link.
  const plain = unlinkable(name);
  return plain.length > SENDER_NAME_MAX ? `${plain.slice(0, SENDER_NAME_MAX - 1).trimEnd()}…` : plain;
}

/** The subject: fixed, with the signed-in sender's name. */
export function listEmailSubject(senderName: string | null): string {
  const sender = senderName ? senderLabel(senderName) : "";
  return sender ? `${LIST_EMAIL_SUBJECT}, sent by ${sender}` : LIST_EMAIL_SUBJECT;
}

const quoted = (s: string) => `“${s}”`;

export function buildListEmail(list: ListEmailInput): ListEmail {
  const subject = listEmailSubject(list.senderName);
  const sender = list.senderName ? senderLabel(list.senderName) : "";
  const name = unlinkable(list.name) || "Shopping list";
  const categories = listGroups(list.ingredients).map((g) => [unlinkable(g.title), g.items] as const);
  const count = categories.reduce((n, [, items]) => n + items.length, 0);
  const countLine = `${count} ${count === 1 ? "item" : "items"}`;
  const itemLine = (item: { name: string; amount: string }) => unlinkable(itemTextLine(item));
  const recipesLine = (recipes: string[] | undefined) => (recipes?.length ? `for ${recipes.map((r) => unlinkable(r)).join(", ")}` : "");
  const intro = sender
    ? `This shopping list was sent to you by ${sender} with recipecart. Reply to this e-mail to answer them.`
    : `This shopping list was sent to you by ${VISITOR_SENDER}.`;
  const ignore = "We send a list only when someone asks us to. If you did not expect this one, you can ignore it.";
  const optOut = "Don't send me lists";

  const quote: string[] = [quoted(name), countLine, ""];
  for (const [category, items] of categories) {
    quote.push(category);
    for (const item of items) {
      quote.push(`• ${itemLine(item)}`);
      const recipes = recipesLine(item.recipes);
      if (recipes) quote.push(`  ${recipes}`);
    }
    quote.push("");
  }
  if (!categories.length) quote.push("This shopping list is empty.", "");
  while (quote.at(-1) === "") quote.pop();
  const text = [
    intro,
    "",
    ...quote.map((line) => (line ? `> ${line}` : ">")),
    "",
    `Open the list: ${list.listUrl}`,
    "",
    ignore,
    `${optOut}: ${list.optOutUrl}`,
  ].join("\n");

  const muted = "color:#5d5a52";
  const html: string[] = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8">`,
    // Apple Mail and iOS: no data detectors on the quoted list either.
    `<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d1c19;line-height:1.5;max-width:40rem;margin:0 auto;padding:16px">`,
    `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
    `<blockquote style="margin:0;padding:4px 0 4px 14px;border-left:3px solid #d6d2c4">`,
    `<p style="font-size:20px;font-weight:600;margin:0 0 4px">${escapeHtml(quoted(name))}</p>`,
    `<p style="margin:0 0 12px;${muted}">${countLine}</p>`,
  ];
  for (const [category, items] of categories) {
    html.push(
      `<p style="font-size:16px;font-weight:600;margin:12px 0 2px">${escapeHtml(category)}</p><ul style="margin:0;padding-left:20px">`,
    );
    for (const item of items) {
      const recipes = recipesLine(item.recipes);
      html.push(
        `<li>${escapeHtml(itemLine(item))}${recipes ? `<br><span style="${muted};font-size:13px">${escapeHtml(recipes)}</span>` : ""}</li>`,
      );
    }
    html.push("</ul>");
  }
  if (!categories.length) html.push("<p>This shopping list is empty.</p>");
  html.push(
    "</blockquote>",
    `<p style="margin:24px 0"><a href="${escapeHtml(list.listUrl)}" style="color:#16794a">Open the list</a></p>`,
    `<p style="${muted};font-size:12px">${escapeHtml(ignore)} <a href="${escapeHtml(list.optOutUrl)}" style="color:#5d5a52">${optOut}</a></p>`,
    "</body></html>",
  );
  return { subject, text, html: html.join("\n") };
}
