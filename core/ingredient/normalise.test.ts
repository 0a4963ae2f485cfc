import { describe, expect, it } from "vitest";
import { normaliseLine } from "./normalise.ts";

describe("normaliseLine", () => {
  it.each([
    ["150g/5¼oz canned chickpeas", "150 g/5+1/4 oz canned chickpeas"],
    ["½ tsp salt", "1/2 tsp salt"],
    ["1 ½ cups", "1+1/2 cups"],
    ["1-1/2 cups", "1+1/2 cups"],
    ["1 to 1½ cups", "1-1+1/2 cups"],
    ["1¼ to 1½ cups", "1+1/4-1+1/2 cups"],
    ["227g-283½g/8-10oz duck", "227-283+1/2 g/8-10 oz duck"],
    ["2 to 3 cups", "2-3 cups"],
    ["2 – 3 cups", "2-3 cups"],
    ["1 or 2 chillies", "1-2 chillies"],
    ["½ to ¾ cup", "1/2-3/4 cup"],
    ["1,5 kg", "1.5 kg"],
    ["1,000 g", "1000 g"],
    [".5 cup milk", "0.5 cup milk"],
    ["1tbsp oil", "1 tbsp oil"],
    ["1lb 9oz beef", "1 lb 9 oz beef"],
    ["1lb2oz beef", "1 lb 2 oz beef"],
    ["One 13- to 14-ounce can", "One 13-14-ounce can"],
    ["75g-110g/3oz-4oz coconut", "75-110 g/3-4 oz coconut"],
    ["2 1/2 cups", "2+1/2 cups"],
    ["4x chicken breasts", "4 x chicken breasts"],
    ["the 1st batch", "the 1st batch"],
    ["  lots\u00a0of   space ", "lots of space"],
    ["", ""],
  ])("%j -> %j", (input, expected) => {
    expect(normaliseLine(input)).toBe(expected);
  });
});
