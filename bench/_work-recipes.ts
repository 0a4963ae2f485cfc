/**
 * Developer tool (not a bench section): extraction results on WORKING-part pages only (decision 0018).
 * `node bench/_work-recipes.ts [--all] [--host REGEX] [--lang en|other|CODE] [--save FILE] [--diff FILE]`:
 * prints the failing working pages (title or list differs after the scorer's normalisation); --lang keeps
 * the pages of one language (of the expected output: "other" is every non-English page); --save writes
 * every working page's result to FILE, --diff lists working pages whose output changed against such a file.
 * Never extracts or prints validation pages. `--figures` instead runs the bench's accuracy part only
 * (both parts as figures, per language), without the timing passes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { runPlanNode } from "../node/html-rewriter.ts";
import { createExtraction } from "../core/extract/extract.ts";
import { isValidationHost } from "./holdout.ts";
import { tableLanguage } from "./_languages.ts";
import { accuracy } from "./recipes.ts";

const args = process.argv.slice(2);
const opt = (n: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
if (args.includes("--figures")) {
  accuracy(path.join(import.meta.dirname, "..", "..", "shared", "data"));
  process.exit(0);
}
const lang = opt("--lang");
const dev = path.join(import.meta.dirname, "..", "..", "shared", "data", "recipes", "dev");
const { norm, normLine } = (await import(path.join(dev, "..", "..", "..", "bench", "lib", "text.mjs"))) as {
  norm: (s: string) => string;
  normLine: (s: string) => string;
};
const manifest = JSON.parse(readFileSync(path.join(dev, "manifest.json"), "utf8")) as {
  entries: { id: string; host: string; url: string; html: string; expected: string }[];
};
const hostRe = opt("--host") ? new RegExp(opt("--host")!) : null;
const saved: Record<string, unknown> = {};
const old = opt("--diff") ? (JSON.parse(readFileSync(opt("--diff")!, "utf8")) as Record<string, unknown>) : null;
let ok = 0;
let n = 0;
for (const e of manifest.entries) {
  if (isValidationHost(e.host) || (hostRe && !hostRe.test(e.host))) continue;
  const exp = JSON.parse(readFileSync(path.join(dev, e.expected), "utf8")) as { title: string; ingredients: string[]; language?: string };
  const group = tableLanguage(exp.language);
  if (lang && !(lang === group || (lang === "other" && group !== "en"))) continue;
  n++;
  const bytes = gunzipSync(readFileSync(path.join(dev, e.html)));
  const ex = createExtraction(e.url);
  await runPlanNode(ex.plan, bytes, 0, ex.done);
  if (ex.needsFallbackPass()) await runPlanNode(ex.fallbackPlan(), bytes, 0);
  const r = ex.finish();
  const got = r.ok
    ? { title: r.recipe.title as string | null, ingredients: r.recipe.ingredients }
    : { title: r.title ?? null, ingredients: [] as string[] };
  saved[e.id] = got;
  const gl = got.ingredients.map(normLine).filter(Boolean);
  const el = exp.ingredients.map(normLine).filter(Boolean);
  const titleOk = norm(got.title ?? "") === norm(exp.title);
  const listOk = gl.length === el.length && gl.every((l, i) => l === el[i]);
  if (titleOk && listOk) ok++;
  if (old && JSON.stringify(old[e.id]) !== JSON.stringify(got))
    console.log(`CHANGED ${e.id} ${titleOk && listOk ? "(now right)" : "(now wrong)"}`);
  if (!old && (!(titleOk && listOk) || args.includes("--all"))) {
    console.log(`\n### ${e.id} ${e.url}`);
    if (!titleOk) console.log(`  title: got ${JSON.stringify(got.title)} want ${JSON.stringify(exp.title)}`);
    if (!listOk) {
      const max = Math.max(gl.length, el.length);
      for (let i = 0; i < max; i++)
        if (gl[i] !== el[i]) console.log(`  [${i}] got ${JSON.stringify(gl[i])}\n       want ${JSON.stringify(el[i])}`);
    }
  }
}
if (opt("--save")) writeFileSync(opt("--save")!, JSON.stringify(saved));
console.log(`\nworking: both right ${ok}/${n} (${((ok / n) * 100).toFixed(1)}%)`);
