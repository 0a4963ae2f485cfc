import { describe, expect, it, vi } from "vitest";
import { lazyPart } from "./lazy-part.ts";

describe("lazyPart", () => {
  it("loads once and shares the attempt between callers", async () => {
    const importer = vi.fn(async () => "chunk");
    const part = lazyPart(importer);
    expect(part.get()).toBeUndefined();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect([a, b]).toEqual(["chunk", "chunk"]);
    expect(await part.load()).toBe("chunk");
    expect(part.get()).toBe("chunk");
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("retries a failed load, then gives up without throwing and tries again on the next load", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail) throw new Error("network");
      return 42;
    });
    const part = lazyPart(importer, { attempts: 3, delayMs: 0 });
    expect(await part.load()).toBeUndefined();
    expect(importer).toHaveBeenCalledTimes(3);
    expect(part.get()).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    fail = false;
    expect(await part.load()).toBe(42);
    expect(importer).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });
});
