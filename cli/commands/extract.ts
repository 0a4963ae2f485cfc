/**
 * `recipecart extract`:
 *  - no arguments: reads {"url","htmlPath"} JSON lines on stdin (htmlPath may be .gz) and prints
 *    {"title","ingredients":[...],"language","ms"} per line (the bench contract; "language" is the recipe's
 *    language tag or null); one bad page never stops the batch.
 *  - `recipecart extract page.html[.gz] --url U [--json]`: one recipe for a person.
 *  - `recipecart extract https://... [--json]`: fetches the page (browser-like headers, 10 s timeout).
 */
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { createExtraction } from "../../core/extract/extract.ts";
import type { ExtractResult, RecipeDraft } from "../../core/recipe/schema.ts";
import { runPlanNode } from "../../node/html-rewriter.ts";
import { createOut, forEachStdinLine } from "../read-lines.ts";

const HELP = `Usage:
  recipecart extract                       read {"url","htmlPath"} JSON lines on stdin, print one JSON line each
  recipecart extract FILE.html[.gz] --url URL [--json]
  recipecart extract https://... [--json]  fetch the page and extract it`;

/** Reads a page file, gunzipping .gz files. */
export async function readPage(path: string): Promise<Uint8Array> {
  const buf = await readFile(path);
  return path.endsWith(".gz") || (buf[0] === 0x1f && buf[1] === 0x8b) ? gunzipSync(buf) : buf;
}

/** Runs one extraction over page bytes; returns the result and the time it took. */
export async function extractBytes(bytes: Uint8Array, url: string): Promise<{ result: ExtractResult; ms: number }> {
  const t0 = performance.now();
  const ex = createExtraction(url);
  await runPlanNode(ex.plan, bytes, 0, ex.done);
  if (ex.needsFallbackPass()) await runPlanNode(ex.fallbackPlan(), bytes);
  const result = ex.finish();
  return { result, ms: performance.now() - t0 };
}

async function batch(): Promise<number> {
  const out = createOut();
  await forEachStdinLine(async (line) => {
    if (!line.trim()) return;
    let ms = 0;
    try {
      const { url, htmlPath } = JSON.parse(line) as { url: string; htmlPath: string };
      const bytes = await readPage(htmlPath);
      const r = await extractBytes(bytes, String(url ?? ""));
      ms = r.ms;
      const title = r.result.ok ? r.result.recipe.title : (r.result.title ?? null);
      const ingredients = r.result.ok ? r.result.recipe.ingredients : [];
      const language = r.result.ok ? r.result.recipe.language : null;
      out.write(JSON.stringify({ title, ingredients, language, ms: Math.round(ms * 1000) / 1000 }) + "\n");
    } catch (err) {
      out.write(JSON.stringify({ title: null, ingredients: [], ms, error: err instanceof Error ? err.message : String(err) }) + "\n");
    }
  });
  out.flush();
  return 0;
}

const BROWSER_HEADERS: Record<string, string> = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.9",
};

/** Formats a recipe for a person. */
export function formatRecipe(r: RecipeDraft): string {
  const lines = [r.title, "=".repeat(Math.min(60, r.title.length))];
  const facts = [
    r.yields && `Yields: ${r.yields}`,
    r.times.totalMinutes != null && `Total: ${r.times.totalMinutes} min`,
    r.author && `By ${r.author}`,
    r.siteName && `From ${r.siteName}`,
    r.language && `Language: ${r.language}`,
  ].filter(Boolean);
  if (facts.length) lines.push(facts.join(" · "));
  if (r.canonicalUrl) lines.push(r.canonicalUrl);
  lines.push("", "Ingredients:");
  for (const g of r.ingredientGroups) {
    if (g.name) lines.push(`  ${g.name}:`);
    for (const i of g.ingredients) lines.push(`${g.name ? "    " : "  "}- ${i}`);
  }
  if (r.instructions.length) {
    lines.push("", "Instructions:");
    r.instructions.forEach((s, i) => lines.push(`  ${i + 1}. ${s}`));
  }
  lines.push("", `(read from ${r.source})`);
  return lines.join("\n");
}

/** `recipecart extract ...` */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(HELP + "\n");
    return 0;
  }
  const json = args.includes("--json");
  const urlIdx = args.indexOf("--url");
  const urlArg = urlIdx >= 0 ? args[urlIdx + 1] : undefined;
  const positional = args.filter((a, i) => !a.startsWith("--") && (urlIdx < 0 || i !== urlIdx + 1));
  const target = positional[0];
  if (target === undefined) return batch();

  let bytes: Uint8Array;
  let url: string;
  try {
    if (/^https?:\/\//i.test(target)) {
      url = target;
      const res = await fetch(target, { headers: BROWSER_HEADERS, redirect: "follow", signal: AbortSignal.timeout(10_000) });
      if (!res.ok) {
        process.stderr.write(`recipecart extract: ${target} answered HTTP ${res.status}\n`);
        return 1;
      }
      url = res.url || target;
      bytes = new Uint8Array(await res.arrayBuffer());
    } else {
      url = urlArg ?? `file://${target}`;
      bytes = await readPage(target);
    }
  } catch (err) {
    process.stderr.write(`recipecart extract: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const { result, ms } = await extractBytes(bytes, url);
  if (json) {
    process.stdout.write(JSON.stringify(result.ok ? { ...result, ms } : result, null, 2) + "\n");
    return result.ok ? 0 : 3;
  }
  if (!result.ok) {
    process.stdout.write(`${result.message}\n`);
    return 3;
  }
  process.stdout.write(formatRecipe(result.recipe) + "\n");
  return 0;
}
