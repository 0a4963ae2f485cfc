/**
 * Ticking items off while shopping (docs/decisions/0029-list-page.md). A tick is the
 * checked state of one item and the time of the tap that set it (ms since the epoch, from the
 * device that tapped). Ticks made on several devices, some offline and sent later, merge per item:
 * the later tap wins whatever order the server hears them in; an equal time keeps what is stored,
 * so sending the same queued tick twice changes nothing.
 */

export interface Tick {
  checked: boolean;
  /** Time of the tap, ms since the epoch; 0 for an item never tapped. */
  at: number;
}

export const UNTICKED: Tick = { checked: false, at: 0 };

/** The tick that stands after `incoming` arrives where `current` is stored. */
export function mergeTick(current: Tick | null | undefined, incoming: Tick): Tick {
  if (!current) return incoming;
  return incoming.at > current.at ? incoming : current;
}

/** Merges a batch of taps (any order) into stored ticks by item id; returns the new map. */
export function mergeTicks(current: ReadonlyMap<string, Tick>, taps: Iterable<{ itemId: string } & Tick>): Map<string, Tick> {
  const out = new Map(current);
  for (const t of taps) out.set(t.itemId, mergeTick(out.get(t.itemId), { checked: t.checked, at: t.at }));
  return out;
}
