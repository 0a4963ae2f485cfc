/**
 * The list as plain text for the clipboard (docs/product/api.md): the name, then per group (the aisles,
 * 'You probably have', 'In the cart': the list page's grouping, core/shopping/groups.ts) a heading and
 * bullet lines 'name - amount' (just the name when there is no amount, 'pepper (to taste)' when the
 * amount is only a note). Kept apart from core/api/lists.ts so the browser bundle does not pull in zod.
 *
 * @example
 * getListText({ name: "Week", ingredients: { Produce: [{ name: "onion", amount: "3" }] } })
 * // "Week\n\nProduce\n• onion - 3"
 */
import { listGroups, type Groupable } from "../../../core/shopping/groups.ts";
import { itemTextLine } from "../../../core/shopping/item-text.ts";

export function getListText(list: { name: string; ingredients: Record<string, ({ name: string; amount: string } & Groupable)[]> }): string {
  const parts = [list.name];
  for (const group of listGroups(list.ingredients)) {
    parts.push(`${group.title}\n${group.items.map((item) => `• ${itemTextLine(item)}`).join("\n")}`);
  }
  return parts.join("\n\n");
}
