import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../core/categorise/categories.ts";
import { aisleName, staplesGroupName } from "./aisles.ts";
import { localDefaultListName } from "./list-name.ts";
import { alternateLinks, defaultUnitsFor, LOCALES, localePath, negotiateLocale, splitLocalePath } from "./locales.ts";
import { formatMessage, messageArguments } from "./translate.ts";

describe("negotiateLocale", () => {
  it("takes the highest weight, regional tags by their language, English when nothing matches", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("de");
    expect(negotiateLocale("fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(negotiateLocale("en;q=0.5, nl;q=0.9")).toBe("nl");
    expect(negotiateLocale("pt-BR")).toBe("pt");
    expect(negotiateLocale("ja, zh-CN;q=0.8")).toBe("en");
    expect(negotiateLocale("de;q=0, it")).toBe("it");
    expect(negotiateLocale("*")).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale("es;q=abc, it;q=0.1")).toBe("it");
  });
});

describe("addresses per language", () => {
  it("reads the language from a whole first segment only; English addresses stay as they are", () => {
    expect(splitLocalePath("/de/help")).toEqual({ locale: "de", path: "/help" });
    expect(splitLocalePath("/de")).toEqual({ locale: "de", path: "/" });
    expect(splitLocalePath("/de/")).toEqual({ locale: "de", path: "/" });
    expect(splitLocalePath("/design")).toEqual({ locale: "en", path: "/design" });
    expect(splitLocalePath("/en/help")).toEqual({ locale: "en", path: "/en/help" });
    expect(splitLocalePath("/xx/help")).toEqual({ locale: "en", path: "/xx/help" });
    expect(splitLocalePath("/")).toEqual({ locale: "en", path: "/" });
  });

  it("writes the address back, and every language links to all the others plus x-default", () => {
    expect(localePath("de", "/")).toBe("/de/");
    expect(localePath("fr", "/help")).toBe("/fr/help");
    expect(localePath("en", "/help")).toBe("/help");
    for (const locale of LOCALES) expect(splitLocalePath(localePath(locale, "/about"))).toEqual({ locale, path: "/about" });
    const links = alternateLinks("/about", "https://recipecart.example/");
    expect(links.map((l) => l.hreflang)).toEqual([...LOCALES, "x-default"]);
    expect(links.find((l) => l.hreflang === "nl")?.href).toBe("https://recipecart.example/nl/about");
    expect(links.at(-1)?.href).toBe("https://recipecart.example/about");
  });

  it("measures in US units in English and in metric elsewhere", () => {
    expect(defaultUnitsFor("en")).toBe("us");
    for (const locale of LOCALES.filter((l) => l !== "en")) expect(defaultUnitsFor(locale)).toBe("metric");
  });
});

describe("aisle names", () => {
  it("names all 18 aisles in every language, each name once, English unchanged", () => {
    for (const locale of LOCALES) {
      const names = CATEGORIES.map((c) => aisleName(c, locale));
      expect(new Set(names).size).toBe(CATEGORIES.length);
      if (locale === "en") expect(names).toEqual([...CATEGORIES]);
      else for (const [i, c] of CATEGORIES.entries()) if (c !== "International") expect(names[i]).not.toBe(c);
      expect(staplesGroupName(locale).length).toBeGreaterThan(0);
    }
    expect(aisleName("Dairy & Eggs", "de")).toBe("Milchprodukte & Eier");
    expect(aisleName("Not an aisle", "fr")).toBe("Not an aisle");
    expect(staplesGroupName("en")).toBe("You probably have");
  });
});

describe("the default list name", () => {
  const day = new Date(2026, 10, 27);
  it("is the product's English name and each language's own words and date", () => {
    expect(localDefaultListName("en", day)).toBe("Shopping List - 11/27/2026");
    expect(localDefaultListName("de", day)).toBe("Einkaufsliste – 27.11.2026");
    expect(localDefaultListName("fr", day)).toBe("Liste de courses – 27/11/2026");
    expect(localDefaultListName("nl", day)).toBe("Boodschappenlijst – 27-11-2026");
    expect(localDefaultListName("de", new Date(2026, 0, 5))).toBe("Einkaufsliste – 05.01.2026");
  });
});

describe("formatMessage", () => {
  it("puts values in and writes numbers the language's way", () => {
    expect(formatMessage("Hello {name}!", { name: "Ada" }, "en")).toBe("Hello Ada!");
    expect(formatMessage("{n} Portionen", { n: 1.5 }, "de")).toBe("1,5 Portionen");
    expect(formatMessage("{n} servings", { n: 1234 }, "en")).toBe("1,234 servings");
  });

  it("chooses the plural form by the language's rules, exact matches first", () => {
    const msg = "{count, plural, =0 {No lists} one {# list} other {# lists}}";
    expect(formatMessage(msg, { count: 0 }, "en")).toBe("No lists");
    expect(formatMessage(msg, { count: 1 }, "en")).toBe("1 list");
    expect(formatMessage(msg, { count: 5 }, "en")).toBe("5 lists");
    // French: 0 and 1 are 'one'; German: only 1.
    const fr = "{count, plural, one {# liste} other {# listes}}";
    expect(formatMessage(fr, { count: 0 }, "fr")).toBe("0 liste");
    expect(formatMessage(fr, { count: 2 }, "fr")).toBe("2 listes");
    expect(formatMessage("{count, plural, one {# Liste} other {# Listen}} von {name}", { count: 1, name: "Mina" }, "de")).toBe(
      "1 Liste von Mina",
    );
  });

  it("refuses a message with a missing value or a broken brace, never printing it half-filled", () => {
    expect(() => formatMessage("Hello {name}", {}, "en")).toThrow(/name/);
    expect(() => formatMessage("Hello {name", { name: "x" }, "en")).toThrow(/Unclosed/);
    expect(() => formatMessage("{n, select, a {x}}", { n: 1 }, "en")).toThrow(/Unknown/);
  });

  it("lists the values a message asks for", () => {
    expect(messageArguments("{count, plural, one {# list by {name}} other {# lists}} for {who}")).toEqual(["count", "who"]);
  });
});
