import { createInterface } from "node:readline";

/** Calls `onLine` for every line of stdin, in order; resolves when stdin ends. */
export async function forEachStdinLine(onLine: (line: string) => void | Promise<void>): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) await onLine(line);
}

/** Buffered stdout writer: one write per ~64 KB instead of one per line. */
export function createOut(): { write(s: string): void; flush(): void } {
  let buf = "";
  return {
    write(s: string) {
      buf += s;
      if (buf.length > 65536) {
        process.stdout.write(buf);
        buf = "";
      }
    },
    flush() {
      if (buf) process.stdout.write(buf);
      buf = "";
    },
  };
}
