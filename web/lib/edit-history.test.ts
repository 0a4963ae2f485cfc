import { describe, expect, it } from "vitest";
import { canRedo, canUndo, createHistory, currentSnapshot, pushSnapshot, redo, undo } from "./edit-history.ts";

describe("edit history", () => {
  it("starts with nothing to undo or redo", () => {
    const h = createHistory(["1 onion"]);
    expect(currentSnapshot(h)).toEqual(["1 onion"]);
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it("undoes and redoes through the snapshots and stops at both ends", () => {
    let h = createHistory(["a"]);
    h = pushSnapshot(h, ["a", "b"]);
    h = pushSnapshot(h, ["a", "b", "c"]);
    h = undo(h);
    expect(currentSnapshot(h)).toEqual(["a", "b"]);
    expect(canUndo(h) && canRedo(h)).toBe(true);
    h = undo(undo(undo(h)));
    expect(currentSnapshot(h)).toEqual(["a"]);
    expect(canUndo(h)).toBe(false);
    h = redo(redo(redo(h)));
    expect(currentSnapshot(h)).toEqual(["a", "b", "c"]);
    expect(canRedo(h)).toBe(false);
  });

  it("drops the redo steps when a new change is committed after an undo", () => {
    let h = createHistory(["a"]);
    h = pushSnapshot(h, ["a", "b"]);
    h = pushSnapshot(h, ["a", "b", "c"]);
    h = undo(undo(h));
    h = pushSnapshot(h, ["x"]);
    expect(h.snapshots).toEqual([["a"], ["x"]]);
    expect(canRedo(h)).toBe(false);
    expect(currentSnapshot(undo(h))).toEqual(["a"]);
  });

  it("ignores a commit that changes nothing", () => {
    const h = createHistory(["a", "b"]);
    expect(pushSnapshot(h, ["a", "b"])).toBe(h);
    expect(pushSnapshot(h, ["a", "b"], () => false).snapshots).toHaveLength(2);
  });

  it("does not mutate earlier histories", () => {
    const h0 = createHistory(["a"]);
    const h1 = pushSnapshot(h0, ["b"]);
    pushSnapshot(undo(h1), ["c"]);
    expect(h1.snapshots).toEqual([["a"], ["b"]]);
    expect(h0.snapshots).toEqual([["a"]]);
  });
});
