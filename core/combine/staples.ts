/**
 * Pantry staples (docs/decisions/0028-pantry-staples.md): items most kitchens already
 * have go to a 'You probably have' group at the end of a list instead of the aisles. The defaults
 * are item keys (core/combine/item-key.ts) of salt, pepper, oil, sugar and the like; a signed-in
 * user's own rules beat the defaults: `have` adds staples, `need` takes defaults off.
 * Water is not here: it is never put on a list at all (combine.ts NOT_BOUGHT).
 */

/** Item keys most kitchens have. */
export const DEFAULT_STAPLES: ReadonlySet<string> = new Set([
  "salt",
  "kosher salt",
  "sea salt",
  "table salt",
  "fine sea salt",
  "flaky sea salt",
  "pepper",
  "black pepper",
  "ground black pepper",
  "black peppercorn",
  "white pepper",
  "oil",
  "cooking oil",
  "olive oil",
  "extra virgin olive oil",
  "vegetable oil",
  "canola oil",
  "neutral oil",
  "sunflower oil",
  "cooking spray",
  "nonstick cooking spray",
  "sugar",
  "granulated sugar",
  "white sugar",
  "caster sugar",
  "ice",
  "ice cube",
]);

/** A user's own staples: keys they always have, and default staples they do not keep. */
export interface StapleRules {
  have?: Iterable<string>;
  need?: Iterable<string>;
}

/** Whether an item key is a staple under the defaults and the user's rules (theirs win). */
export function isStaple(key: string, rules?: StapleRules): boolean {
  const k = key.trim().toLowerCase();
  if (rules?.need && has(rules.need, k)) return false;
  if (rules?.have && has(rules.have, k)) return true;
  return DEFAULT_STAPLES.has(k);
}

function has(keys: Iterable<string>, key: string): boolean {
  if (keys instanceof Set) return keys.has(key);
  for (const k of keys) if (k.trim().toLowerCase() === key) return true;
  return false;
}
