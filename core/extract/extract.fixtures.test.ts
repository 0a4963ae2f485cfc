import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chunkedNodeDriver, nodeDriver } from "../../node/html-rewriter.ts";
import { extractRecipe } from "./extract.ts";
import { primaryLanguage } from "./language.ts";
import { decodeEntities } from "./text.ts";

const DIR = path.join(import.meta.dirname, "fixtures");

interface Expected {
  url: string;
  language?: string;
  title: string;
  ingredients: string[];
}

/** The scorer's normalisation: entities once, NFKC, whitespace, case; lines also lose leading bullets. */
function norm(s: string | null | undefined): string {
  return decodeEntities(String(s ?? ""))
    .normalize("NFKC")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
function normLines(xs: string[]): string[] {
  return xs
    .map((x) =>
      norm(x)
        .replace(/^[\s\u2022\u00b7\u25aa\u25cf\u25a2\u2610*\-\u2013\u2014]+/, "")
        .trim(),
    )
    .filter(Boolean);
}

const cases = readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(DIR, d.name))
      .filter((f) => f.endsWith(".html.gz"))
      .map((f) => ({ host: d.name, name: f.replace(/\.html\.gz$/, "") })),
  );

describe("extraction fixtures", () => {
  it("has a good number of fixtures", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const { host, name } of cases) {
    it(`${host}/${name}: whole page and 7-byte chunks`, async () => {
      const html = gunzipSync(readFileSync(path.join(DIR, host, `${name}.html.gz`)));
      const expected = JSON.parse(readFileSync(path.join(DIR, host, `${name}.expected.json`), "utf8")) as Expected;
      const whole = await extractRecipe(html, expected.url, nodeDriver);
      expect(whole.ok).toBe(true);
      if (!whole.ok) return;
      expect(norm(whole.recipe.title)).toBe(norm(expected.title));
      expect(normLines(whole.recipe.ingredients)).toEqual(normLines(expected.ingredients));
      // the page's language travels with the draft, for the line parser
      if (expected.language) expect(primaryLanguage(whole.recipe.language)).toBe(primaryLanguage(expected.language));
      const chunked = await extractRecipe(html, expected.url, chunkedNodeDriver(7));
      expect(chunked).toEqual(whole);
    }, 30_000);
  }
});
