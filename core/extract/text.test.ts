import { describe, expect, it } from "vitest";
import { cleanText, decodeEntities, fixMojibake, unwrapDoubleParens } from "./text.ts";

describe("text cleanup", () => {
  it("decodes named, numeric and hex references once", () => {
    expect(decodeEntities("a &amp; b &#189; &#x2153; &eacute; &frac34; &amp;amp;")).toBe("a & b ½ ⅓ é ¾ &amp;");
    expect(decodeEntities("&#146;")).toBe("\u2019");
    expect(decodeEntities("&unknown; & fish")).toBe("&unknown; & fish");
  });
  it("decodes a soft hyphen and the zero-width joiners to their characters, as a page's literal ones stay", () => {
    // German sites hyphenate long compounds: "Weizen&shy;mehl" is the same text as "Weizen\u00admehl"
    expect(decodeEntities("Weizen&shy;mehl")).toBe("Weizen\u00admehl");
    expect(cleanText("Weizen&shy;mehl")).toBe(cleanText("Weizen\u00admehl"));
    expect(decodeEntities("a&zwnj;b&zwj;c&lrm;&rlm;")).toBe("a\u200cb\u200dc\u200e\u200f");
  });
  it("unwraps doubled note parentheses only when the inner pair spans the outer", () => {
    expect(unwrapDoubleParens("1 cup flour ((sifted))")).toBe("1 cup flour (sifted)");
    expect(unwrapDoubleParens("Nutella ((3/4 cup) frozen)")).toBe("Nutella ((3/4 cup) frozen)");
    expect(unwrapDoubleParens("a ((b) (c))")).toBe("a (b) (c)");
    expect(unwrapDoubleParens("milk ((nut milk) I use 80F (26C))")).toBe("milk (nut milk) I use 80F (26C)");
    expect(unwrapDoubleParens("x ((see notes)) y ((optional))")).toBe("x (see notes) y (optional)");
  });
  it("keeps fractions as written and collapses whitespace", () => {
    expect(cleanText("  1 1/2\u00a0cups\n\t sugar ")).toBe("1 1/2 cups sugar");
    expect(cleanText("½ tsp salt")).toBe("½ tsp salt");
    expect(cleanText("1⁄2 cup")).toBe("1⁄2 cup");
  });
  it("strips tags and leading checkbox glyphs", () => {
    expect(cleanText("<span>▢ </span>2 <strong>eggs</strong>")).toBe("2 eggs");
    expect(cleanText("salt<br>pepper")).toBe("salt pepper");
  });
  it("repairs UTF-8 read as Latin-1 and leaves real accents alone", () => {
    expect(fixMojibake("1Â¼ cups crÃ¨me fraÃ®che")).toBe("1¼ cups crème fraîche");
    expect(fixMojibake("crème brûlée, Ärger")).toBe("crème brûlée, Ärger");
  });
});
