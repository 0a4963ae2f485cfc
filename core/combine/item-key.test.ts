import { describe, expect, it } from "vitest";
import { itemKey, pluralName, singular } from "./item-key.ts";

describe("itemKey", () => {
  it("folds size, cut and plural onto one key", () => {
    for (const n of ["onions", "onion", "large onion", "yellow onion", "Large Yellow Onions", "finely chopped onion"]) {
      expect(itemKey(n).key, n).toBe("onion");
    }
  });

  it("keeps different products apart", () => {
    const keys = new Set(["onion", "onion powder", "green onions", "red onion", "onion salt"].map((n) => itemKey(n).key));
    expect(keys.size).toBe(5);
  });

  it("maps US/UK/AU names to one key", () => {
    expect(itemKey("scallions").key).toBe(itemKey("spring onions").key);
    expect(itemKey("fresh coriander").key).toBe(itemKey("cilantro").key);
    expect(itemKey("plain flour").key).toBe(itemKey("all-purpose flour").key);
    expect(itemKey("caster sugar").key).toBe(itemKey("superfine sugar").key);
    expect(itemKey("courgettes").key).toBe(itemKey("zucchini").key);
  });

  it("takes a count unit out of the name", () => {
    expect(itemKey("garlic cloves")).toMatchObject({ key: "garlic", impliedUnit: "clove" });
    expect(itemKey("cloves of garlic")).toMatchObject({ key: "garlic", impliedUnit: "clove" });
    expect(itemKey("celery ribs")).toMatchObject({ key: "celery", impliedUnit: "stalk" });
    expect(itemKey("cans diced tomatoes")).toMatchObject({ impliedUnit: "can" });
    expect(itemKey("a pinch of salt")).toMatchObject({ key: "salt", impliedUnit: "pinch", impliedQuantity: 1 });
    expect(itemKey("whole cloves").impliedUnit).toBeNull();
  });

  it("keeps the written form for display", () => {
    expect(itemKey("all-purpose flour").written).toBe("all-purpose flour");
    expect(itemKey("Crème Fraîche, to serve").written).toBe("crème fraîche");
    expect(itemKey("large free-range eggs").written).toBe("free-range eggs");
  });

  it("singularises and pluralises heads", () => {
    expect(singular("tomatoes")).toBe("tomato");
    expect(singular("berries")).toBe("berry");
    expect(singular("cookies")).toBe("cookie");
    expect(singular("leaves")).toBe("leaf");
    expect(singular("radishes")).toBe("radish");
    expect(singular("hummus")).toBe("hummus");
    expect(singular("cheeses")).toBe("cheese");
    expect(pluralName("tomato")).toBe("tomatoes");
    expect(pluralName("cherry")).toBe("cherries");
    expect(pluralName("egg")).toBe("eggs");
    expect(pluralName("celery")).toBe("celery");
    expect(pluralName("head of lettuce")).toBe("heads of lettuce");
  });
});
