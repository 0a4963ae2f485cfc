import { describe, expect, it } from "vitest";
import { chunkedNodeDriver, nodeDriver } from "../../node/html-rewriter.ts";
import { RecipeDraftSchema } from "../recipe/schema.ts";
import { extractRecipe, visibleHasMoreAmounts, visibleReordersAmounts, visibleSplitsStructured } from "./extract.ts";

const page = (head: string, body: string, lang = "en") =>
  `<!doctype html><html lang="${lang}"><head><title>Site | Page</title>${head}</head><body>${body}</body></html>`;

async function both(html: string, url = "https://example.com/r/1") {
  const a = await extractRecipe(html, url, nodeDriver);
  const b = await extractRecipe(html, url, chunkedNodeDriver(3));
  expect(b).toEqual(a);
  return a;
}

describe("extractRecipe on hand-made pages", () => {
  it("takes the visible card when the structured list is one string or clearly shorter (decision 0009)", async () => {
    const card = `<div class="wprm-recipe-ingredients-container"><ul><li>1 cup flour</li><li>2 eggs</li><li>1 cup milk</li><li>1 tbsp sugar</li></ul></div>`;
    const one = `<script type="application/ld+json">{"@type":"Recipe","name":"Crepes","recipeIngredient":["See the recipe card"]}</script>`;
    const r1 = await both(page(one, card));
    expect(r1.ok && r1.recipe.ingredients).toEqual(["1 cup flour", "2 eggs", "1 cup milk", "1 tbsp sugar"]);
    const two = `<script type="application/ld+json">{"@type":"Recipe","name":"Crepes","recipeIngredient":["flour","eggs"]}</script>`;
    const r2 = await both(page(two, card));
    expect(r2.ok && r2.recipe.ingredients).toEqual(["1 cup flour", "2 eggs", "1 cup milk", "1 tbsp sugar"]);
    // three of four lines is not clearly shorter: the structured list stays
    const three = `<script type="application/ld+json">{"@type":"Recipe","name":"Crepes","recipeIngredient":["1 cup flour","2 eggs","1 cup milk"]}</script>`;
    const r3 = await both(page(three, card));
    expect(r3.ok && r3.recipe.ingredients).toEqual(["1 cup flour", "2 eggs", "1 cup milk"]);
  });

  it("drops interface lines of a recipe card (unit toggles, servings widgets, buttons)", async () => {
    const card = `<div class="tasty-recipes-ingredients"><ul><li>US Customary</li><li>Metric</li><li>2x</li><li>1 cup rice</li>
      <li>2 cups water</li><li>Servings: 4</li><li>1 pinch salt</li><li>Print Recipe</li></ul></div>`;
    const r = await both(page("", `<h1>Rice</h1>${card}`));
    expect(r.ok && r.recipe.ingredients).toEqual(["1 cup rice", "2 cups water", "1 pinch salt"]);
  });

  it("keeps the source's amounts as written (no '.0' rewriting) and a list written twice", async () => {
    const lines = ["500.0 g chickpeas", "2.0 eggs", "1 onion", "1 tsp salt", "1 onion", "1 tsp salt", "2.0 eggs", "500.0 g chickpeas"];
    const ld = `<script type="application/ld+json">{"@type":"Recipe","name":"Falafel","recipeIngredient":${JSON.stringify(lines)}}</script>`;
    const r = await both(page(ld, ""));
    expect(r.ok && r.recipe.ingredients).toEqual(lines);
  });

  it("reads JSON-LD with broken JSON and returns a valid RecipeDraft", async () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Ex"},
      {"@type":"Recipe","name":"Soup","recipeIngredient":["1 l stock","2 carrots, diced",],"image":["https://e.com/s.jpg"]}]}</script>`;
    const r = await both(page(ld, "<h1>Soup!</h1>"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(RecipeDraftSchema.parse(r.recipe)).toEqual(r.recipe);
    expect(r.recipe).toMatchObject({
      title: "Soup",
      ingredients: ["1 l stock", "2 carrots, diced"],
      image: "https://e.com/s.jpg",
      source: "json-ld",
      language: "en",
      siteName: "Ex",
    });
  });

  it("keeps JSON-LD lines but takes the recipe card's group names when the counts match", async () => {
    const ld = `<script type="application/ld+json">{"@type":"Recipe","name":"Pie","recipeIngredient":["2 cups flour ((sifted))","1 egg","1 cup sugar"]}</script>`;
    const body = `<div class="wprm-recipe-ingredients-container"><h4 class="wprm-recipe-group-name">Dough</h4><ul><li>2 cups flour sifted</li><li>1 egg</li></ul>
      <h4 class="wprm-recipe-group-name">Glaze</h4><ul><li>1 cup sugar</li></ul></div>`;
    const r = await both(page(ld, body));
    expect(r.ok && r.recipe.ingredients).toEqual(["2 cups flour (sifted)", "1 egg", "1 cup sugar"]);
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: "Dough", ingredients: ["2 cups flour (sifted)", "1 egg"] },
      { name: "Glaze", ingredients: ["1 cup sugar"] },
    ]);
  });

  it("reads microdata when there is no JSON-LD", async () => {
    const body = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pie &amp; Mash</h1>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Bob</span></div>
      <ul><li itemprop="recipeIngredient">500 g <b>potatoes</b></li><li itemprop="recipeIngredient">1 pie</li></ul></div>`;
    const r = await both(page("", body));
    expect(r.ok && r.recipe).toMatchObject({ title: "Pie & Mash", ingredients: ["500 g potatoes", "1 pie"], source: "microdata" });
  });

  it("reads recipe-plugin markup with groups when there is no structured data", async () => {
    const body = `<h1>Cake</h1><div class="wprm-recipe-ingredients-container">
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">For the batter</h4>
      <ul class="wprm-recipe-ingredients"><li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">2</span> <span>cups</span> flour</li>
      <li class="wprm-recipe-ingredient">1 egg</li></ul></div>
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Glaze</h4><ul><li>1 cup sugar</li></ul></div></div>
      <h3>Instructions</h3><ol><li>Mix.</li></ol>`;
    const r = await both(page("", body));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.recipe.title).toBe("Cake");
    expect(r.recipe.ingredients).toEqual(["2 cups flour", "1 egg", "1 cup sugar"]);
    expect(r.recipe.ingredientGroups).toEqual([
      { name: "For the batter", ingredients: ["2 cups flour", "1 egg"] },
      { name: "Glaze", ingredients: ["1 cup sugar"] },
    ]);
    expect(r.recipe.source).toBe("plugin");
  });

  it("merges one-list-per-group ingredient lists and keeps nested notes with their line", async () => {
    const body = `<h1>Soup</h1><h4>Protein</h4><ul class="recipe-ingredients"><li>1 lb turkey<ul><li class="note">about 450 g</li></ul></li><li>1 onion</li></ul>
      <h4>Spices</h4><ul class="recipe-ingredients"><li>1 tsp cumin</li><li>2 bay leaves</li></ul><h3>Steps</h3>`;
    const r = await both(page("", body));
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: "Protein", ingredients: ["1 lb turkey about 450 g", "1 onion"] },
      { name: "Spices", ingredients: ["1 tsp cumin", "2 bay leaves"] },
    ]);
  });

  it("reads ingredient paragraphs after an 'Ingredients:' paragraph, bold lines as groups", async () => {
    const body = `<h1>Tart</h1><p>Intro text that is long enough to be prose. It has two sentences.</p><p><strong>Ingredients:</strong></p>
      <p>- 250g pastry</p><p>50g almonds<br>4 apples</p><p><strong>For the glaze</strong></p><p>2 tbsp jam</p>
      <p>Sign up to our newsletter to stay up to date with everything!</p><p>1 egg</p><p><strong>Method:</strong></p><p>Bake it.</p>`;
    const r = await both(page("", body));
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: null, ingredients: ["250g pastry", "50g almonds", "4 apples"] },
      { name: "For the glaze", ingredients: ["2 tbsp jam", "1 egg"] },
    ]);
  });

  it("carries the recipe's language: the Recipe's inLanguage, <html lang>, og:locale; the text wins over a theme's default", async () => {
    const ld = (lines: string[], extra = "") =>
      `<script type="application/ld+json">{"@type":"Recipe","name":"Gulasch"${extra},"recipeIngredient":${JSON.stringify(lines)},
        "recipeInstructions":"Das Fleisch in Würfel schneiden und mit der Zwiebel in einem Topf anbraten, dann mit dem Wein ablöschen."}</script>`;
    const lines = ["500 g Rindfleisch", "2 Zwiebeln", "1 EL Paprikapulver"];
    const language = async (html: string) => {
      const r = await both(html);
      return r.ok ? r.recipe.language : "failed";
    };
    expect(await language(page(ld(lines), "", "de_AT"))).toBe("de-AT");
    expect(await language(page(ld(lines, ',"inLanguage":"de-CH"'), "", "de"))).toBe("de-CH");
    expect(await language(`<html><head><meta property="og:locale" content="de_DE">${ld(lines)}</head><body></body></html>`)).toBe("de-DE");
    // an en-US WordPress theme around a German recipe
    expect(await language(page(ld(lines), "", "en-US"))).toBe("de");
    const english = `<script type="application/ld+json">{"@type":"Recipe","name":"Goulash","recipeIngredient":["500 g beef","2 onions"],
      "recipeInstructions":"Cut the beef into cubes and brown it with the onions in a pot, then add the wine."}</script>`;
    expect(await language(page(english, "", "en-US"))).toBe("en-US");
  });

  it("falls back to the list after an Ingredients heading in the page's language", async () => {
    for (const [word, lang] of [
      ["Zutaten", "de"],
      ["Ingrédients", "fr"],
      ["Składniki", "pl"],
      ["材料", "ja"],
      ["Ingrediënten", "nl"],
    ]) {
      const body = `<nav><ul><li>Home</li><li>Blog</li></ul></nav><h1>Dish</h1><p>Intro</p><h2>${word}</h2>
        <ul><li>200 g A</li><li>1 B</li></ul><h2>Zubereitung</h2><ol><li>Step</li></ol>`;
      const r = await both(page("", body, lang));
      expect(r.ok && r.recipe).toMatchObject({ title: "Dish", ingredients: ["200 g A", "1 B"], source: "heading" });
    }
  });

  it("keeps reading after a second 'Ingredients for ...' heading: it names the next group", async () => {
    const body = `<h1>Kuchen</h1><h3>Zutaten für den Teig</h3><ul><li>200 g Mehl</li><li>1 Ei</li></ul>
      <h3>Zutaten für die Füllung</h3><ul><li>300 g Quark</li></ul><h3>Zubereitung</h3><ol><li>Backen.</li></ol>`;
    const r = await both(page("", body, "de"));
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: null, ingredients: ["200 g Mehl", "1 Ei"] },
      { name: "Zutaten für die Füllung", ingredients: ["300 g Quark"] },
    ]);
    // "Zutaten für 4 Personen" is not a group name
    const serves = `<h1>Kuchen</h1><h3>Zutaten</h3><ul><li>200 g Mehl</li><li>1 Ei</li></ul><h3>Zutaten für 4 Personen</h3><ul><li>300 g Quark</li></ul>`;
    const sv = await both(page("", serves, "de"));
    expect(sv.ok && sv.recipe.ingredients).toEqual(["200 g Mehl", "1 Ei"]);
    // a bare "Ingredients" heading again starts another recipe
    const two = `<h1>Two</h1><h2>Ingredients</h2><ul><li>1 a</li><li>2 b</li></ul><h2>Ingredients</h2><ul><li>3 c</li></ul>`;
    const t = await both(page("", two));
    expect(t.ok && t.recipe.ingredients).toEqual(["1 a", "2 b"]);
  });

  it("reads an ingredients paragraph for a part or a number of people, each part's lines under its own label", async () => {
    const body = `<h1>Bürli</h1><p>Recette pour 4 pains.</p><p>Ingrédients pour le levain (1 nuit)</p><p><b>150 g de farine</b></p>
      <p><b>150 g d'eau</b></p><p>Ingrédients pour la pâte :</p><p><b>300 g du levain</b></p><p><b>14 g de sel</b></p>
      <h2>Préparation</h2><p>Mélanger.</p>`;
    const r = await both(page("", body, "fr"));
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: null, ingredients: ["150 g de farine", "150 g d'eau"] },
      { name: "Ingrédients pour la pâte", ingredients: ["300 g du levain", "14 g de sel"] },
    ]);
    // the parts apart, each part's steps after its lines: the later parts are still groups of the list
    const apart = `<h1>Bürli</h1><p>Ingrédients pour le levain (1 nuit)</p><p><b>150 g de farine</b></p><p><b>150 g d'eau</b></p>
      <ul><li>Mettre le levain dans un bol,</li><li>Verser l'eau et bien mélanger.</li></ul>
      <p>Ingrédients pour la pâte :</p><p><b>300 g du levain</b></p><p><b>14 g de sel</b></p><ul><li>Pétrir.</li></ul>`;
    const a = await both(page("", apart, "fr"));
    expect(a.ok && a.recipe.ingredientGroups).toEqual([
      { name: null, ingredients: ["150 g de farine", "150 g d'eau"] },
      { name: "Ingrédients pour la pâte", ingredients: ["300 g du levain", "14 g de sel"] },
    ]);
    const serves = `<h1>Kuchen</h1><p>Zutaten für 4 Personen:</p><p>200 g Mehl<br>2 Eier</p><h2>Zubereitung</h2><p>Backen.</p>`;
    const s = await both(page("", serves, "de"));
    expect(s.ok && s.recipe.ingredients).toEqual(["200 g Mehl", "2 Eier"]);
    // a sentence that starts with the word is not a label
    const prose = `<h1>Kuchen</h1><p>Zutaten für diesen Kuchen hat jeder im Haus. Man braucht nicht viel.</p><p>200 g Mehl<br>2 Eier</p>`;
    const p = await both(page("", prose, "de"));
    expect(p.ok).toBe(false);
  });

  it("ends the ingredient section at the steps, nutrition, tips or utensils headings of other languages", async () => {
    for (const [word, stop, lang] of [
      ["Zutaten", "Nährwerte", "de"],
      ["Zutaten", "So geht's", "de"],
      ["Ingrédients", "Ustensiles", "fr"],
      ["Ingredientes", "Paso a paso", "es"],
      ["Ingredienti", "Consigli", "it"],
      ["Ingrediënten", "Voedingswaarde", "nl"],
      ["Ingredientes", "Modo de fazer", "pt"],
      ["Ingredienser", "Næringsinnhold", "nb"],
    ]) {
      const body = `<h1>Dish</h1><h2>${word}</h2><ul><li>200 g A</li><li>1 B</li></ul><h4>${stop}</h4><ul><li>Step one</li></ul>`;
      const r = await both(page("", body, lang));
      expect(r.ok && r.recipe.ingredients, stop).toEqual(["200 g A", "1 B"]);
    }
  });

  it("keeps group labels of other languages out of the lines (JSON-LD and visible lists)", async () => {
    const lines = ["Für den Teig", "200 g Mehl", "1 Ei", "Füllung", "300 g Quark", "Zum Bestreuen", "Puderzucker"];
    const ld = `<script type="application/ld+json">{"@type":"Recipe","name":"Kuchen","recipeIngredient":${JSON.stringify(lines)}}</script>`;
    const r = await both(page(ld, "", "de"));
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: "Für den Teig", ingredients: ["200 g Mehl", "1 Ei"] },
      { name: "Füllung", ingredients: ["300 g Quark"] },
      { name: "Zum Bestreuen", ingredients: ["Puderzucker"] },
    ]);
    const card = `<h1>Tarte</h1><div class="recipe-ingredients"><ul><li>Pour la pâte</li><li>250 g de farine</li><li>125 g de beurre</li>
      <li>Pour la garniture</li><li>4 pommes</li></ul></div>`;
    const v = await both(page("", card, "fr"));
    expect(v.ok && v.recipe.ingredientGroups).toEqual([
      { name: "Pour la pâte", ingredients: ["250 g de farine", "125 g de beurre"] },
      { name: "Pour la garniture", ingredients: ["4 pommes"] },
    ]);
  });

  it("drops a card's interface lines in other languages (servings widget, print, shopping-list link, step labels)", async () => {
    const card = `<h1>Suppe</h1><div class="recipe-ingredients"><ul><li>Portionen: 4</li><li>500 g Kartoffeln Auf die Einkaufsliste</li>
      <li>1 l Brühe</li><li>Drucken</li><li>2 Zwiebeln + Zur Einkaufsliste hinzufügen</li></ul></div>`;
    const r = await both(page("", card, "de"));
    expect(r.ok && r.recipe.ingredients).toEqual(["500 g Kartoffeln", "1 l Brühe", "2 Zwiebeln"]);
    const fr = `<h1>Soupe</h1><div class="recipe-ingredients"><ul><li>Personnes : 4</li><li>500 g de pommes de terre Ajouter à la liste de courses</li>
      <li>1 l de bouillon</li><li>Étape 1</li></ul></div>`;
    const f = await both(page("", fr, "fr"));
    expect(f.ok && f.recipe.ingredients).toEqual(["500 g de pommes de terre", "1 l de bouillon"]);
  });

  it("titles a page without structured data by its name, not a heading of the interface or a 'Recipe' part", async () => {
    const list = `<h2>Zutaten</h2><ul><li>200 g Mehl</li><li>2 Eier</li></ul>`;
    const t = (head: string, h1: string, lang: string) =>
      `<!doctype html><html lang="${lang}"><head>${head}</head><body><h1>${h1}</h1>${list}</body></html>`;
    const a = await both(t("<title>Apfelkuchen – Rezept | Backstube</title>", "Startseite", "de"));
    expect(a.ok && a.recipe.title).toBe("Apfelkuchen");
    const b = await both(t(`<meta property="og:title" content="Tarte Tatin | Recette">`, "Recettes", "fr"));
    expect(b.ok && b.recipe.title).toBe("Tarte Tatin");
    const e = await both(t(`<meta property="og:title" content="Recette : Tarte Tatin">`, "Accueil", "fr"));
    expect(e.ok && e.recipe.title).toBe("Tarte Tatin");
    // "Rezept" that is part of the name stays
    const c = await both(t("<title>Omas Rezept für Apfelkuchen | Backstube</title>", "Suche", "de"));
    expect(c.ok && c.recipe.title).toBe("Omas Rezept für Apfelkuchen");
    const d = await both(t("<title>Backstube</title>", "Apfelkuchen nach Omas Rezept", "de"));
    expect(d.ok && d.recipe.title).toBe("Apfelkuchen nach Omas Rezept");
  });

  it("knows Ingredients/Method headings that end in a non-Latin letter (Cyrillic, Greek, Japanese)", async () => {
    for (const [word, stop, lang] of [
      ["Ингредиенты", "Приготовление", "ru"],
      ["Συστατικά", "Εκτέλεση", "el"],
      ["材料", "作り方", "ja"],
      ["Ingredienser", "Sådan gør du", "da"],
    ]) {
      const body = `<h1>Dish</h1><h2>${word}</h2><ul><li>200 g A</li><li>1 B</li></ul><h3>${stop}</h3><ul><li>Step one</li></ul>`;
      const r = await both(page("", body, lang));
      expect(r.ok && r.recipe.ingredients).toEqual(["200 g A", "1 B"]);
    }
  });

  it("as a last resort takes lists whose items start with amounts, headings between them as groups", async () => {
    const body = `<h1>Meringues</h1><nav><ul><li>Home</li><li>Recipes</li><li>Shop</li></ul></nav><p>Story.</p>
      <h2>Produce</h2><ul><li>½ lemon</li></ul><h2>Pantry</h2><ul><li>6 cookies</li><li>1 cup sugar</li><li>Salt</li></ul>
      <h3>1. Do some prep:</h3><p>Heat the oven.</p><ul><li>2 tips</li></ul>`;
    const r = await both(page("", body));
    expect(r.ok && r.recipe.ingredientGroups).toEqual([
      { name: "Produce", ingredients: ["½ lemon"] },
      { name: "Pantry", ingredients: ["6 cookies", "1 cup sugar", "Salt"] },
    ]);
    const prose = await both(page("", "<h1>10 best beaches</h1><ul><li>1. Bondi</li><li>Manly</li><li>Coogee</li><li>Bronte</li></ul>"));
    expect(prose.ok).toBe(false);
    const ranked = await both(page("", "<h1>Top 3</h1><ol><li>1. Bondi</li><li>2. Manly</li><li>3) Coogee</li></ol>"));
    expect(ranked.ok).toBe(false);
  });

  it("reads one-element-per-line ingredient rows (no list items), their marked parts as words", async () => {
    const rows = `<div class="ingredients"><div class="ingredient"><span class="ingredient__amount">300 g</span><span class="ingredient__name">chicken</span></div>
      <div class="ingredient">1&nbsp;<a href="/x">onion</a></div></div><h2>Method</h2>`;
    const r = await both(page("", `<h1>Stir-fry</h1>${rows}`));
    expect(r.ok && r.recipe).toMatchObject({ ingredients: ["300 g chicken", "1 onion"], source: "plugin" });
    // rows with no wrapper, in a table
    const table = `<table><tr class="recipe-ingredients__row"><td class="recipe-ingredients__amount">460 g</td><td class="recipe-ingredients__ingredient">flour</td></tr>
      <tr class="recipe-ingredients__row"><td class="recipe-ingredients__amount">250 ml</td><td class="recipe-ingredients__ingredient">milk</td></tr></table>`;
    const t = await both(page("", `<h1>Bread</h1>${table}`));
    expect(t.ok && t.recipe.ingredients).toEqual(["460 g flour", "250 ml milk"]);
    // a row class on a block that holds a list is a container, not a line
    const list = `<div class="recipe-ingredient"><ul><li>1 egg</li><li>2 cups flour</li></ul></div>`;
    const l = await both(page("", `<h1>Cake</h1>${list}`));
    expect(l.ok && l.recipe.ingredients).toEqual(["1 egg", "2 cups flour"]);
    // ingredient names highlighted inside the steps are not rows
    const steps = `<p>Mix the <span class="ingredient">flour</span> with the <span class="ingredient">sugar</span>.</p><p>Add the <span class="ingredient">eggs</span>.</p>`;
    const s = await both(page("", `<h1>Cake</h1>${steps}`));
    expect(s.ok).toBe(false);
  });

  it("keeps the marked parts of a microdata ingredient apart and splits a one-line microdata list by its rows", async () => {
    const tr = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Risotto</h1><table>
      <tr itemprop="recipeIngredient" class="Ingredient"><td class="Ingredient--amount"><span>1</span></td><th class="Ingredient--text">Knoblauchzehe</th></tr>
      <tr itemprop="recipeIngredient" class="Ingredient"><td class="Ingredient--amount">150 g</td><th class="Ingredient--text">Reis</th></tr></table></div>`;
    const r = await both(page("", tr, "de"));
    expect(r.ok && r.recipe.ingredients).toEqual(["1 Knoblauchzehe", "150 g Reis"]);
    const wrapper = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Tsukudani</h1>
      <div class="ingredients" itemprop="recipeIngredient"><div class="ingredient">as you like&nbsp;<a>Celery leaves</a></div><div class="ingredient">1 tbsp <a>Sugar</a></div></div></div>`;
    const w = await both(page("", wrapper));
    expect(w.ok && w.recipe.ingredients).toEqual(["as you like Celery leaves", "1 tbsp Sugar"]);
  });

  it("skips hidden items of a recipe card (the other unit system of a toggle)", async () => {
    const body = `<h1>Roasties</h1><div class="recipe-ingredients"><ul><li class="metric">4 potatoes</li><li class="metric">100ml oil</li>
      <li class="imperial hide">4 potatoes</li><li class="imperial hide">3 1/2fl oz oil</li></ul></div>`;
    const r = await both(page("", body));
    expect(r.ok && r.recipe.ingredients).toEqual(["4 potatoes", "100ml oil"]);
  });

  it("collects bulleted ingredient paragraphs placed between the steps", async () => {
    const body = `<h1>Piccata</h1><p>Our favourite. It is quick.</p><p>• 15 g Parmesan<br>• 1 egg<br>• 1 EL Wasser</p>
      <p>1 Mix everything and let it rest.</p><p>• 2 Schnitzel</p><p>2 Fry the meat in the batter.</p><p>• 1 EL Butter<br>• Salz</p>
      <h3>Share this</h3><p>• Facebook</p>`;
    const r = await both(page("", body, "de"));
    expect(r.ok && r.recipe.ingredients).toEqual(["15 g Parmesan", "1 egg", "1 EL Wasser", "2 Schnitzel", "1 EL Butter", "Salz"]);
  });

  it("says no recipe found (with the page title) when there is none", async () => {
    const r = await both(page('<meta property="og:title" content="About us">', "<h1>About us</h1><ul><li>Team</li></ul>"));
    expect(r).toEqual({ ok: false, reason: "no_recipe_found", message: expect.stringContaining("No recipe"), title: "About us" });
  });

  it("drops a trailing 'shopping list' link text from visible lines", async () => {
    const body = `<h1>Stew</h1><div class="ingredients"><ul>
      <li>3 <a href="#" class="ingredient">chicken breasts</a>, diced <a href="#" class="to_list" title="Add to shopping list">shopping list</a></li>
      <li>salt, to taste <a href="#" class="to_list">Add to shopping list</a></li></ul></div>`;
    const r = await both(page("", body));
    expect(r.ok && r.recipe.ingredients).toEqual(["3 chicken breasts, diced", "salt, to taste"]);
  });

  it("drops product information lines (composition, allergens) from a meal kit's list", async () => {
    const body = `<h1>Duck</h1><div id="ingredients"><ul class="ingredient-list"><li><span>6x</span> <span>cuisse de canard (1,08kg)</span></li>
      <li><span>150 g</span> <span>multifeuille</span></li></ul>
      <ul><li><p><span>Cuisse de canard</span></p><p>Composition&nbsp;: 100% viande de canard</p></li>
      <li><p><span>Romarin</span></p><p>Traces possibles d'allergènes&nbsp;: Gluten, Soja</p></li></ul></div>`;
    const r = await both(page("", body, "fr"));
    expect(r.ok && r.recipe.ingredients).toEqual(["6x cuisse de canard (1,08kg)", "150 g multifeuille"]);
  });

  it("removes the dash between amount and name when the whole list is laid out that way", async () => {
    const items = [
      "<strong>300g</strong> - <a>dried chickpeas</a>",
      "<strong>3 tbsp</strong> - <a>olive oil</a>",
      "<strong>8</strong> - <a>garlic cloves</a>",
      "salt and pepper",
    ];
    const r = await both(page("", `<h1>Chickpeas</h1><h2>Ingredients</h2><ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`));
    expect(r.ok && r.recipe.ingredients).toEqual(["300g dried chickpeas", "3 tbsp olive oil", "8 garlic cloves", "salt and pepper"]);
    // a range, or a dash after the name (the author's note), stays as written
    const other = ["2 - 3 cups flour", "1 onion - diced", "2 carrots - peeled", "1 cup milk"];
    const r2 = await both(page("", `<h1>Cake</h1><h2>Ingredients</h2><ul>${other.map((i) => `<li>${i}</li>`).join("")}</ul>`));
    expect(r2.ok && r2.recipe.ingredients).toEqual(other);
  });

  it("takes caption lines that read as ingredients from a social post", async () => {
    const desc = "Best pasta ever!\n\n200g spaghetti\n2 cloves garlic\n- parmesan\nCook it all for 10 minutes. Enjoy!\n#pasta #food";
    const head = `<meta property="og:title" content="Chef on Instagram: &quot;Best pasta ever!&quot;"><meta property="og:description" content="${desc}">`;
    const r = await both(page(head, ""), "https://www.instagram.com/p/abc/");
    expect(r.ok && r.recipe).toMatchObject({
      title: "Best pasta ever!",
      ingredients: ["200g spaghetti", "2 cloves garlic", "parmesan"],
      source: "social",
    });
    const none = await both(
      page('<meta property="og:description" content="Sunset at the beach">', ""),
      "https://www.tiktok.com/@a/video/1",
    );
    expect(none.ok).toBe(false);
    expect(!none.ok && none.reason).toBe("no_recipe_in_post");
  });
});

describe("social posts", () => {
  it("reads YouTube's full description from the inline player JSON", async () => {
    const json = JSON.stringify({
      videoDetails: {
        shortDescription:
          "My best chili!\n\nIngredients:\n1 lb beef\n2 cans beans\n1 onion, diced\n\nSubscribe for more videos every week.",
      },
    });
    const html = page(
      '<meta property="og:title" content="Best Chili - YouTube"><meta property="og:description" content="My best chili!">',
      `<script>var ytInitialPlayerResponse = ${json};</script>`,
    );
    const r = await both(html, "https://www.youtube.com/watch?v=abc");
    expect(r.ok && r.recipe).toMatchObject({
      title: "Best Chili",
      ingredients: ["1 lb beef", "2 cans beans", "1 onion, diced"],
      source: "social",
    });
  });
  it("strips Instagram's likes/comments wrapper from the caption", async () => {
    const desc = "1,234 likes, 56 comments - chef on March 1, 2024: &quot;Lemon pasta\n200g pasta\n1 lemon\n50g parmesan&quot;";
    const r = await both(
      page(`<meta property="og:description" content="${desc.replace(/\n/g, "&#10;")}">`, ""),
      "https://www.instagram.com/p/x/",
    );
    expect(r.ok && r.recipe.ingredients).toEqual(["200g pasta", "1 lemon", "50g parmesan"]);
  });
});

describe("policy and social helpers", () => {
  it("prefers the visible list only when it adds amounts the structured data lacks", () => {
    expect(visibleHasMoreAmounts(["chicken", "salt", "1 egg"], ["300 g chicken", "1 tsp salt", "1 egg"])).toBe(true);
    expect(visibleHasMoreAmounts(["1 cup milk (warm)", "2 eggs"], ["1 cup milk warm", "2 eggs"])).toBe(false);
    expect(visibleHasMoreAmounts(["1/2 cup milk", "2 eggs"], ["½ cup milk", "2 eggs"])).toBe(false);
    expect(visibleHasMoreAmounts(["a", "b"], ["1 a"])).toBe(false);
    expect(visibleHasMoreAmounts(["1 cup cream", "2 eggs"], ["1 cup (250 mL) cream", "2 eggs"], false)).toBe(true);
    expect(visibleHasMoreAmounts(["1 cup cream", "2 eggs"], ["1 cup (250 mL) cream", "2 eggs"], true)).toBe(false);
    // bare names in another order are a different list, not the same one without amounts
    expect(
      visibleHasMoreAmounts(
        ["chicken thighs", "olive oil", "basil", "kosher salt"],
        ["2 pounds chicken thighs", "kosher salt", "2 cups olive oil", "1 cup basil"],
      ),
    ).toBe(false);
    expect(
      visibleHasMoreAmounts(
        ["chicken thighs", "olive oil", "basil", "kosher salt"],
        ["2 pounds chicken thighs", "2 cups olive oil", "1 cup fresh basil leaves", "kosher salt"],
      ),
    ).toBe(true);
    expect(visibleHasMoreAmounts(["鸡胸肉", "胡萝卜"], ["150克鸡胸肉", "半根胡萝卜"])).toBe(true);
  });
  it("prefers the visible list when the structured one is a cut-down copy with amounts moved last", () => {
    const structured = ["verse ravioli 500gr", "roomboter 75gr", "citroen 1"];
    expect(visibleReordersAmounts(structured, ["500 gr verse ravioli (met ricotta)", "75 gr roomboter", "1 citroen (biologisch)"])).toBe(
      true,
    );
    // nothing dropped, only the order differs: the structured list stays
    expect(visibleReordersAmounts(["zucchero 130 g", "savoiardi 12"], ["130 g zucchero", "12 savoiardi"])).toBe(false);
    // a word of the structured line missing from the visible one
    expect(visibleReordersAmounts(["a 1", "b 2"], ["1 a x", "2 c y"])).toBe(false);
  });
  it("splits a structured line that holds the whole visible list", () => {
    expect(visibleSplitsStructured(["1 egg2 cups flour"], ["1 egg", "2 cups flour"])).toBe(true);
    expect(visibleSplitsStructured(["1 egg", "2 cups flour"], ["1 egg", "2 cups flour"])).toBe(false);
    expect(visibleSplitsStructured(["2 cups flour 1 egg"], ["1 egg", "2 cups flour"])).toBe(false);
    // names picked out of fuller lines (ingredients highlighted in the steps) do not split anything
    expect(visibleSplitsStructured(["2 cups flour", "1 cup sugar"], ["flour", "sugar", "eggs"])).toBe(false);
  });
});
