import { beforeEach, describe, expect, it, vi } from "vitest";
import { expectDefined } from "../../core/lib/expect-defined.ts";

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
  vi.resetModules();
});

const recipe = (id: string, title = id) => ({ id, title, source: "manually added", ingredients: ["1 egg"] });

describe("recipes store", () => {
  it("adds, replaces by id in place, removes by id, and writes local storage", async () => {
    const store = await import("./recipes-store.ts");
    store.upsertRecipe(recipe("a"));
    store.upsertRecipe(recipe("b"));
    store.upsertRecipe(recipe("a", "A2"));
    const saved = JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY))) as { id: string; title: string }[];
    expect(saved.map((r) => [r.id, r.title])).toEqual([
      ["a", "A2"],
      ["b", "b"],
    ]);
    store.removeRecipe("a");
    store.removeRecipe("nope");
    expect(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY)))).toEqual([recipe("b")]);
  });

  it("reads what an earlier visit stored and ignores junk", async () => {
    storage.setItem("recipecart:recipes", JSON.stringify([recipe("x"), { nope: 1 }, null]));
    storage.setItem("recipecart:last-list", "L1");
    const store = await import("./recipes-store.ts");
    store.upsertRecipe(recipe("y"));
    expect(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY))).map((r: { id: string }) => r.id)).toEqual(["x", "y"]);
    expect(storage.getItem(store.LAST_LIST_STORAGE_KEY)).toBe("L1");
    store.setLastListId(null);
    expect(storage.getItem(store.LAST_LIST_STORAGE_KEY)).toBeNull();
  });

  it("survives unreadable storage", async () => {
    storage.setItem("recipecart:recipes", "{not json");
    const store = await import("./recipes-store.ts");
    store.upsertRecipe(recipe("z"));
    expect(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY)))).toEqual([recipe("z")]);
  });
});

describe("edit tokens (decision 0013)", () => {
  it("keeps a recipe's edit token across edits, lists the claim, and forgets the tokens after it", async () => {
    const store = await import("./recipes-store.ts");
    store.upsertRecipe({ ...recipe("a"), editToken: "tok-a" });
    store.upsertRecipe(recipe("b"));
    // The edit answer has no token: the stored one stays.
    store.upsertRecipe(recipe("a", "A2"));
    store.rememberListToken("l1", "tok-l1");
    store.rememberListToken("l2", undefined);
    expect(store.listEditToken("l1")).toBe("tok-l1");
    expect(store.listEditToken("l2")).toBeUndefined();
    expect(store.visitorClaim()).toEqual({ recipes: [{ id: "a", editToken: "tok-a" }], lists: [{ id: "l1", editToken: "tok-l1" }] });
    store.forgetEditTokens();
    expect(store.visitorClaim()).toEqual({ recipes: [], lists: [] });
    expect(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY)))).toEqual([recipe("a", "A2"), recipe("b")]);
    expect(storage.getItem(store.LIST_TOKENS_STORAGE_KEY)).toBeNull();
  });
});

describe("servings scale", () => {
  it("keeps the chosen scale with the recipe across a reload and an edit, and 1 forgets it", async () => {
    let store = await import("./recipes-store.ts");
    store.upsertRecipe({ ...recipe("a"), yields: "4 servings" });
    store.upsertRecipe(recipe("b"));
    store.setRecipeScale("a", 1.5);
    store.setRecipeScale("nope", 2);
    // A reload reads what was stored.
    vi.resetModules();
    store = await import("./recipes-store.ts");
    store.upsertRecipe(recipe("a", "A2")); // the edit answer carries no scale
    expect(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY)))).toEqual([
      { ...recipe("a", "A2"), scale: 1.5 },
      recipe("b"),
    ]);
    store.setRecipeScale("a", 1);
    expect(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY)))).toEqual([recipe("a", "A2"), recipe("b")]);
  });

  it("clamps a scale to what the list API takes", async () => {
    const store = await import("./recipes-store.ts");
    store.upsertRecipe(recipe("a"));
    store.setRecipeScale("a", 1000);
    expect(store.scalesFor(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY))))).toEqual({ a: 100 });
    store.setRecipeScale("a", 0.001);
    expect(store.scalesFor(JSON.parse(expectDefined(storage.getItem(store.RECIPES_STORAGE_KEY))))).toEqual({ a: 0.05 });
  });

  it("sends only the scales that are not 1, and nothing when all are", () => {
    return import("./recipes-store.ts").then(({ scalesFor }) => {
      expect(scalesFor([recipe("a"), { ...recipe("b"), scale: 1 }])).toBeUndefined();
      expect(scalesFor([{ ...recipe("a"), scale: 2 }, recipe("b"), { ...recipe("c"), scale: 0.5 }])).toEqual({ a: 2, c: 0.5 });
      // A stored value that is not a usable number (an older or tampered entry) counts as 1.
      expect(
        scalesFor([
          { ...recipe("a"), scale: "2" as unknown as number },
          { ...recipe("b"), scale: -3 },
        ]),
      ).toBeUndefined();
    });
  });
});
