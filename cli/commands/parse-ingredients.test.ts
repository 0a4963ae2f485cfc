import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = path.resolve(import.meta.dirname, "..", "recipecart.ts");

describe("recipecart parse-ingredients", () => {
  it("prints one JSON object per input line, in order, and never crashes", () => {
    const lines = ["2 cups flour", "", "\u0000\uFFFD garbage ((((", "150g/5¼oz chickpeas, drained", "x".repeat(20_000), "For the sauce:"];
    const r = spawnSync(process.execPath, [cli, "parse-ingredients"], { input: lines.join("\n") + "\n", encoding: "utf8" });
    expect(r.status).toBe(0);
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(lines.length);
    expect(out[0]).toMatchObject({ quantity: 2, quantityMax: null, unit: "cup", name: "flour" });
    expect(out[1]).toMatchObject({ quantity: null, unit: null, name: null });
    expect(out[3]).toMatchObject({ quantity: 150, unit: "g", name: "chickpeas" });
    expect(out[5]).toMatchObject({ isHeader: true, name: null });
  }, 60_000);
});
