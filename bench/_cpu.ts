/**
 * CPU time of a server process, for the bench sections that print CPU per request (Linux /proc).
 *
 * workerd runs our Worker, miniflare's router in front of it and the local D1 (SQLite) in one
 * process, so the CPU one request costs is that process's CPU before and after it, read while
 * the process is idle. Each thread's `schedstat` counts the nanoseconds it ran; the kernel brings
 * it up to date whenever the thread stops running, so read when idle it is exact (unlike
 * utime/stime, counted in 10 ms ticks). Off Linux the figures are not available.
 */
import { readdirSync, readFileSync } from "node:fs";

export const cpuClockAvailable = (() => {
  try {
    readFileSync("/proc/self/schedstat", "utf8");
    return true;
  } catch {
    return false;
  }
})();

/**
 * Milliseconds of CPU `pid` has used so far (schedstat), NaN when unknown: all its threads, or
 * with `mainThread` only the thread that runs workerd's event loop and the isolate (V8's helper
 * threads compile and collect garbage beside it).
 */
export function processCpuMs(pid: number, mainThread = false): number {
  if (!cpuClockAvailable) return Number.NaN;
  let ns = 0;
  let tasks: string[];
  try {
    tasks = mainThread ? [String(pid)] : readdirSync(`/proc/${pid}/task`);
  } catch {
    return Number.NaN;
  }
  for (const tid of tasks) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** Resident memory of `pid` in MB (VmRSS), NaN when unknown. */
export function processRssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The processes named `name` among the descendants of `pid` (wrangler dev -> its workerd processes). */
export function descendantsNamed(pid: number, name: string): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces and brackets, so read after the last ")"
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const p = queue.shift()!;
    try {
      if (readFileSync(`/proc/${p}/comm`, "utf8").trim() === name) found.push(p);
    } catch {
      continue;
    }
    queue.push(...(children.get(p) ?? []));
  }
  return found;
}

/**
 * The workerd processes of the wrangler dev started as `pid` (wrangler runs its proxy and the
 * Worker in separate ones; both serve every request), once they are up.
 */
export async function workerdOf(pid: number): Promise<number[]> {
  let found: number[] = [];
  for (let i = 0; i < 50; i++) {
    found = descendantsNamed(pid, "workerd");
    if (found.length >= 2) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found;
}

/** CPU ms of several processes together (main threads only with `mainThread`). */
export function processesCpuMs(pids: readonly number[], mainThread = false): number {
  return pids.reduce((n, p) => n + processCpuMs(p, mainThread), 0);
}

/**
 * Of a `wrangler dev`'s workerd processes, the one running the Worker (with its local D1 and
 * miniflare's router): the CLI starts it with `--inspector`; the other is the dev proxy.
 */
export function workerProcess(pids: readonly number[]): number | null {
  for (const p of pids) {
    try {
      if (
        readFileSync(`/proc/${p}/cmdline`, "utf8")
          .split("\0")
          .some((a) => a.startsWith("--inspector"))
      )
        return p;
    } catch {
      // gone
    }
  }
  return null;
}

/** Runs `request` and returns the CPU the server processes spent on it, in ms (read when they are idle again). */
export async function cpuOf(
  serverPids: readonly number[],
  request: () => Promise<unknown>,
  opts: { settleMs?: number; mainThread?: boolean } = {},
): Promise<number> {
  const settle = () => new Promise((r) => setTimeout(r, opts.settleMs ?? 15));
  await settle();
  const before = processesCpuMs(serverPids, opts.mainThread);
  await request();
  await settle();
  return processesCpuMs(serverPids, opts.mainThread) - before;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}
