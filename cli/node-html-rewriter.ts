/**
 * Node driver for extraction plans: runs the same handlers as the Worker through
 * html-rewriter-wasm (lol-html compiled to WebAssembly).
 */
import { HTMLRewriter } from "html-rewriter-wasm";
import type { Plan, PlanDriver } from "../core/extract/plan.ts";

const encoder = new TextEncoder();

/**
 * Runs `plan` over the page. `chunkSize` > 0 feeds the bytes in pieces of that size
 * (the tests use tiny chunks to prove the result does not depend on chunking).
 */
export async function runPlanNode(plan: Plan, input: string | Uint8Array, chunkSize = 0): Promise<void> {
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  const rw = new HTMLRewriter(() => {});
  try {
    for (const { selector, handlers } of plan) rw.on(selector, handlers as never);
    if (chunkSize > 0) {
      for (let i = 0; i < bytes.length; i += chunkSize) await rw.write(bytes.subarray(i, i + chunkSize));
    } else {
      await rw.write(bytes);
    }
    await rw.end();
  } finally {
    rw.free();
  }
}

/** The driver to pass to extractRecipe in Node. */
export const nodeDriver: PlanDriver = (plan, input) => runPlanNode(plan, input);

/** A driver that feeds the page in chunks of `size` bytes. */
export function chunkedNodeDriver(size: number): PlanDriver {
  return (plan, input) => runPlanNode(plan, input, size);
}
