/**
 * Undo/redo history of snapshots for the recipe edit dialog (docs/product/behaviour.md): every committed change
 * adds a snapshot and drops the redo steps; undo and redo stop at the ends. Immutable: each
 * operation returns a new history, so it drops straight into React state.
 */

export interface EditHistory<T> {
  readonly snapshots: readonly T[];
  /** Index of the current snapshot. */
  readonly index: number;
}

/** A history holding only `initial`. */
export function createHistory<T>(initial: T): EditHistory<T> {
  return { snapshots: [initial], index: 0 };
}

/** The snapshot now in effect. */
export function currentSnapshot<T>(h: EditHistory<T>): T {
  const snapshot = h.snapshots[h.index];
  // The history always holds its first snapshot and keeps the index within it.
  if (snapshot === undefined) throw new Error(`edit history: no snapshot at ${h.index}`);
  return snapshot;
}

/**
 * Adds `next` after the current snapshot and drops any redo steps. A snapshot equal to the
 * current one (by `equals`) changes nothing, so a blur without an edit is not an undo step.
 *
 * @example
 * let h = createHistory(["a"]);
 * h = pushSnapshot(h, ["a", "b"]); // canUndo(h) === true
 */
export function pushSnapshot<T>(h: EditHistory<T>, next: T, equals: (a: T, b: T) => boolean = sameJson): EditHistory<T> {
  if (equals(currentSnapshot(h), next)) return h;
  const snapshots = [...h.snapshots.slice(0, h.index + 1), next];
  return { snapshots, index: snapshots.length - 1 };
}

export function canUndo<T>(h: EditHistory<T>): boolean {
  return h.index > 0;
}

export function canRedo<T>(h: EditHistory<T>): boolean {
  return h.index < h.snapshots.length - 1;
}

/** One step back; unchanged at the start. */
export function undo<T>(h: EditHistory<T>): EditHistory<T> {
  return canUndo(h) ? { snapshots: h.snapshots, index: h.index - 1 } : h;
}

/** One step forward; unchanged at the end. */
export function redo<T>(h: EditHistory<T>): EditHistory<T> {
  return canRedo(h) ? { snapshots: h.snapshots, index: h.index + 1 } : h;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
