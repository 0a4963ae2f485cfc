/**
 * Node driver for extraction plans: runs the same handlers as the Worker through
 * html-rewriter-wasm (lol-html compiled to WebAssembly), with the package's own binding (decision 0010).
 */
import { HTMLRewriter } from "html-rewriter-wasm";
import type { ElementLike, Plan, PlanDriver, PlanHandlers, TextLike } from "../core/extract/plan.ts";

const encoder = new TextEncoder();

type Freeable = { free?: () => void };

/**
 * html-rewriter-wasm hands every callback a wrapper whose Rust box lives until free() is
 * called; left alone they add up to ~60 KB per page. Handlers never keep these objects past
 * the call, so free them right after (end-tag objects too).
 */
class FreeingElement implements ElementLike {
  readonly real: ElementLike & Freeable;
  constructor(real: ElementLike & Freeable) {
    this.real = real;
  }
  get tagName(): string {
    return this.real.tagName;
  }
  getAttribute(name: string): string | null {
    return this.real.getAttribute(name);
  }
  onEndTag(fn: () => void): void {
    this.real.onEndTag(function (this: unknown, end?: unknown) {
      try {
        fn();
      } finally {
        (end as Freeable | undefined)?.free?.();
      }
    } as () => void);
  }
}

function freeing(h: PlanHandlers): PlanHandlers {
  const out: PlanHandlers = {};
  if (h.element) {
    const element = h.element;
    out.element = (el) => {
      const real = el as ElementLike & Freeable;
      try {
        element(new FreeingElement(real));
      } finally {
        real.free?.();
      }
    };
  }
  if (h.text) {
    const text = h.text;
    out.text = (t) => {
      try {
        text(t);
      } finally {
        (t as TextLike & Freeable).free?.();
      }
    };
  }
  return out;
}

/**
 * lol-html reads UTF-8 here. A page that declares another charset in its first bytes
 * (`<meta charset="windows-1252">`, ...) is transcoded first; UTF-8 pages pass untouched.
 */
export function toUtf8(bytes: Uint8Array): Uint8Array {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 2048));
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head);
  const label = m?.[1]?.toLowerCase();
  if (!label || label === "utf-8" || label === "utf8" || label === "us-ascii") return bytes;
  try {
    return encoder.encode(new TextDecoder(label).decode(bytes));
  } catch {
    return bytes;
  }
}

/** Chunk size when the caller can stop early (checked between chunks). */
const STOP_CHUNK = 16 * 1024;

/**
 * Runs `plan` over the page. `chunkSize` > 0 feeds the bytes in pieces of that size
 * (the tests use tiny chunks to prove the result does not depend on chunking). `isDone`,
 * when given, is checked as the page is read; once true the rest of the page is skipped.
 */
export async function runPlanNode(plan: Plan, input: string | Uint8Array, chunkSize = 0, isDone?: () => boolean): Promise<void> {
  const bytes = typeof input === "string" ? encoder.encode(input) : toUtf8(input);
  const rw = new HTMLRewriter(() => {});
  try {
    for (const { selector, handlers } of plan) rw.on(selector, freeing(handlers));
    const size = chunkSize > 0 ? chunkSize : isDone ? STOP_CHUNK : bytes.length;
    for (let i = 0; i < bytes.length; i += size) {
      await rw.write(bytes.subarray(i, i + size));
      if (isDone?.()) return;
    }
    await rw.end();
  } finally {
    rw.free();
  }
}

/** The driver to pass to extractRecipe in Node. */
export const nodeDriver: PlanDriver = (plan, input, isDone) => runPlanNode(plan, input, 0, isDone);

/** A driver that feeds the page in chunks of `size` bytes. */
export function chunkedNodeDriver(size: number): PlanDriver {
  return (plan, input, isDone) => runPlanNode(plan, input, size, isDone);
}
