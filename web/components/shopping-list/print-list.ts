/**
 * Print (docs/product/api.md): opens a new window with a clean print layout — the list grouped by category,
 * a tick box per item — prints it and closes it. The page's strict CSP forbids inline scripts,
 * so the new window holds only static HTML and CSS, and the opener drives print() and close().
 */
import type { ShoppingList } from "../../../core/api/lists.ts";
import { listGroups } from "../../../core/shopping/groups.ts";
import { itemPhrase } from "../../../core/shopping/item-text.ts";

/** What printing reads of a list (a list, or a shared list without ids). */
export type PrintableList = Pick<ShoppingList, "name" | "ingredients"> & { recipes: { title: string }[] };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** One item as a cook writes it: the amount, the name, then a note ('1/2 tsp salt, plus more to taste'). */
function itemHtml(item: { name: string; amount: string }): string {
  const p = itemPhrase(item);
  const amount = p.amount ? `<span class="amount">${escapeHtml(p.amount)}</span> ` : "";
  const note = p.note ? `<span class="note">${escapeHtml(p.note)}</span>` : "";
  return `<li><span class="box" aria-hidden="true"></span><span class="line">${amount}<span class="name">${escapeHtml(p.name)}</span>${note}</span></li>`;
}

/** The print document for a list: static HTML, no script; grouped as on the list page (core/shopping/groups.ts). */
export function getPrintHtml(list: PrintableList): string {
  const sections = listGroups(list.ingredients)
    .map(
      (group) => `<section>
<h2>${escapeHtml(group.title)}</h2>
<ul>
${group.items.map(itemHtml).join("\n")}
</ul>
</section>`,
    )
    .join("\n");
  const recipes = list.recipes.length ? `<p class="recipes">For: ${list.recipes.map((r) => escapeHtml(r.title)).join(", ")}</p>` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(list.name)}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #000; margin: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
.recipes { margin: 0 0 1.25rem; color: #333; }
section { break-inside: avoid; margin-bottom: 1.25rem; }
h2 { font-size: 1.1rem; border-bottom: 1px solid #000; padding-bottom: 0.2rem; margin: 0 0 0.5rem; }
ul { list-style: none; margin: 0; padding: 0; }
li { display: flex; align-items: baseline; gap: 0.6rem; padding: 0.2rem 0; }
.box { display: inline-block; width: 0.85rem; height: 0.85rem; border: 1.5px solid #000; flex: none; }
.amount { font-weight: 600; }
.note { color: #333; }
@page { margin: 1.5cm; }
</style>
</head>
<body>
<h1>${escapeHtml(list.name)}</h1>
${recipes}
${sections}
</body>
</html>`;
}

/**
 * Opens the print window, prints and closes it. Returns false when the browser blocked the
 * window (pop-up blocker).
 */
export function printList(list: PrintableList): boolean {
  const printWindow = window.open("", "_blank", "width=800,height=900");
  if (!printWindow) return false;
  printWindow.document.open();
  printWindow.document.write(getPrintHtml(list));
  printWindow.document.close();
  printWindow.focus();
  printWindow.print();
  printWindow.close();
  return true;
}
