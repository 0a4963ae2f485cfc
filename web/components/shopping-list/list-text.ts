/**
 * The list as plain text for the clipboard (docs/product/api.md): the name, then per category a heading
 * and bullet lines 'name - amount' (just the name when there is no amount). Kept apart from
 * core/api/lists.ts so the browser bundle does not pull in zod.
 *
 * @example
 * getListText({ name: "Week", ingredients: { Produce: [{ name: "onion", amount: "3" }] } })
 * // "Week\n\nProduce\n• onion - 3"
 */
export function getListText(list: { name: string; ingredients: Record<string, { name: string; amount: string }[]> }): string {
  const parts = [list.name];
  for (const [category, items] of Object.entries(list.ingredients)) {
    if (items.length === 0) continue;
    const lines = items.map((item) => (item.amount ? `• ${item.name} - ${item.amount}` : `• ${item.name}`));
    parts.push(`${category}\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}
