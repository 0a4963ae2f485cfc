import { describe, expect, it } from "vitest";
import { mergeTick, mergeTicks, UNTICKED } from "./ticks.ts";

describe("tick merge (last tap wins)", () => {
  it("a later tap replaces an earlier one, an earlier one is ignored", () => {
    expect(mergeTick({ checked: true, at: 100 }, { checked: false, at: 200 })).toEqual({ checked: false, at: 200 });
    expect(mergeTick({ checked: false, at: 200 }, { checked: true, at: 100 })).toEqual({ checked: false, at: 200 });
  });

  it("the same tap sent twice changes nothing (equal time keeps the stored one)", () => {
    const stored = { checked: true, at: 150 };
    expect(mergeTick(stored, { checked: true, at: 150 })).toBe(stored);
    expect(mergeTick(stored, { checked: false, at: 150 })).toBe(stored);
  });

  it("an untapped item takes any tap", () => {
    expect(mergeTick(UNTICKED, { checked: true, at: 1 })).toEqual({ checked: true, at: 1 });
    expect(mergeTick(null, { checked: false, at: 5 })).toEqual({ checked: false, at: 5 });
  });

  it("two devices' queues give the same result in either order of arrival", () => {
    const phone = [
      { itemId: "a", checked: true, at: 10 },
      { itemId: "b", checked: true, at: 30 },
      { itemId: "a", checked: false, at: 40 },
    ];
    const tablet = [
      { itemId: "a", checked: true, at: 35 },
      { itemId: "b", checked: false, at: 20 },
      { itemId: "c", checked: true, at: 25 },
    ];
    const start = new Map([["a", UNTICKED]]);
    const one = mergeTicks(mergeTicks(start, phone), tablet);
    const two = mergeTicks(mergeTicks(start, tablet), phone);
    expect(one).toEqual(two);
    expect(Object.fromEntries(one)).toEqual({
      a: { checked: false, at: 40 },
      b: { checked: true, at: 30 },
      c: { checked: true, at: 25 },
    });
    // the input map is not changed
    expect(start.get("a")).toEqual(UNTICKED);
  });
});
