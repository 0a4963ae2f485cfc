/**
 * A host reference for the CPU figures: the CPU this process needs for a fixed piece of
 * JavaScript (string building, JSON, a Map), best of 5. The machine's speed and how busy it is
 * (another process on the sibling hyperthread slows every instruction) move every CPU figure of
 * the bench together with this one, so it is printed beside them.
 */
import { cpus, loadavg } from "node:os";

function workload(): number {
  const m = new Map<string, number>();
  let n = 0;
  for (let i = 0; i < 60_000; i++) {
    const key = `item-${i % 5000}-${(i * 7) % 13}`;
    m.set(key, (m.get(key) ?? 0) + i);
    if (i % 50 === 0) n += JSON.stringify({ key, v: m.get(key), list: [i, i + 1, i + 2] }).length;
  }
  return n + m.size;
}

/** Best-of-5 CPU ms of the reference workload in this process (warmed up first). */
export function hostReferenceMs(): number {
  workload();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    workload();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/** One line for a section's output; on a host busier than its cores it says the figures are pessimistic. */
export function hostReferenceLine(): string {
  const load = loadavg()[0]!;
  const cores = cpus().length;
  const busy =
    load > cores
      ? `\nbusy host: ${load.toFixed(1)} runnable tasks for ${cores} CPUs (other work shares the machine), so these figures are pessimistic: the server got a fraction of a core`
      : "";
  return `host reference: ${hostReferenceMs().toFixed(1)} ms CPU for bench/_host.ts's fixed workload, load average ${load.toFixed(1)} on ${cores} CPUs (CPU figures rise with both)${busy}`;
}
