/**
 * One item's line as a cook writes it (core/shopping/item-text.ts): '1/2 tsp salt, plus more to taste',
 * 'pepper (to taste)'. `block` names the BEM block of the view ("list", "list-contents").
 */
import { itemPhrase } from "../../../core/shopping/item-text.ts";

export function ItemLine({ item, block = "list" }: { item: { name: string; amount: string }; block?: string }) {
  const p = itemPhrase(item);
  return (
    <span className={`${block}__item-line`}>
      {p.amount ? <span className={`${block}__amount`}>{p.amount}</span> : null} <span className={`${block}__name`}>{p.name}</span>
      {p.note ? <span className={`${block}__note`}>{p.note}</span> : null}
    </span>
  );
}
