/**
 * Work a Worker does once at start-up (its global scope) so that the first request that parses
 * ingredients does not pay for it (decision 0005): the tagger's weights are loaded (views over
 * the shipped bytes, model/packed.ts), and a few typical lines are parsed and their names
 * categorised, so that V8 has compiled the parser's and the categoriser's code and built their
 * first-use tables before any request needs them. Outputs never depend on it.
 */
import { categorise } from "../../categorise/categorise.ts";
import { parseIngredient } from "../parse.ts";

/** Typical lines: amounts with and without units, ranges, brackets, alternatives, preparation, a header. */
const LINES = [
  "2 1/4 cups all-purpose flour, sifted",
  "1 (14 oz) can diced tomatoes, drained",
  "150g/5oz butter or margarine, softened",
  "3-4 large eggs, beaten",
  "1 tbsp olive oil, plus more for greasing",
  "½ teaspoon salt",
  "salt and freshly ground black pepper, to taste",
  "For the sauce:",
];

/** Parses and categorises LINES once; returns how many names were categorised (so the work is not optimised away). */
export function warmUpParser(): number {
  let n = 0;
  for (const line of LINES) {
    const parsed = parseIngredient(line);
    if (parsed.name) n += categorise(parsed.name).length > 0 ? 1 : 0;
  }
  return n;
}
