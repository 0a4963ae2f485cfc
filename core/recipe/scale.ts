/**
 * A recipe's servings factor as POST /api/shopping-lists takes it per recipe
 * (core/api/lists.ts): every amount of the recipe is multiplied by it before combining. Kept apart
 * from the yield reading (servings.ts) so the home page's first load carries only this.
 */

/** Smallest and largest scale the list API takes. */
export const SCALE_MIN = 0.05;
export const SCALE_MAX = 100;

/** Keeps a scale inside what the list API takes; anything not a positive finite number is 1. */
export function clampScale(scale: number | null | undefined): number {
  if (typeof scale !== "number" || !Number.isFinite(scale) || scale <= 0) return 1;
  return Math.min(SCALE_MAX, Math.max(SCALE_MIN, Math.round(scale * 10_000) / 10_000));
}

/**
 * The `scales` of POST /api/shopping-lists from (recipe id, chosen scale) pairs: each clamped, only the
 * ones not at 1 (absent or unusable = 1); undefined when none is left.
 */
export function scalesOf(chosen: Iterable<readonly [string, number | null | undefined]>): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const [id, scale] of chosen) {
    const value = clampScale(scale);
    if (value !== 1) out[id] = value;
  }
  return Object.keys(out).length ? out : undefined;
}
