import { describe, expect, it } from "vitest";
import { normaliseLanguageTag, primaryLanguage, recipeLanguage, textLanguage } from "./language.ts";

describe("normaliseLanguageTag", () => {
  it("writes tags as BCP 47: lower-case language, upper-case region, title-case script", () => {
    expect(normaliseLanguageTag("de_DE")).toBe("de-DE");
    expect(normaliseLanguageTag(" pt-br ")).toBe("pt-BR");
    expect(normaliseLanguageTag("FR")).toBe("fr");
    expect(normaliseLanguageTag("zh-hans-cn")).toBe("zh-Hans-CN");
    expect(normaliseLanguageTag("es-419")).toBe("es-419");
    expect(normaliseLanguageTag("en-US,en;q=0.9")).toBe("en-US");
  });

  it("reads Norwegian as Bokmål and a country code written for its language", () => {
    expect(normaliseLanguageTag("no")).toBe("nb");
    expect(normaliseLanguageTag("no-NO")).toBe("nb-NO");
    expect(normaliseLanguageTag("se")).toBe("sv");
    expect(normaliseLanguageTag("dk")).toBe("da");
  });

  it("is null for what is not a language", () => {
    for (const raw of [null, undefined, "", "x-default", "*", "und", "english", "12"]) expect(normaliseLanguageTag(raw)).toBeNull();
  });

  it("gives the language part", () => {
    expect(primaryLanguage("pt-BR")).toBe("pt");
    expect(primaryLanguage("nb_NO")).toBe("nb");
    expect(primaryLanguage("")).toBeNull();
  });
});

describe("textLanguage", () => {
  it("reads the languages of the line parser from their function and kitchen words", () => {
    const cases: Array<[string, string[]]> = [
      [
        "de",
        ["Kichererbsen-Bratlinge", "2 EL Olivenöl", "1 Prise Salz", "Die Zwiebel schälen und mit dem Knoblauch in der Pfanne anbraten."],
      ],
      [
        "fr",
        [
          "Tarte aux pommes",
          "2 gousses d'ail",
          "1 cuillère à soupe d'huile",
          "Ajouter la farine et le sucre dans un bol, puis mélanger avec les oeufs.",
        ],
      ],
      ["nl", ["Appeltaart", "1 theelepel kaneel", "2 teentjes knoflook", "Doe de bloem en het zout in een kom en meng het met de eieren."]],
      [
        "it",
        [
          "Pasta al pomodoro",
          "1 spicchio d'aglio",
          "2 cucchiai di olio",
          "Mettete la pasta nella pentola con il sale e poi aggiungete il sugo.",
        ],
      ],
      [
        "es",
        [
          "Tortilla de patatas",
          "2 dientes de ajo",
          "1 cucharada de aceite",
          "Pelar las patatas y cortarlas en rodajas finas para freírlas con el aceite.",
        ],
      ],
      [
        "pt",
        [
          "Bolo de cenoura",
          "2 xícaras de farinha",
          "1 colher de sopa de fermento",
          "Bata os ovos com o açúcar até obter um creme e junte a farinha.",
        ],
      ],
      [
        "sv",
        ["Köttbullar", "1 msk smör", "2 tsk salt", "Blanda färsen med löken och forma till bullar, stek dem i smör tills de är klara."],
      ],
      [
        "da",
        [
          "Frikadeller",
          "1 spsk smør",
          "2 fed hvidløg",
          "Bland farsen med løget og form frikadeller af den, og steg dem på panden efter et minut.",
        ],
      ],
      [
        "nb",
        ["Kjøttkaker", "1 ss smør", "2 ts salt", "Bland kjøttdeigen med løken og form kaker av den, og stek dem i panna etter et minutt."],
      ],
      [
        "en",
        ["Apple pie", "2 cups flour", "1 tablespoon sugar", "Mix the flour with the butter and add the sugar, then bake for 40 minutes."],
      ],
    ];
    for (const [lang, texts] of cases) expect(textLanguage(texts).language, lang).toBe(lang);
  });

  it("names a language by its script where the script says it", () => {
    expect(textLanguage(["番茄鸡肉焗饭", "150克鸡胸肉", "半根胡萝卜"]).language).toBe("zh");
    expect(textLanguage(["肉じゃが", "じゃがいも 3個", "しょうゆ 大さじ2"]).language).toBe("ja");
    expect(textLanguage(["김치찌개", "김치 200g"]).language).toBe("ko");
    const cyrillic = textLanguage(["Борщ", "2 столовые ложки масла"]);
    expect(cyrillic).toMatchObject({ language: null, nonLatin: true });
  });

  it("says nothing when the text is too short or mixed to tell", () => {
    expect(textLanguage(["Pesto", "basil"]).language).toBeNull();
    expect(textLanguage([]).language).toBeNull();
  });
});

describe("recipeLanguage", () => {
  const german = [
    "Putengeschnetzeltes mit Reis",
    "500 g Putenfleisch",
    "1 EL Tomatenmark",
    "Das Fleisch in Streifen schneiden und in der Pfanne mit dem Öl anbraten, dann die Zwiebel zugeben.",
  ];
  const english = [
    "Turkey stir-fry",
    "500 g turkey",
    "1 tbsp tomato paste",
    "Cut the turkey into strips and fry it in the pan with the oil, then add the onion.",
  ];

  it("takes the first declared tag that is a language", () => {
    expect(recipeLanguage([null, "x-default", "de_DE", "fr"], german)).toBe("de-DE");
    expect(recipeLanguage(["nb-NO", "no"], [])).toBe("nb-NO");
  });

  it("lets the text win over a declaration it clearly contradicts (a German recipe on an en-US theme)", () => {
    expect(recipeLanguage(["en-US"], german)).toBe("de");
    expect(recipeLanguage(["en-US"], english)).toBe("en-US");
    // Danish and Norwegian share most words: a declared one of the two stays
    expect(recipeLanguage(["da"], ["Kjøttkaker", "1 ss smør", "Bland kjøttdeigen med løken og stek dem i panna etter et minutt."])).toBe(
      "da",
    );
  });

  it("keeps a declared language the word vote does not know, unless the script contradicts it", () => {
    expect(recipeLanguage(["hu"], ["Palacsinta", "2 tojás", "A lisztet keverd ki a tejjel és a tojással egy tálban."])).toBe("hu");
    expect(recipeLanguage(["en-US"], ["番茄鸡肉焗饭", "150克鸡胸肉", "半根胡萝卜", "一个土豆"])).toBe("zh");
    expect(recipeLanguage(["en-US"], ["Борщ", "2 столовые ложки масла", "Свёклу натереть на тёрке"])).toBeNull();
    expect(recipeLanguage(["ru"], ["Борщ", "2 столовые ложки масла"])).toBe("ru");
  });

  it("reads the text when nothing is declared, and is null when neither says", () => {
    expect(recipeLanguage([null, undefined], german)).toBe("de");
    expect(recipeLanguage([], ["Pesto"])).toBeNull();
  });
});
