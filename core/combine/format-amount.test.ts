import { describe, expect, it } from "vitest";
import { formatCount, formatMeasured, fractionText, niceFraction, numberText } from "./format-amount.ts";

const TSP = 4.92892159375;

describe("format-amount", () => {
  it("writes fractions, never long decimals", () => {
    expect(fractionText(7, 4)).toBe("1 3/4");
    expect(fractionText(2, 6)).toBe("1/3");
    expect(fractionText(4, 2)).toBe("2");
    expect(numberText(1 / 3)).toBe("1/3");
    expect(numberText(2.5)).toBe("2 1/2");
    expect(numberText(1.37)).toBe("1.37");
    expect(niceFraction(0.3333333, [1, 2, 3, 4], 0.01)?.text).toBe("1/3");
    expect(niceFraction(0.41, [1, 2, 4], 0.01)).toBeNull();
  });

  it("chooses tsp, tbsp or cups for US volumes", () => {
    expect(formatMeasured(TSP * 0.5, "volume", "us").text).toBe("1/2 tsp");
    expect(formatMeasured(TSP * 9, "volume", "us")).toEqual({ quantity: 3, unit: "tbsp", text: "3 tbsp" });
    expect(formatMeasured(TSP * 4, "volume", "us").text).toBe("1 tbsp + 1 tsp");
    expect(formatMeasured(TSP * 72, "volume", "us")).toEqual({ quantity: 1.5, unit: "cup", text: "1 1/2 cups" });
    expect(formatMeasured(TSP * 48 * (2 / 3), "volume", "us").text).toBe("2/3 cup");
    expect(formatMeasured(TSP * 51, "volume", "us").text).toBe("1 cup + 1 tbsp");
  });

  it("keeps metric in metric and switches to kg / l above 1000", () => {
    expect(formatMeasured(250, "mass", "metric")).toEqual({ quantity: 250, unit: "g", text: "250 g" });
    expect(formatMeasured(1250, "mass", "metric")).toEqual({ quantity: 1.25, unit: "kg", text: "1.25 kg" });
    expect(formatMeasured(300, "volume", "metric").text).toBe("300 ml");
    expect(formatMeasured(1500, "volume", "metric").text).toBe("1.5 l");
    expect(formatMeasured(15, "volume", "metric").text).toBe("1 tbsp");
  });

  it("uses oz below a pound and lb above", () => {
    expect(formatMeasured(28.349523125 * 6, "mass", "us").text).toBe("6 oz");
    expect(formatMeasured(453.59237 * 1.5, "mass", "us")).toEqual({ quantity: 1.5, unit: "lb", text: "1 1/2 lb" });
    expect(formatMeasured(453.59237 + 28.349523125 * 3, "mass", "us").text).toBe("1 lb 3 oz");
  });

  it("formats counts with plural units", () => {
    expect(formatCount(3, null).text).toBe("3");
    expect(formatCount(2, "can").text).toBe("2 cans");
    expect(formatCount(1, "bunch").text).toBe("1 bunch");
    expect(formatCount(1.5, "bunch").text).toBe("1 1/2 bunches");
  });
});
