/**
 * Worker driver for extraction plans: the native HTMLRewriter. Registers every handler of the
 * plan, transforms the response and consumes the body (the output is discarded).
 */
import type { Plan, PlanDriver } from "../../core/extract/plan.ts";

/**
 * Runs `plan` over a Response (streaming: the body is never buffered whole). `isDone`, when
 * given, is checked after each chunk; once true the rest of the body is cancelled.
 */
export async function runPlanOnResponse(plan: Plan, response: Response, isDone?: () => boolean): Promise<void> {
  let rw = new HTMLRewriter();
  for (const { selector, handlers } of plan) rw = rw.on(selector, handlers as HTMLRewriterElementContentHandlers);
  const out = rw.transform(response);
  const reader = out.body?.getReader();
  if (!reader) return;
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
    if (isDone?.()) {
      await reader.cancel();
      break;
    }
  }
}

/** The driver to pass to extractRecipe in the Worker (HTML given as a string or bytes). */
export const workerDriver: PlanDriver = (plan, input, isDone) =>
  runPlanOnResponse(
    plan,
    new Response(typeof input === "string" ? input : (input as Uint8Array<ArrayBuffer>), {
      headers: { "content-type": "text/html; charset=utf-8" },
    }),
    isDone,
  );
