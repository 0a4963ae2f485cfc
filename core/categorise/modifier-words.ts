/**
 * English words that change a grocery's aisle or name its form (the categoriser's cue words and
 * colours): the dictionary table keeps foreign words that mean them (decision 0038), and a word
 * after a Romance head noun counts only as one of these ("sucre glace" is icing sugar, not ice cream).
 */
export const ENGLISH_MODIFIERS: ReadonlySet<string> = new Set(
  (
    "dried dry ground smoked fresh frozen canned tinned powdered powder crushed flakes flake whole grated " +
    "sweet sour black white red green yellow brown light dark wild salted unsalted roasted toasted " +
    "raw cooked boiled pickled candied instant extra virgin minced sliced peeled skinned boneless " +
    "plain hot mild spicy sparkling condensed evaporated desiccated refined cane"
  ).split(" "),
);
