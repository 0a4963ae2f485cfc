/**
 * `npm run bench [-- DATA_DIR] [--only name,name]`: runs every section in bench/*.ts
 * (each exports `run(dataDir: string): Promise<void>` and prints its own figures).
 * DATA_DIR defaults to ../shared/data. Benchmarks print figures; they never fail on time.
 * What each section prints is also written to docs/RESULTS.md (its own block, replaced on each run of that
 * section; the blocks of sections not run are kept), the one place measured figures live.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const onlyIdx = args.indexOf("--only");
const only = onlyIdx >= 0 ? new Set(args[onlyIdx + 1]?.split(",")) : null;
const positional = args.filter((a, i) => !a.startsWith("--") && (onlyIdx < 0 || i !== onlyIdx + 1));
const dataDir = path.resolve(positional[0] ?? path.join(root, "..", "shared", "data"));

const sections = readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".ts") && !f.startsWith("_") && !f.endsWith(".test.ts"))
  .map((f) => f.replace(/\.ts$/, ""))
  .filter((name) => !only || only.has(name))
  .sort();

console.log(`recipecart bench — data: ${dataDir}`);
let failed = 0;
const printed = new Map<string, string[]>();
const log = console.log;
for (const name of sections) {
  console.log(`\n== ${name} ==`);
  const lines: string[] = [];
  printed.set(name, lines);
  console.log = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === "string" ? a : String(a))).join(" "));
    log(...args);
  };
  try {
    const mod = (await import(pathToFileURL(path.join(root, "bench", `${name}.ts`)).href)) as {
      run: (dataDir: string) => Promise<void>;
    };
    await mod.run(dataDir);
  } catch (err) {
    failed++;
    console.log(`section ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    console.log = log;
  }
}
writeResults(printed);
process.exitCode = failed ? 1 : 0;

/** docs/RESULTS.md: one block per section (`<!-- bench:NAME -->`), the ones run now replaced, the others kept. */
function writeResults(runs: Map<string, string[]>): void {
  const file = path.join(root, "docs", "RESULTS.md");
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  const blocks = new Map<string, string>();
  for (const m of before.matchAll(/<!-- bench:([\w-]+) -->\n([\s\S]*?)<!-- \/bench -->/g)) blocks.set(m[1] ?? "", m[2] ?? "");
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const host = `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)} at the end`;
  for (const [name, lines] of runs) {
    // The data folder is the developer's own (no path of this machine belongs in the repository).
    const text = lines.join("\n").trim().replaceAll(dataDir, "DATA_DIR");
    blocks.set(name, `## ${name}\n\n${when} UTC (${host})\n\n\`\`\`\n${text}\n\`\`\`\n`);
  }
  const tail = before.includes("\n# Recorded figures") ? before.slice(before.indexOf("\n# Recorded figures")) : "";
  const body = [...blocks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, text]) => `<!-- bench:${name} -->\n${text}<!-- /bench -->`)
    .join("\n\n");
  writeFileSync(
    file,
    `# Results\n\nWritten by \`npm run bench\` (each section's block is replaced when that section runs). Figures, not tests:\nnothing here fails a build.\n\n${body}\n${tail}`,
  );
}
