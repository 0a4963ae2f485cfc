import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { run } from "./list.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "recipecart-list-"));
  writeFileSync(path.join(dir, "soup.txt"), "2 onions, diced\n3 tsp olive oil\n\nFor the topping:\n1 cup grated cheddar\n");
  writeFileSync(
    path.join(dir, "stew.json"),
    JSON.stringify({ title: "Beef Stew", ingredients: ["1 large onion", "2 tsp olive oil", "1 tsp olive oil", "1 lb stewing beef"] }),
  );
  writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ title: "No list" }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function capture(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  try {
    const code = await run(args);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe("recipecart list", () => {
  it("--json prints the bench shape with merged items in store-walk order", async () => {
    const { code, out } = await capture(["--json", path.join(dir, "soup.txt"), path.join(dir, "stew.json")]);
    expect(code).toBe(0);
    const data = JSON.parse(out) as { categories: { category: string; items: Record<string, unknown>[] }[] };
    expect(data.categories.map((c) => c.category)).toEqual(["Produce", "Meat & Seafood", "Dairy & Eggs", "Oils & Vinegars"]);
    const produce = expectDefined(data.categories[0]).items;
    expect(produce).toEqual([{ name: "onions", text: "3", amounts: [{ quantity: 3, unit: null }], recipes: ["soup", "Beef Stew"] }]);
    const oil = expectDefined(expectDefined(data.categories[3]).items[0]);
    expect(oil).toMatchObject({ name: "olive oil", text: "2 tbsp", amounts: [{ quantity: 2, unit: "tbsp" }] });
    for (const c of data.categories) for (const i of c.items) expect(Object.keys(i).sort()).toEqual(["amounts", "name", "recipes", "text"]);
  });

  it("prints a readable grouped list without --json", async () => {
    const { code, out } = await capture([path.join(dir, "soup.txt"), path.join(dir, "stew.json")]);
    expect(code).toBe(0);
    expect(out).toContain("Shopping list for 2 recipes: soup, Beef Stew");
    expect(out).toMatch(/Produce\n {2}\[ \] onions {2}3 {2}\[soup, Beef Stew\]/);
    expect(out.indexOf("Produce")).toBeLessThan(out.indexOf("Oils & Vinegars"));
  });

  it("fails clearly on a JSON file without ingredients and on no files", async () => {
    const bad = await capture([path.join(dir, "bad.json")]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('no "ingredients"');
    const none = await capture([]);
    expect(none.code).toBe(2);
  });
});
