import { describe, expect, it } from "vitest";
import { candidateFromNode, groupLines, isGroupLabel, pickMainRecipe, readJsonLd } from "./from-json-ld.ts";
import { findRecipes, parseJsonLd, repairJson, unwrapScript } from "./json-ld.ts";

describe("parseJsonLd repairs what real pages break", () => {
  it("parses valid JSON unchanged", () => {
    expect(parseJsonLd('{"@type":"Recipe","name":"A"}')).toEqual([{ "@type": "Recipe", name: "A" }]);
  });
  it("escapes raw newlines, tabs and control characters inside strings", () => {
    const [v] = parseJsonLd('{"name":"Line one\nline\ttwo\u0001","x":1}') as Array<Record<string, unknown>>;
    expect(v?.name).toBe("Line one\nline\ttwo ");
    expect(v?.x).toBe(1);
  });
  it("drops trailing and doubled commas", () => {
    expect(parseJsonLd('{"a":[1,2,],"b":{"c":3,},}')).toEqual([{ a: [1, 2], b: { c: 3 } }]);
    expect(parseJsonLd('{"a":[1,,2]}')).toEqual([{ a: [1, 2] }]);
  });
  it("removes CDATA and HTML comment wrappers", () => {
    expect(unwrapScript('//<![CDATA[\n{"a":1}\n//]]>')).toBe('{"a":1}');
    expect(parseJsonLd('<!--\n{"a":1}\n-->')).toEqual([{ a: 1 }]);
    expect(parseJsonLd('/*<![CDATA[*/ {"a":1} /*]]>*/')).toEqual([{ a: 1 }]);
  });
  it("keeps invalid backslash escapes as text", () => {
    expect(parseJsonLd('{"a":"it\\\'s 1\\/2 \\x"}')).toEqual([{ a: "it's 1/2 \\x" }]);
  });
  it("reads several objects written one after another", () => {
    expect(parseJsonLd('{"a":1}\n{"b":2}')).toEqual([{ a: 1 }, { b: 2 }]);
  });
  it("closes a truncated document", () => {
    expect(parseJsonLd('{"a":{"b":[1,2')).toEqual([{ a: { b: [1, 2] } }]);
  });
  it("returns [] for garbage instead of throwing", () => {
    expect(parseJsonLd("var x = function(){")).toEqual([]);
    expect(parseJsonLd("")).toEqual([]);
  });
  it("does not touch commas, slashes or quotes inside strings", () => {
    expect(repairJson('{"a":"x,}//y"}')).toBe('{"a":"x,}//y"}');
  });
});

describe("finding recipes", () => {
  it("finds Recipe nodes in @graph, arrays, nested and multi-typed nodes", () => {
    const values = parseJsonLd(
      JSON.stringify([
        { "@context": "https://schema.org", "@graph": [{ "@type": "WebPage" }, { "@type": ["Recipe", "NewsArticle"], name: "G" }] },
        { "@type": "WebPage", mainEntity: { "@type": "schema:Recipe", name: "N" } },
        { "@type": "http://schema.org/Recipe", name: "I" },
      ]),
    );
    expect(findRecipes(values).map((r) => r.name)).toEqual(["G", "N", "I"]);
  });
  it("picks the recipe whose url is the page, else the first with ingredients", () => {
    const { recipes } = readJsonLd([
      JSON.stringify({ "@type": "Recipe", name: "Teaser", url: "https://x.com/other" }),
      JSON.stringify({ "@type": "Recipe", name: "Side", url: "https://x.com/side", recipeIngredient: ["1 egg"] }),
      JSON.stringify({ "@type": "Recipe", name: "Main", url: "https://x.com/main/", recipeIngredient: ["2 eggs"] }),
    ]);
    expect(pickMainRecipe(recipes, ["https://www.x.com/main"])?.name).toBe("Main");
    expect(pickMainRecipe(recipes, ["https://x.com/none"])?.name).toBe("Side");
  });
  it("maps fields: HowToSection groups, heading lines, entities, tags, ((notes))", () => {
    const [node] = findRecipes(
      parseJsonLd(
        JSON.stringify({
          "@type": "Recipe",
          name: "Mac &amp; Cheese",
          recipeIngredient: ["For the sauce:", "1 cup <b>milk</b> ((warm))", "2&nbsp;tbsp   butter", "Topping:", "&frac12; cup crumbs"],
          recipeInstructions: [
            {
              "@type": "HowToSection",
              name: "Sauce",
              itemListElement: [
                { "@type": "HowToStep", text: "Melt." },
                { "@type": "HowToStep", text: "Stir." },
              ],
            },
            "Bake.",
          ],
          recipeYield: ["4", "4 servings"],
          totalTime: "PT1H15M",
          author: [{ "@type": "Person", name: "Ann" }],
          image: { "@type": "ImageObject", url: "https://x.com/a.jpg" },
        }),
      ),
    );
    if (!node) throw new Error("no recipe node");
    const c = candidateFromNode(node, null);
    expect(c.title).toBe("Mac & Cheese");
    expect(c.ingredients).toEqual(["1 cup milk (warm)", "2 tbsp butter", "½ cup crumbs"]);
    expect(c.groups).toEqual([
      { name: "For the sauce", ingredients: ["1 cup milk (warm)", "2 tbsp butter"] },
      { name: "Topping", ingredients: ["½ cup crumbs"] },
    ]);
    expect(c.instructions).toEqual(["Melt.", "Stir.", "Bake."]);
    expect(c.yields).toBe("4 servings");
    expect(c.times.totalMinutes).toBe(75);
    expect(c.author).toBe("Ann");
    expect(c.image).toBe("https://x.com/a.jpg");
  });
});

describe("group labels without a colon", () => {
  it("treats a short dish-part label followed by an amount as a group heading", () => {
    expect(isGroupLabel("Yoghurt and Ouzo Dressing", "1 tbsp olive oil")).toBe(true);
    expect(isGroupLabel("Sauce", "½ cup soy sauce")).toBe(true);
    expect(isGroupLabel("Hot sauce", undefined)).toBe(false);
    expect(isGroupLabel("Hot sauce", "Salt")).toBe(false);
    expect(isGroupLabel("2 tbsp pesto", "1 egg")).toBe(false);
    expect(isGroupLabel("Whipped cream, for serving", "1 lb peaches")).toBe(false);
    expect(isGroupLabel("For serving", "Lime wedges")).toBe(true);
    expect(groupLines(["1 lb beef", "Sauce", "2 tbsp soy sauce", "Hot sauce"]).groups).toEqual([
      { name: null, ingredients: ["1 lb beef"] },
      { name: "Sauce", ingredients: ["2 tbsp soy sauce", "Hot sauce"] },
    ]);
  });
});

describe("group labels in other languages", () => {
  it("takes 'for (the) ...' in any of the languages as a label before any line", () => {
    for (const label of [
      "Für den Teig",
      "Zum Bestreuen",
      "Pour la pâte",
      "Para la masa",
      "Para o molho",
      "Per il ripieno",
      "Voor de saus",
      "Til deigen",
      "Till degen",
      "Pour l'assemblage",
    ])
      expect(isGroupLabel(label, "Puderzucker"), label).toBe(true);
    for (const label of [
      "Zutaten",
      "Ingrédients :",
      "Die Zutaten",
      "Zutaten für die Füllung",
      "Ingredientes para la salsa",
      "Benötigte Zutaten",
    ])
      expect(isGroupLabel(label, "Puderzucker"), label).toBe(true);
    expect(isGroupLabel("Zutaten für 4 Personen", "200 g Mehl")).toBe(false);
    expect(isGroupLabel("Für 4 Personen", "200 g Mehl")).toBe(false);
    expect(isGroupLabel("For garnish: chopped parsley", "Lime wedges")).toBe(false);
    expect(isGroupLabel("Pour servir : persil plat", "Sel")).toBe(false);
    expect(isGroupLabel("Für den Teig", undefined)).toBe(false);
    expect(isGroupLabel("Perlzwiebeln", "200 g Mehl")).toBe(false);
  });

  it("takes a dish part (Germanic compounds by their last part, a Romance part noun alone) before an amount", () => {
    for (const label of [
      "Teig",
      "Mürbeteig",
      "Quarkfüllung",
      "Appelvulling",
      "Pizzadeig",
      "Vaniljesås",
      "Pâte",
      "La garniture",
      "Relleno",
      "Ripieno",
      "Recheio",
      "Glaçage",
    ])
      expect(isGroupLabel(label, "200 g Mehl"), label).toBe(true);
    // an ingredient that starts with a part noun, or a part noun with no amount after it, stays a line
    for (const [line, next] of [
      ["Salsa de soja", "2 cucharadas de aceite"],
      ["Crème fraîche", "1 citron"],
      ["Teig", "Salz"],
      ["Blätterteig", undefined],
      ["Fertiger Blätterteig aus dem Kühlregal", "2 Eier"],
    ] as const)
      expect(isGroupLabel(line, next), line).toBe(false);
  });
});
