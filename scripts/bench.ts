/**
 * `npm run bench [-- DATA_DIR] [--only name,name]`: runs every section in bench/*.ts
 * (each exports `run(dataDir: string): Promise<void>` and prints its own figures).
 * DATA_DIR defaults to ../shared/data. Benchmarks print figures; they never fail on time.
 */
import { readdirSync } from "node:fs";
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
for (const name of sections) {
  console.log(`\n== ${name} ==`);
  try {
    const mod = (await import(pathToFileURL(path.join(root, "bench", `${name}.ts`)).href)) as {
      run: (dataDir: string) => Promise<void>;
    };
    await mod.run(dataDir);
  } catch (err) {
    failed++;
    console.log(`section ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
process.exitCode = failed ? 1 : 0;
