import { describe, expect, it } from "vitest";
import { aisleFor, arrangeByStore, completeAisles, STORE_AISLES } from "./store-order.ts";

describe("completeAisles", () => {
  it("keeps a given order, drops unknown and repeated names, and adds what is missing in the default order", () => {
    const order = completeAisles(["Frozen", "Produce", "Frozen", "Other", "Nonsense"]);
    expect(order).toHaveLength(17);
    expect(order.slice(0, 3)).toEqual(["Frozen", "Produce", "Bakery & Bread"]);
    expect(new Set(order)).toEqual(new Set(STORE_AISLES));
    expect(STORE_AISLES).not.toContain("Other");
  });
});

describe("aisleFor", () => {
  const layout = { aisles: ["Produce", "Bakery & Bread", "Frozen", "Dairy & Eggs"], hidden: ["Bakery & Bread", "Frozen"] };
  it("keeps a shown aisle, and sends a hidden one to the nearest shown aisle (the later one on a tie)", () => {
    expect(aisleFor("Produce", layout)).toBe("Produce");
    // Bakery sits between Produce (1 back) and Frozen (hidden), Dairy (2 on): Produce is nearer.
    expect(aisleFor("Bakery & Bread", layout)).toBe("Produce");
    // Frozen: Dairy 1 on, Bakery (hidden) 1 back, Produce 2 back: Dairy.
    expect(aisleFor("Frozen", layout)).toBe("Dairy & Eggs");
    expect(aisleFor("Other", layout)).toBe("Other");
    expect(aisleFor("Typed by hand", layout)).toBe("Typed by hand");
  });
  it("prefers the next aisle on a tie and says Other when the store has no aisle at all", () => {
    expect(aisleFor("Bakery & Bread", { aisles: ["Produce", "Bakery & Bread", "Frozen"], hidden: ["Bakery & Bread"] })).toBe("Frozen");
    expect(aisleFor("Produce", { aisles: [], hidden: STORE_AISLES })).toBe("Other");
  });
});

describe("arrangeByStore", () => {
  const items = {
    Produce: ["onion"],
    "Dairy & Eggs": ["milk"],
    Frozen: ["peas"],
    Other: ["foil"],
    "Bakery & Bread": ["bread"],
  };
  it("orders the aisles as the store is walked and joins hidden aisles' items to the nearest shown one", () => {
    const arranged = arrangeByStore(items, { aisles: ["Frozen", "Dairy & Eggs", "Bakery & Bread", "Produce"], hidden: ["Bakery & Bread"] });
    expect(Object.entries(arranged)).toEqual([
      ["Frozen", ["peas"]],
      ["Dairy & Eggs", ["milk"]],
      // Bakery is hidden between Dairy and Produce (one step each): the later one.
      ["Produce", ["onion", "bread"]],
      ["Other", ["foil"]],
    ]);
  });
  it("without a store keeps the list as given (copied)", () => {
    const same = arrangeByStore(items, null);
    expect(same).toEqual(items);
    expect(same.Produce).not.toBe(items.Produce);
  });
});
