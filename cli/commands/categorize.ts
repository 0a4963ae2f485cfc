/**
 * `recipecart categorize`: read grocery item names on stdin (one per line) and print
 * `{"category": "..."}` per line, in order (the shape the categories benchmark scores, scripts/bench.ts).
 * `--explain` adds the lexicon phrase that decided each answer. A name with no known word gets the
 * classifier's best guess, never "Other" (decision 0006).
 */
import { explainCategory } from "../../core/categorise/categorise.ts";
import { createOut, forEachStdinLine } from "../read-lines.ts";

/** `recipecart categorize`: one JSON line per stdin line; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(
      "Usage: recipecart categorize [--explain] < names.txt\n" + 'Prints one JSON line per input name: {"category": "<store category>"}.\n',
    );
    return 0;
  }
  const explain = args.includes("--explain");
  const out = createOut();
  await forEachStdinLine((line) => {
    const r = explainCategory(line.trim(), { guess: true });
    out.write(JSON.stringify(explain ? r : { category: r.category }) + "\n");
  });
  out.flush();
  return 0;
}
