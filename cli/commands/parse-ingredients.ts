/**
 * `recipecart parse-ingredients`: one ingredient line per stdin line -> one JSON object per line
 * (the shape the ingredient benchmark scores, scripts/bench.ts). `name` is the name as labelled, alternatives
 * included ("pine nuts or walnuts"); `primaryName` is the first alternative. Never crashes on a
 * line: a failure prints a null result for that line.
 *
 * Language (decision 0005): `--language TAG` reads every line in that language. Without it each line's
 * language is guessed from the line; a line with no evidence of its own ("2 Tomaten") takes the language
 * the lines around it read as together (the CONTEXT lines before and after: piped lines are a recipe's).
 */
import { languageOfLines, languageScores } from "../../core/ingredient/language.ts";
import { parseIngredient } from "../../core/ingredient/parse.ts";
import { createOut, forEachStdinLine } from "../read-lines.ts";

/** Lines before and after a line that count as its recipe when the line alone says no language. */
const CONTEXT = 5;

const NULL_RESULT = JSON.stringify({ quantity: null, quantityMax: null, unit: null, name: null });

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(
      "Usage: recipecart parse-ingredients [--language TAG] < lines.txt\n" +
        "Prints one JSON object per input line. Without --language each line's language is guessed\n" +
        "from it, or from the lines around it when it says nothing itself.\n",
    );
    return 0;
  }
  const langAt = args.indexOf("--language");
  const language = langAt >= 0 ? (args[langAt + 1] ?? null) : null;
  const lines: string[] = [];
  await forEachStdinLine((line) => {
    lines.push(line);
  });
  const scores = language ? [] : lines.map(languageScores);
  const out = createOut();
  lines.forEach((line, i) => {
    let json: string;
    try {
      const fallbackLanguage = language ? null : languageOfLines(scores.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1));
      const p = parseIngredient(line, { language, fallbackLanguage });
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
