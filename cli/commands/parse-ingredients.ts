/**
 * `recipecart parse-ingredients`: one ingredient line per stdin line -> one JSON object per line
 * (the shape the ingredient benchmark scores, scripts/bench.ts). `name` is the name as labelled, alternatives
 * included ("pine nuts or walnuts"); `primaryName` is the first alternative. Never crashes on a
 * line: a failure prints a null result for that line.
 */
import { parseIngredient } from "../../core/ingredient/parse.ts";
import { createOut, forEachStdinLine } from "../read-lines.ts";

const NULL_RESULT = JSON.stringify({ quantity: null, quantityMax: null, unit: null, name: null });

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write("Usage: recipecart parse-ingredients < lines.txt\nPrints one JSON object per input line.\n");
    return 0;
  }
  const out = createOut();
  await forEachStdinLine((line) => {
    let json: string;
    try {
      const p = parseIngredient(line);
      json = JSON.stringify({
        quantity: p.quantity,
        quantityMax: p.quantityMax,
        unit: p.unit,
        name: p.fullName ?? p.name,
        primaryName: p.name,
        size: p.size,
        preparation: p.preparation,
        comment: p.comment,
        optional: p.optional,
        alternatives: p.alternatives,
        isHeader: p.isHeader,
        amounts: p.amounts,
      });
    } catch {
      json = NULL_RESULT;
    }
    out.write(json + "\n");
  });
  out.flush();
  return 0;
}
