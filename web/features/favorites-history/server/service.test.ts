import { describe, expect, it } from "vitest";
import { HistoryQuerySchema } from "../../../../core/api/favorites.ts";
import { historyMatch } from "./service.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

describe("historyMatch", () => {
  it("quotes every word as a prefix term inside the caller's own rows", () => {
    expect(historyMatch("ab", "Crème brûlée")).toBe('owner : u6162 AND {name items recipes} : ("Crème"* AND "brûlée"*)');
  });

  it("keeps FTS5 syntax typed by the user out of the query", () => {
    const match = expectDefined(historyMatch("ab", 'onion" OR owner:* NEAR(x) -y ^z'));
    expect(match).toBe('owner : u6162 AND {name items recipes} : ("onion"* AND "OR"* AND "owner"* AND "NEAR"* AND "x"* AND "y"* AND "z"*)');
    expect(historyMatch("ab", ' "*:()- ')).toBeNull();
  });

  it("counts at most 8 words", () => {
    expect(expectDefined(historyMatch("ab", "a b c d e f g h i j")).match(/"\*/g)).toHaveLength(8);
  });
});

describe("HistoryQuerySchema", () => {
  it("defaults the limit to 10, trims the search and drops an empty one", () => {
    expect(HistoryQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(HistoryQuerySchema.parse({ search: "  eggs ", limit: "5" })).toEqual({ search: "eggs", limit: 5 });
    expect(HistoryQuerySchema.parse({ search: "   " })).toEqual({ limit: 10 });
  });

  it("bounds the limit and the search length", () => {
    for (const bad of [{ limit: "0" }, { limit: "51" }, { limit: "1.5" }, { limit: "x" }, { search: "x".repeat(101) }]) {
      expect(HistoryQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
