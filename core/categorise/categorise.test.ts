import { describe, expect, it } from "vitest";
import { CATEGORIES, categorise, compareCategories, explainCategory, lexiconConflicts } from "./categorise.ts";
import { LEXICON } from "./lexicon.ts";
import { WORDNET_WORDS } from "./wordnet-table.ts";

// Our own table of names (recipe ingredient names and made-up shelf names), with the category a
// US store shelves them in. Where two answers are fair, the list gives both.
const TABLE: [string, string | string[]][] = [
  // produce, herbs and their modifiers
  ["onion", "Produce"],
  ["red onions", "Produce"],
  ["Organic Yellow Onions", "Produce"],
  ["peas", ["Produce", "Frozen"]],
  ["frozen peas", "Frozen"],
  ["Peas, Frozen", "Frozen"],
  ["fresh thyme", "Produce"],
  ["dried thyme", "Spices & Seasonings"],
  ["dried oregano", "Spices & Seasonings"],
  ["oregano", ["Spices & Seasonings", "Produce"]],
  ["fresh oregano", "Produce"],
  ["basil leaves", "Produce"],
  ["granulated garlic", "Spices & Seasonings"],
  ["garlic cloves", "Produce"],
  ["ground ginger", "Spices & Seasonings"],
  ["root ginger", "Produce"],
  ["red pepper flakes", "Spices & Seasonings"],
  ["red bell peppers", "Produce"],
  ["black pepper", "Spices & Seasonings"],
  ["green peppers", "Produce"],
  ["scallions", "Produce"],
  ["Bagged Baby Spinach", "Produce"],
  ["lemon zest", "Produce"],
  ["fresh lemon juice", "Produce"],
  ["aubergines", "Produce"],
  ["strawberries", "Produce"],
  ["dried apricots", ["Baking", "Snacks & Sweets"]],
  // canned and soups
  ["canned tomatoes", "Canned Goods & Soups"],
  ["tomato", "Produce"],
  ["chopped tomatoes", "Canned Goods & Soups"],
  ["chicken stock", "Canned Goods & Soups"],
  ["Low Sodium Vegetable Broth", "Canned Goods & Soups"],
  ["Creamy Tomato Basil Soup", "Canned Goods & Soups"],
  ["black beans", "Canned Goods & Soups"],
  ["dried black beans", "Pasta, Rice & Grains"],
  ["Peaches in Light Syrup", "Canned Goods & Soups"],
  ["Chunk Light Tuna in Water", "Canned Goods & Soups"],
  // meat, deli
  ["chicken breast", "Meat & Seafood"],
  ["boneless skinless chicken thighs", "Meat & Seafood"],
  ["Rotisserie Seasoned Chicken Breast", "Deli & Prepared Foods"],
  ["ground beef", "Meat & Seafood"],
  ["Thick Cut Smoked Bacon", "Meat & Seafood"],
  ["salmon fillets", "Meat & Seafood"],
  ["prosciutto", ["Deli & Prepared Foods", "Meat & Seafood"]],
  ["Roasted Red Pepper Hummus", "Deli & Prepared Foods"],
  ["Breaded Fish Fillets", "Frozen"],
  // dairy
  ["unsalted butter", "Dairy & Eggs"],
  ["peanut butter", "Breakfast & Cereal"],
  ["large eggs", "Dairy & Eggs"],
  ["greek yoghurt", "Dairy & Eggs"],
  ["Blueberry Greek Yogurt", "Dairy & Eggs"],
  ["crème fraîche", "Dairy & Eggs"],
  ["Shredded Sharp Cheddar Cheese", "Dairy & Eggs"],
  ["Unsweetened Vanilla Almond Milk", "Dairy & Eggs"],
  // dry goods
  ["plain flour", "Baking"],
  ["self-raising flour", "Baking"],
  ["caster sugar", "Baking"],
  ["Whole Wheat Penne Rigate", "Pasta, Rice & Grains"],
  ["jasmine rice", "Pasta, Rice & Grains"],
  ["soy sauce", ["International", "Condiments & Sauces"]],
  ["Red Thai Curry Paste", "International"],
  ["Spicy Brown Mustard", "Condiments & Sauces"],
  ["Traditional Marinara Pasta Sauce", "Condiments & Sauces"],
  ["extra virgin olive oil", "Oils & Vinegars"],
  ["Aged Balsamic Vinegar of Modena", "Oils & Vinegars"],
  ["smoked paprika", "Spices & Seasonings"],
  ["kosher salt", ["Spices & Seasonings", "Baking"]],
  ["Honey Nut Crunch Cereal", "Breakfast & Cereal"],
  ["Strawberry Preserves", "Breakfast & Cereal"],
  ["clear honey", ["Breakfast & Cereal", "Baking"]],
  // snacks, drinks, frozen, alcohol
  ["Sea Salt Kettle Potato Chips", "Snacks & Sweets"],
  ["Dark Chocolate Almond Bar", "Snacks & Sweets"],
  ["Peppermint Chewing Gum", "Snacks & Sweets"],
  ["Mango Orange Juice", "Beverages"],
  ["Lime Sparkling Water", "Beverages"],
  ["Decaf Dark Roast Ground Coffee", "Beverages"],
  ["Chamomile Herbal Tea Bags", "Beverages"],
  ["Salted Caramel Ice Cream", "Frozen"],
  ["Chocolate Chip Cookie Dough Ice Cream Bars", "Frozen"],
  ["Four Cheese Thin Crust Pizza", "Frozen"],
  ["dry white wine", "Beer, Wine & Spirits"],
  ["Kentucky Straight Bourbon Whiskey", "Beer, Wine & Spirits"],
  ["Hard Apple Cider", "Beer, Wine & Spirits"],
  ["Sliced Sourdough Bread", "Bakery & Bread"],
  ["Whole Wheat Hamburger Buns", "Bakery & Bread"],
  ["paper towels", "Other"],
  // alternatives, sizes and other product-name habits
  ["silver rum or water", "Beer, Wine & Spirits"],
  ["chicken or vegetable stock", "Canned Goods & Soups"],
  ["heavy or whipping cream", "Dairy & Eggs"],
  ["candied lemon peel", "Baking"],
  ["Roasted Salted Cashews", "Snacks & Sweets"],
  ["walnut halves", ["Baking", "Snacks & Sweets"]],
  ["Flour Tortillas Burrito Size", ["Bakery & Bread", "International"]],
  ["roasted red peppers in oil", "Canned Goods & Soups"],
  ["Bread and Butter Pickle Chips", "Condiments & Sauces"],
  ["Tofu, Extra Firm", ["Deli & Prepared Foods", "Produce"]],
  ["Tomato, Onion & Garlic Pasta Sauce", "Condiments & Sauces"],
  ["Pomegranate with Cranberry Juice", "Beverages"],
  ["Whole Peeled Tomatoes with Basil", "Canned Goods & Soups"],
  // brand names used as the product type
  ["Nacho Cheese Doritos", "Snacks & Sweets"],
  ["Eggo Homestyle Waffles", "Frozen"],
  ["Gatorade Cool Blue", "Beverages"],
];

describe("categorise", () => {
  it.each(TABLE)("%s", (name, want) => {
    const accepted = Array.isArray(want) ? want : [want];
    expect(accepted).toContain(categorise(name));
  });

  it("returns one of the 18 categories for anything, including junk", () => {
    for (const s of ["", "   ", "zzzz qqq", "12 oz", "!!!", "a", "Organic"]) {
      expect(CATEGORIES).toContain(categorise(s));
    }
  });

  it("ignores case, accents, plural and punctuation", () => {
    expect(categorise("GRUYÈRE CHEESE")).toBe(categorise("gruyere cheese"));
    expect(categorise("Tomatoes")).toBe(categorise("tomato"));
    expect(categorise("self raising flour")).toBe(categorise("self-raising flour"));
  });

  it("explains which phrase decided", () => {
    expect(explainCategory("Organic Chicken Stock")).toEqual({ category: "Canned Goods & Soups", phrase: "chicken stock" });
    expect(explainCategory("qwerty").phrase).toBeNull();
  });

  it("falls back on WordNet's food nouns for words the lexicon does not know (decision 0006)", () => {
    // none of these words is in the lexicon; the generated table knows them through their hypernyms
    expect(explainCategory("Zwieback")).toEqual({ category: "Bakery & Bread", phrase: "(wordnet)" });
    expect(categorise("Organic Zwieback Toasts")).toBe("Bakery & Bread");
    expect(categorise("Frozen Zwieback")).toBe("Frozen");
  });

  it("has a WordNet table that agrees with the hand-written lexicon on most words both know", () => {
    // a check of the anchor mapping (scripts/build-wordnet-categories.ts): 80.8% when written
    const wn = new Map<string, string>();
    for (const [code, words] of Object.entries(WORDNET_WORDS)) for (const w of (words ?? "").split(" ")) wn.set(w, code);
    let both = 0;
    let agree = 0;
    for (const [code, priority, , text] of LEXICON) {
      if (priority === 0) continue;
      for (const raw of text.split(",")) {
        const w = raw.trim();
        const c = /^[a-z]+$/.test(w) ? wn.get(w) : undefined;
        if (c === undefined) continue;
        both++;
        if (c === code) agree++;
      }
    }
    expect(both).toBeGreaterThan(500);
    expect(agree / both).toBeGreaterThan(0.75);
  });

  it("guesses instead of answering Other only when asked (CLI), never for non-food words", () => {
    expect(explainCategory("qwerty").category).toBe("Other");
    expect(explainCategory("qwerty", { guess: true }).category).not.toBe("Other");
    expect(explainCategory("paper towels", { guess: true }).category).toBe("Other");
  });

  it("lets product-type words of the spice aisle and decorating products decide as a class", () => {
    expect(categorise("Tandoori Chicken Seasoning")).toBe("Spices & Seasonings");
    expect(categorise("Smoky Brisket Rub")).toBe("Spices & Seasonings");
    expect(categorise("Neon Writing Gel")).toBe("Baking");
    expect(categorise("Easter Egg Dye Kit")).toBe("Baking");
  });

  it("lets the words after 'flavor(ed)' name the product, and a food noun after a flavour word", () => {
    expect(categorise("Lemon Lime Flavored Sparkling Water")).toBe("Beverages");
    expect(categorise("Chocolate Flavor Almond Milk")).toBe("Dairy & Eggs");
    expect(categorise("Cherry Flavored")).toBe("Produce");
    expect(categorise("Strawberry Zwieback")).toBe("Bakery & Bread");
  });

  it("puts packaged prepared dishes (bake, casserole) in the frozen aisle; boxed dinners stay with pasta", () => {
    expect(categorise("Chicken Broccoli Rice Bake")).toBe("Frozen");
    expect(categorise("Green Bean Casserole")).toBe("Frozen");
    expect(categorise("Cheesy Shells Dinner")).toBe("Pasta, Rice & Grains");
  });

  it("shelves meat-free products named after a meat with frozen food", () => {
    expect(categorise("Vegan Italian Sausages")).toBe("Frozen");
    expect(categorise("Plant-Based Burger Patties")).toBe("Frozen");
    expect(categorise("Pork Sausages")).toBe("Meat & Seafood");
  });

  it("shelves savoury meat pies with frozen food and jarred nacho chillies with condiments", () => {
    expect(categorise("Steak & Ale Pies")).toBe("Frozen");
    expect(categorise("Dutch Apple Pie")).toBe("Bakery & Bread");
    expect(categorise("Sliced Nacho Jalapenos")).toBe("Condiments & Sauces");
  });

  it("has no phrase listed under two different categories", () => {
    expect(lexiconConflicts()).toEqual([]);
  });
});

describe("CATEGORIES and compareCategories", () => {
  it("lists 18 categories in store-walk order with Other last", () => {
    expect(CATEGORIES).toHaveLength(18);
    expect(CATEGORIES[0]).toBe("Produce");
    expect(CATEGORIES[17]).toBe("Other");
  });

  it("sorts by store walk", () => {
    const sorted = ["Frozen", "Other", "Produce", "Baking", "Dairy & Eggs"].sort(compareCategories);
    expect(sorted).toEqual(["Produce", "Dairy & Eggs", "Baking", "Frozen", "Other"]);
  });
});
