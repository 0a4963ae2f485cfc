/**
 * The e-mail that sends a shopping list: subject, plain text and HTML with the list name,
 * the categories in store order, each item as 'name - amount', the recipes that need it, and a link
 * back to the list. Pure (no platform API); every value from the list is HTML-escaped. Grouped as the
 * list page groups (core/shopping/groups.ts: aisles, 'You probably have', 'In the cart').
 */
import { type Groupable, listGroups } from "../shopping/groups.ts";
import { itemTextLine } from "../shopping/item-text.ts";

export interface ListEmailInput {
  name: string;
  /** Category -> items, categories in store-walk order (as the list API answers). */
  ingredients: Record<string, ({ name: string; amount: string; recipes?: string[] } & Groupable)[]>;
  /** Absolute link to the list page. */
  listUrl: string;
}

export interface ListEmail {
  subject: string;
  text: string;
  html: string;
}

const SUBJECT_MAX = 150;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** One line on its own, whatever the list name holds (no header injection through the subject). */
function oneLine(s: string): string {
  return s
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const itemText = itemTextLine;

export function buildListEmail(list: ListEmailInput): ListEmail {
  const name = oneLine(list.name) || "Shopping list";
  const subject = `Shopping list: ${name}`.slice(0, SUBJECT_MAX);
  const categories = listGroups(list.ingredients).map((g) => [g.title, g.items] as const);
  const count = categories.reduce((n, [, items]) => n + items.length, 0);

  const text: string[] = [name, `${count} ${count === 1 ? "item" : "items"}`, ""];
  for (const [category, items] of categories) {
    text.push(category);
    for (const item of items) {
      text.push(`• ${itemText(item)}`);
      if (item.recipes?.length) text.push(`  for ${item.recipes.join(", ")}`);
    }
    text.push("");
  }
  if (!categories.length) text.push("This shopping list is empty.", "");
  text.push(
    `Open the list: ${list.listUrl}`,
    "",
    "Sent from recipecart at someone's request. If you did not expect it, you can ignore this e-mail.",
  );

  const url = escapeHtml(list.listUrl);
  const html: string[] = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d1c19;line-height:1.5;max-width:40rem;margin:0 auto;padding:16px">`,
    `<h1 style="font-size:22px;margin:0 0 4px">${escapeHtml(name)}</h1>`,
    `<p style="margin:0 0 16px;color:#5d5a52">${count} ${count === 1 ? "item" : "items"}</p>`,
  ];
  for (const [category, items] of categories) {
    html.push(`<h2 style="font-size:17px;margin:16px 0 4px">${escapeHtml(category)}</h2><ul style="margin:0;padding-left:20px">`);
    for (const item of items) {
      const recipes = item.recipes?.length
        ? `<br><span style="color:#5d5a52;font-size:13px">for ${escapeHtml(item.recipes.join(", "))}</span>`
        : "";
      html.push(`<li>${escapeHtml(itemText(item))}${recipes}</li>`);
    }
    html.push("</ul>");
  }
  if (!categories.length) html.push("<p>This shopping list is empty.</p>");
  html.push(
    `<p style="margin:24px 0"><a href="${url}" style="color:#16794a">Open the list</a></p>`,
    `<p style="color:#5d5a52;font-size:12px">Sent from recipecart at someone's request. If you did not expect it, you can ignore this e-mail.</p>`,
    "</body></html>",
  );
  return { subject, text: text.join("\n"), html: html.join("\n") };
}
