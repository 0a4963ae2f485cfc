/**
 * Table-driven combination cases. Every case goes through the real parser (parseIngredient)
 * and says why the expected result is right. Recipes are written as [title, ...lines].
 */
import { describe, expect, it } from "vitest";
import { combineRecipes, type CombinedList, type ListItem } from "./combine.ts";
import { expectDefined } from "../lib/expect-defined.ts";

interface Expect {
  /** Item key to look at. */
  key: string;
  text?: string;
  name?: string;
  category?: string;
  amounts?: [number | null, string | null][];
  recipes?: string[];
  notes?: string[];
  sources?: number;
}

interface Case {
  reason: string;
  recipes: string[][];
  items?: Expect[];
  /** Keys that must each be a separate item. */
  distinct?: string[];
  /** Number of items on the whole list. */
  count?: number;
  /** Number of skipped lines. */
  skipped?: number;
}

const CASES: Case[] = [
  // ---- one item, several spellings of the same thing
  {
    reason: "plural, size word and colour of a plain onion are the same onion",
    recipes: [["A", "2 onions, diced"], ["B", "1 large onion"], ["C", "1 yellow onion, chopped"]],
    items: [{ key: "onion", text: "4", amounts: [[4, null]], recipes: ["A", "B", "C"], sources: 3 }],
    count: 1,
  },
  {
    reason: "onion powder and green onions are different things to buy than onions",
    recipes: [["A", "1 onion", "1 tsp onion powder", "3 green onions"]],
    distinct: ["onion", "onion powder", "spring onion"],
    count: 3,
  },
  {
    reason: "scallion, green onion and spring onion are one item (US/UK names)",
    recipes: [["A", "2 scallions, sliced"], ["B", "3 green onions"], ["C", "4 spring onions"]],
    items: [{ key: "spring onion", amounts: [[9, null]], category: "Produce" }],
    count: 1,
  },
  {
    reason: "cilantro and fresh coriander are the same herb",
    recipes: [["A", "1 bunch cilantro"], ["B", "1 bunch fresh coriander"]],
    items: [{ key: "cilantro", text: "2 bunches", category: "Produce" }],
    count: 1,
  },
  {
    reason: "plain flour (UK) is all-purpose flour (US); the most used name is shown",
    recipes: [["A", "2 cups all-purpose flour"], ["B", "1 cup plain flour"], ["C", "1/2 cup all-purpose flour"]],
    items: [{ key: "all purpose flour", name: "all-purpose flour", text: "3 1/2 cups", category: "Baking" }],
  },
  {
    reason: "caster sugar (UK) is superfine sugar (US)",
    recipes: [["A", "100g caster sugar"], ["B", "50 g superfine sugar"]],
    items: [{ key: "superfine sugar", text: "150 g" }],
    count: 1,
  },
  {
    reason: "aubergine and eggplant are one vegetable",
    recipes: [["A", "2 aubergines"], ["B", "1 eggplant"]],
    items: [{ key: "eggplant", amounts: [[3, null]], category: "Produce" }],
  },
  {
    reason: "courgette and zucchini are one vegetable",
    recipes: [["A", "1 courgette, grated"], ["B", "2 zucchini"]],
    items: [{ key: "zucchini", amounts: [[3, null]] }],
  },
  {
    reason: "rocket and arugula are one salad leaf",
    recipes: [["A", "2 cups arugula"], ["B", "1 cup rocket"]],
    items: [{ key: "arugula", text: "3 cups" }],
  },
  {
    reason: "icing sugar, powdered sugar and confectioners' sugar are one item",
    recipes: [["A", "1 cup powdered sugar"], ["B", "1 cup icing sugar"], ["C", "1/2 cup confectioners' sugar"]],
    items: [{ key: "powdered sugar", text: "2 1/2 cups" }],
    count: 1,
  },
  {
    reason: "double cream (UK) buys as heavy cream (US)",
    recipes: [["A", "1 cup heavy cream"], ["B", "1/2 cup double cream"]],
    items: [{ key: "heavy cream", text: "1 1/2 cups", category: "Dairy & Eggs" }],
  },
  {
    reason: "beef mince and ground beef are one item and their masses add (US majority shown in lb)",
    recipes: [["A", "1 lb ground beef"], ["B", "1/2 lb beef mince"]],
    items: [{ key: "ground beef", text: "1 1/2 lb", amounts: [[1.5, "lb"]] }],
  },
  {
    reason: "bicarbonate of soda is baking soda",
    recipes: [["A", "1 tsp baking soda"], ["B", "1/2 tsp bicarbonate of soda"]],
    items: [{ key: "baking soda", text: "1 1/2 tsp" }],
  },
  {
    reason: "cornflour (UK) is cornstarch (US)",
    recipes: [["A", "2 tbsp cornflour"], ["B", "1 tbsp cornstarch"]],
    items: [{ key: "cornstarch", text: "3 tbsp" }],
  },
  {
    reason: "chickpeas and garbanzo beans are one item",
    recipes: [["A", "1 cup chickpeas"], ["B", "1 cup garbanzo beans"]],
    items: [{ key: "chickpea", text: "2 cups" }],
  },
  {
    reason: "chicken stock and chicken broth are bought as one",
    recipes: [["A", "2 cups chicken stock"], ["B", "1 cup chicken broth"]],
    items: [{ key: "chicken stock", text: "3 cups", category: "Canned Goods & Soups" }],
  },
  {
    reason: "a low-sodium label does not make a different item: broths merge",
    recipes: [["A", "1 1/2 cups low-sodium chicken broth"], ["B", "1/2 cup chicken stock"]],
    items: [{ key: "chicken stock", text: "2 cups" }],
    count: 1,
  },
  {
    reason: "boneless skinless is how the chicken is cut, not a different item",
    recipes: [["A", "1 pound boneless, skinless chicken breasts, cut into 1-inch pieces"], ["B", "1 lb chicken breasts"]],
    items: [{ key: "chicken breast", text: "2 lb", category: "Meat & Seafood" }],
  },
  {
    reason: "a package with its size in brackets counts as its mass",
    recipes: [["A", "1 (8 ounce) package cream cheese, softened"], ["B", "4 oz cream cheese"]],
    items: [{ key: "cream cheese", text: "12 oz" }],
  },
  {
    reason: "juice of limes buys limes",
    recipes: [["A", "Juice of 2 limes"], ["B", "1 lime"]],
    items: [{ key: "lime", amounts: [[3, null]], name: "limes" }],
  },
  {
    reason: "case and plural do not split an item",
    recipes: [["A", "2 Tomatoes"], ["B", "1 tomato"]],
    items: [{ key: "tomato", amounts: [[3, null]], name: "tomatoes" }],
  },
  {
    reason: "yoghurt and yogurt spellings meet",
    recipes: [["A", "1 cup greek yoghurt"], ["B", "1/2 cup greek yogurt"]],
    items: [{ key: "greek yogurt", text: "1 1/2 cups" }],
  },
  {
    reason: "free-range and large eggs are eggs; counts add",
    recipes: [["A", "2 eggs"], ["B", "1 large egg"], ["C", "2 free-range eggs"]],
    items: [{ key: "egg", amounts: [[5, null]], name: "eggs", category: "Dairy & Eggs" }],
  },
  {
    reason: "egg yolks and egg whites are not whole eggs",
    recipes: [["A", "2 eggs", "3 egg yolks", "2 egg whites"]],
    distinct: ["egg", "egg yolk", "egg white"],
  },
  {
    reason: "garlic in cloves: 'cloves garlic', 'garlic cloves' and '2 cloves of garlic' add up",
    recipes: [["A", "2 cloves garlic, minced"], ["B", "3 garlic cloves"], ["C", "1 clove of garlic"]],
    items: [{ key: "garlic", text: "6 cloves", amounts: [[6, "clove"]] }],
  },
  {
    reason: "red onion is a different onion from a plain onion",
    recipes: [["A", "1 red onion", "1 onion"]],
    distinct: ["red onion", "onion"],
  },
  {
    reason: "red pepper (UK) is the red bell pepper",
    recipes: [["A", "1 red bell pepper"], ["B", "1 red pepper, sliced"]],
    items: [{ key: "red bell pepper", amounts: [[2, null]], category: "Produce" }],
  },
  {
    reason: "red pepper flakes are a spice, not a bell pepper",
    recipes: [["A", "1 red bell pepper", "1/2 tsp red pepper flakes"]],
    distinct: ["red bell pepper", "red pepper flake"],
  },
  {
    reason: "butter and peanut butter differ",
    recipes: [["A", "2 tbsp butter", "2 tbsp peanut butter"]],
    distinct: ["butter", "peanut butter"],
  },
  {
    reason: "cold and softened butter are the same butter",
    recipes: [["A", "4 tbsp cold butter"], ["B", "4 tbsp softened butter"]],
    items: [{ key: "butter", text: "1/2 cup" }],
  },

  // ---- amounts and units
  {
    reason: "9 tsp is shown as 3 tbsp",
    recipes: [["A", "3 tsp olive oil"], ["B", "3 tsp olive oil"], ["C", "3 tsp olive oil"]],
    items: [{ key: "olive oil", text: "3 tbsp", amounts: [[3, "tbsp"]] }],
  },
  {
    reason: "tbsp and tsp add within US volume",
    recipes: [["A", "1 tbsp soy sauce"], ["B", "1 tsp soy sauce"]],
    items: [{ key: "soy sauce", text: "4 tsp" }],
  },
  {
    reason: "tablespoons reaching a quarter cup are shown in cups",
    recipes: [["A", "2 tbsp lemon juice"], ["B", "2 tbsp lemon juice"]],
    items: [{ key: "lemon juice", text: "1/4 cup", amounts: [[0.25, "cup"]] }],
  },
  {
    reason: "thirds of a cup add to two thirds, shown as a fraction not 0.666",
    recipes: [["A", "1/3 cup milk"], ["B", "1/3 cup milk"]],
    items: [{ key: "milk", text: "2/3 cup" }],
  },
  {
    reason: "cups and a tbsp remainder: 1 cup + 1 tbsp",
    recipes: [["A", "1 cup sugar"], ["B", "1 tbsp sugar"]],
    items: [{ key: "granulated sugar", text: "1 cup + 1 tbsp" }],
  },
  {
    reason: "grams add and stay metric",
    recipes: [["A", "200g spaghetti"], ["B", "300 g spaghetti"]],
    items: [{ key: "spaghetti", text: "500 g", amounts: [[500, "g"]] }],
  },
  {
    reason: "grams past 1000 are shown in kg",
    recipes: [["A", "750g potatoes"], ["B", "500 g potatoes"]],
    items: [{ key: "potato", text: "1.25 kg", amounts: [[1.25, "kg"]] }],
  },
  {
    reason: "oz past a pound are shown in lb",
    recipes: [["A", "8 oz cheddar cheese"], ["B", "8 oz cheddar"]],
    items: [{ key: "cheddar", text: "1 lb" }],
  },
  {
    reason: "mixed systems follow the larger share: 1 lb + 100 g (1.22 lb) is shown in lb, rounded up to a quarter (the amount keeps the total)",
    recipes: [["A", "1 lb chicken thighs"], ["B", "100 g chicken thighs"]],
    items: [{ key: "chicken thigh", text: "1 1/4 lb", amounts: [[1.221, "lb"]] }],
  },
  {
    reason: "mixed systems follow the larger share: 500 g + 4 oz is shown in g",
    recipes: [["A", "500g minced beef"], ["B", "4 oz ground beef"]],
    items: [{ key: "ground beef", text: "615 g" }],
  },
  {
    reason: "millilitres add and pass to litres",
    recipes: [["A", "500ml vegetable stock"], ["B", "750 ml vegetable stock"]],
    items: [{ key: "vegetable stock", text: "1.25 l" }],
  },
  {
    reason: "small metric volumes are shown in spoons (metric recipes use spoons too)",
    recipes: [["A", "15 ml fish sauce"], ["B", "1 tbsp fish sauce"]],
    items: [{ key: "fish sauce", text: "2 tbsp" }],
  },
  {
    reason: "grated parmesan in cups and grams joins through the density table (100 g per cup), weighed as one line was",
    recipes: [["A", "1 cup grated parmesan"], ["B", "50 g parmesan"]],
    items: [{ key: "parmesan", text: "150 g" }],
  },
  {
    reason: "a volume and a mass of spinach (no density) stay side by side",
    recipes: [["A", "2 cups spinach"], ["B", "200 g spinach"]],
    items: [{ key: "spinach", amounts: [[2, "cup"], [200, "g"]], text: "2 cups + 200 g" }],
  },
  {
    reason: "flour in cups and grams joins through the density table (125 g per cup), metric share larger",
    recipes: [["A", "1 cup plain flour"], ["B", "200g plain flour"]],
    items: [{ key: "all purpose flour", text: "325 g", amounts: [[325, "g"]] }],
  },
  {
    reason: "sugar in cups and grams joins through the density table (200 g per cup): a solid weighed in one line stays a weight",
    recipes: [["A", "2 cups sugar"], ["B", "100 g sugar"]],
    items: [{ key: "granulated sugar", text: "500 g" }],
  },
  {
    reason: "sugar by volume only stays in cups (nothing was weighed)",
    recipes: [["A", "2 cups sugar"], ["B", "1/2 cup sugar"]],
    items: [{ key: "granulated sugar", text: "2 1/2 cups" }],
  },
  {
    reason: "a stick of butter is 113 g and adds to tablespoons of butter",
    recipes: [["A", "1 stick butter"], ["B", "4 tbsp butter"]],
    items: [{ key: "butter", text: "6 oz", amounts: [[6.002, "oz"]] }],
  },
  {
    reason: "a count and a mass of one item cannot be added and stay side by side",
    recipes: [["A", "2 carrots"], ["B", "200 g carrots"]],
    items: [{ key: "carrot", amounts: [[2, null], [200, "g"]], text: "2 + 200 g" }],
  },
  {
    reason: "count units add among themselves",
    recipes: [["A", "1 can black beans"], ["B", "2 cans black beans"]],
    items: [{ key: "black bean", text: "3 cans", category: "Canned Goods & Soups" }],
  },
  {
    reason: "a tin is a can",
    recipes: [["A", "1 can coconut milk"], ["B", "1 tin coconut milk"]],
    items: [{ key: "coconut milk", text: "2 cans" }],
  },
  {
    reason: "cans with a size in brackets count as their total mass",
    recipes: [["A", "2 (14 oz) cans diced tomatoes"], ["B", "1 (14 oz) can diced tomatoes"]],
    items: [{ key: "diced tomato", text: "2 lb 10 oz" }],
  },
  {
    reason: "a range buys the upper end",
    recipes: [["A", "2-3 tbsp honey"]],
    items: [{ key: "honey", text: "3 tbsp" }],
  },
  {
    reason: "metric/imperial alternatives in one line are one amount, not two",
    recipes: [["A", "150g/5oz caster sugar"]],
    items: [{ key: "superfine sugar", text: "150 g", amounts: [[150, "g"]] }],
  },
  {
    reason: "a compound amount (1 lb 8 oz) adds up",
    recipes: [["A", "1lb 8oz potatoes"]],
    items: [{ key: "potato", text: "1 1/2 lb" }],
  },
  {
    reason: "a bracketed equivalent (1 cup (240 ml)) is not added twice",
    recipes: [["A", "1 cup (240 ml) milk"]],
    items: [{ key: "milk", text: "1 cup" }],
  },
  {
    reason: "whole items round up: half a lemon more is one lemon more",
    recipes: [["A", "1/2 lemon"], ["B", "1 lemon"]],
    items: [{ key: "lemon", text: "2", name: "lemons" }],
  },
  {
    reason: "a single item keeps the singular name",
    recipes: [["A", "1 lemon"]],
    items: [{ key: "lemon", name: "lemon", text: "1" }],
  },
  {
    reason: "bunches add and show a plural unit",
    recipes: [["A", "1 bunch parsley"], ["B", "1 bunch fresh parsley"]],
    items: [{ key: "parsley", text: "2 bunches" }],
  },
  {
    reason: "pinches stay pinches next to teaspoons",
    recipes: [["A", "1 tsp ground cinnamon"], ["B", "a pinch of ground cinnamon"]],
    items: [{ key: "ground cinnamon", amounts: [[1, "tsp"], [1, "pinch"]] }],
  },

  // ---- no quantity, notes, skipped lines
  {
    reason: "'to taste' lines merge into one line that keeps the note",
    recipes: [["A", "salt to taste"], ["B", "Salt, to taste"]],
    items: [{ key: "salt", text: "to taste", amounts: [[null, null]], recipes: ["A", "B"] }],
  },
  {
    reason: "a measured line and a to-taste line of the same item keep both",
    recipes: [["A", "1 tsp salt"], ["B", "salt to taste"]],
    items: [{ key: "salt", text: "1 tsp, plus more to taste", amounts: [[1, "tsp"]] }],
  },
  {
    reason: "'salt and pepper' is two items to buy",
    recipes: [["A", "salt and pepper to taste"]],
    distinct: ["salt", "black pepper"],
    count: 2,
  },
  {
    reason: "ground black pepper and plain pepper are one item",
    recipes: [["A", "1/2 tsp freshly ground black pepper"], ["B", "1/2 tsp pepper"]],
    items: [{ key: "black pepper", text: "1 tsp", category: "Spices & Seasonings" }],
  },
  {
    reason: "section headers are skipped",
    recipes: [["A", "For the sauce:", "1 cup tomato sauce"]],
    count: 1,
    skipped: 1,
  },
  {
    reason: "tap water is not bought",
    recipes: [["A", "1 cup water", "2 cups cold water", "1 cup flour"]],
    count: 1,
    skipped: 2,
  },
  {
    reason: "empty lines are skipped",
    recipes: [["A", "", "   ", "1 egg"]],
    count: 1,
    skipped: 2,
  },
  {
    reason: "optional items keep the note",
    recipes: [["A", "1/4 cup chopped walnuts (optional)"]],
    items: [{ key: "walnut", notes: ["optional"] }],
  },

  // ---- recipes, sources, grouping
  {
    reason: "every item lists the recipes it is used in, once each, in input order",
    recipes: [["Soup", "1 onion", "1 onion, sliced"], ["Stew", "2 onions"]],
    items: [{ key: "onion", recipes: ["Soup", "Stew"], sources: 3 }],
  },
  {
    reason: "categories come in store-walk order",
    recipes: [["A", "1 pint vanilla ice cream", "1 lb chicken breasts", "2 apples", "1 cup milk"]],
    items: [
      { key: "vanilla ice cream", category: "Frozen" },
      { key: "chicken breast", category: "Meat & Seafood" },
      { key: "apple", category: "Produce" },
    ],
  },
  {
    reason: "canned and fresh tomatoes are different items",
    recipes: [["A", "4 tomatoes", "1 can chopped tomatoes"]],
    distinct: ["tomato", "diced tomato"],
  },
  {
    reason: "ground cumin and cumin seeds are different items",
    recipes: [["A", "1 tsp ground cumin", "1 tsp cumin seeds"]],
    distinct: ["ground cumin", "cumin seed"],
  },
  {
    reason: "unsalted and salted butter are bought separately",
    recipes: [["A", "100 g unsalted butter", "50 g salted butter"]],
    distinct: ["unsalted butter", "salted butter"],
  },
  {
    reason: "frozen peas are a frozen item; fresh herbs are produce",
    recipes: [["A", "1 cup frozen peas", "1 bunch fresh mint"]],
    items: [
      { key: "frozen pea", category: "Frozen" },
      { key: "mint", category: "Produce" },
    ],
  },
  {
    reason: "dried oregano is a spice",
    recipes: [["A", "1 tsp dried oregano"]],
    items: [{ key: "dried oregano", category: "Spices & Seasonings" }],
  },
];

function find(list: CombinedList, key: string): ListItem | undefined {
  for (const c of list.categories) for (const i of c.items) if (i.key === key) return i;
  return undefined;
}

function allItems(list: CombinedList): ListItem[] {
  return list.categories.flatMap((c) => c.items);
}

describe("combineRecipes: table of cases", () => {
  it("has at least 60 cases, each with a reason", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    for (const c of CASES) expect(c.reason.length).toBeGreaterThan(10);
  });

  it.each(CASES.map((c) => [c.reason, c] as const))("%s", (_reason, c) => {
    const list = combineRecipes(c.recipes.map(([title, ...lines]) => ({ title: expectDefined(title), lines })));
    const keys = allItems(list).map((i) => i.key);
    for (const e of c.items ?? []) {
      const item = find(list, e.key);
      expect(item, `item ${e.key} in [${keys.join(", ")}]`).toBeDefined();
      if (!item) continue;
      if (e.text !== undefined) expect(item.text).toBe(e.text);
      if (e.name !== undefined) expect(item.name).toBe(e.name);
      if (e.category !== undefined) expect(item.category).toBe(e.category);
      if (e.amounts !== undefined) {
        expect(item.amounts.map((a) => [a.quantity === null ? null : Math.round(a.quantity * 1000) / 1000, a.unit])).toEqual(
          e.amounts.map(([q, u]) => [q === null ? null : Math.round(q * 1000) / 1000, u]),
        );
      }
      if (e.recipes !== undefined) expect(item.recipes).toEqual(e.recipes);
      if (e.notes !== undefined) for (const n of e.notes) expect(item.notes).toContain(n);
      if (e.sources !== undefined) expect(item.sources).toHaveLength(e.sources);
    }
    for (const k of c.distinct ?? []) expect(keys, `distinct ${k}`).toContain(k);
    if (c.count !== undefined) expect(keys, keys.join(", ")).toHaveLength(c.count);
    if (c.skipped !== undefined) expect(list.skipped).toHaveLength(c.skipped);
  });
});
