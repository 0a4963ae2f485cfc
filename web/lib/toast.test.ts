import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, TOAST_LIMIT, dismissAllToasts, toast, toastQueue } from "./toast.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

beforeEach(() => vi.stubGlobal("document", {}));

afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe("toast", () => {
  it("shows one toast at a time: the newest replaces the one showing", () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: "First" });
    toast({ title: "Second", description: "More", variant: "destructive" });
    expect(toastQueue.visibleToasts.map((t) => t.content)).toEqual([{ title: "Second", description: "More", variant: "destructive" }]);
    toastQueue.close(expectDefined(toastQueue.visibleToasts[0]).key);
    // The replaced one does not come back.
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });

  it("closes itself after 5000 ms unless told otherwise", () => {
    toast({ title: "Saved" });
    expect(toastQueue.visibleToasts[0]?.timeout).toBe(TOAST_DURATION_MS);
    expect(TOAST_DURATION_MS).toBe(5000);
    toast({ title: "Longer", duration: 8000 });
    expect(toastQueue.visibleToasts[0]?.timeout).toBe(8000);
  });

  it("defaults to the default variant and returns a dismiss function", () => {
    const dismiss = toast({ title: "Hi" });
    expect(toastQueue.visibleToasts[0]?.content.variant).toBe("default");
    dismiss();
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });

  it("does nothing during server render", () => {
    vi.unstubAllGlobals();
    toast({ title: "SSR" });
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });
});
