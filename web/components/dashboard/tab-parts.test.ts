import { describe, expect, it, vi } from "vitest";
import { DASHBOARD_TABS } from "../../routes/dashboard.tsx";
import { loadTab, TAB_PARTS, tabPart } from "./tab-parts.ts";

describe("tabPart", () => {
  it("loads once, shares the load between callers, then reads without suspending", async () => {
    const chunk = { name: "a tab" };
    const importer = vi.fn(async () => chunk);
    const part = tabPart(importer);
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect([a, b]).toEqual([chunk, chunk]);
    expect(await part.load()).toBe(chunk);
    // Loaded: read() answers at once (outside React, so it must not reach use()).
    expect(part.read()).toBe(chunk);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tries a failed load again on the next call", async () => {
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail) throw new Error("network");
      return "chunk";
    });
    const part = tabPart(importer);
    await expect(part.load()).rejects.toThrow("network");
    fail = false;
    expect(await part.load()).toBe("chunk");
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe("TAB_PARTS", () => {
  it("has every dashboard tab, each loading a component", async () => {
    expect(Object.keys(TAB_PARTS).sort()).toEqual([...DASHBOARD_TABS].sort());
    for (const tab of DASHBOARD_TABS) {
      await loadTab(tab);
      expect(typeof TAB_PARTS[tab].read(), tab).toBe("function");
    }
  });
});
