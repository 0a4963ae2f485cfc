/**
 * An item's line as a cook writes it (decision 0007): the amount before the name, a note that is not
 * an amount after it, in brackets: '1/2 tsp salt, plus more to taste', 'pepper (to taste)', '3 onions',
 * never 'to taste pepper'. One module for the list page, the shared list, Print, Copy, the e-mail and
 * the grocery line items. Pure and small (no zod).
 */

export interface ItemPhrase {
  /** What goes before the name ("1/2 tsp", "3", "a handful"); empty when there is none. */
  amount: string;
  name: string;
  /** What follows the name, with its own leading punctuation: ", plus more to taste", " (to taste)". */
  note: string;
}

/** An amount that is only a note: "to taste", "for garnish", "as needed", "optional". */
const NOTE_ONLY = /^(?:to|for|as|if|optional)\b/i;
/** The tail the combiner adds when some lines gave no amount: "1/2 tsp, plus more to taste". */
const PLUS_MORE = /^(.*?\S)\s*(,\s*plus more\b.*)$/i;

/** Splits an item's amount around its name. */
export function itemPhrase(item: { name: string; amount: string }): ItemPhrase {
  const amount = item.amount.trim();
  if (!amount) return { amount: "", name: item.name, note: "" };
  if (NOTE_ONLY.test(amount)) return { amount: "", name: item.name, note: ` (${amount})` };
  const plus = PLUS_MORE.exec(amount);
  if (plus?.[1] && plus[2]) return { amount: plus[1], name: item.name, note: plus[2] };
  return { amount, name: item.name, note: "" };
}

/** The line as a cook writes it: '1/2 tsp salt, plus more to taste', 'pepper (to taste)'. */
export function itemLine(item: { name: string; amount: string }): string {
  const p = itemPhrase(item);
  return `${p.amount ? `${p.amount} ` : ""}${p.name}${p.note}`;
}

/**
 * The line in the list's text form 'name - amount' (Copy, the e-mail): 'salt - 1/2 tsp, plus more to
 * taste'; an amount that is only a note follows the name in brackets: 'pepper (to taste)'.
 */
export function itemTextLine(item: { name: string; amount: string }): string {
  const amount = item.amount.trim();
  if (!amount) return item.name;
  if (NOTE_ONLY.test(amount)) return `${item.name} (${amount})`;
  return `${item.name} - ${amount}`;
}
