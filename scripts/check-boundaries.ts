/**
 * Import boundaries (decision 0026), run by `npm test`:
 * - core/ is platform-free: it imports only core/ and zod (its tests may also use vitest, fast-check, linkify-it,
 *   node: modules and the Node extraction driver in node/), never worker/, web/, cli/, scripts/, bench/;
 * - web/ runs in the browser too: no worker/ code (`import type` is fine), no cloudflare: modules,
 *   no database driver; except a feature's server folder (web/features/<name>/server/, docs/architecture.md),
 *   which runs in the Worker only and which no other web/ code imports at run time;
 * - tests of core use no cli/ code;
 * - no feature reaches into another's internals: from outside web/features/<name>/, only its contract.ts
 *   may be imported, and from Worker code (worker/, another feature's server/) also its server/ modules
 *   but queries.ts: a feature's SQL is its own; tests are exempt.
 * And spelling (docs/decisions/0026-code-rules.md): identifiers declared in code and file names say favorite,
 * categorise, normalise (the UI's words are the product's and free); a CLI command's file keeps the command's word.
 * And decision cites: "decision NNNN" and docs/decisions/NNNN-name.md name a record that exists.
 * And one declaration per endpoint (core/api/endpoint.ts): in the clients and pages (core/, web/, cli/,
 *   extension/) an API path is written only as the path of an `endpoint(...)` declaration; callers
 *   pass the declaration (the Worker's own plumbing in worker/ is free to name the /api/ prefix).
 * And outside references: code, tests and docs point at nothing a clone of the repository lacks (the
 * shared spec folder beside the checkout, a spec section, the team's notes); product rules are in
 * docs/product/. Only the benchmark scripts (and the docs describing them) may name ../shared/data, the
 * default folder of benchmark data given on the command line.
 * And no import circles among the code (core/, web/, worker/, cli/, node/, extension/; tests left out).
 * Usage: node scripts/check-boundaries.ts (prints each violation as file:line and exits 1).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

const IMPORT =
  /(?:^|[\s;])(import|export)(\s+type)?\s[^"'`;]*?from\s*["']([^"']+)["']|(?:^|[^\w.])import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm;

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

export function importsOf(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const specifier = m[3] ?? m[4] ?? m[5];
    if (!specifier) continue;
    const line = source.slice(0, m.index).split("\n").length + (m[0].startsWith("\n") ? 1 : 0);
    refs.push({ specifier, typeOnly: m[2] !== undefined, line });
  }
  return refs;
}

/** The repository folder a specifier points into ("core", "worker", ...), or null for a package. */
function targetFolder(file: string, specifier: string): string | null {
  if (specifier.startsWith("#")) return specifier.slice(1).split("/")[0] ?? null;
  if (!specifier.startsWith(".")) return null;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return resolved.split("/")[0] ?? null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** A feature's server folder (web/features/<name>/server/): Worker code inside web/. */
const FEATURE_SERVER = /^web\/features\/[^/]+\/server\//;

/** A file inside a feature folder: the feature's name and the path within it. */
const FEATURE_FILE = /^web\/features\/([^/]+)\/(.+)$/;

/**
 * What of a feature others may import: its contract; and for Worker code (worker/, another feature's
 * server/), its server modules (routes, service) but its queries, which are the feature's own.
 */
function featureEntry(importer: string, inside: string): boolean {
  if (/^contract\.tsx?$/.test(inside)) return true;
  const workerCode = importer.startsWith("worker/") || FEATURE_SERVER.test(importer);
  return workerCode && /^server\/[^/]+\.ts$/.test(inside) && inside !== "server/queries.ts";
}

/** The repository path a relative specifier points at, or null for a package or an alias. */
function resolvedPath(file: string, specifier: string): string | null {
  return specifier.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : null;
}

/** Checks one file (path relative to the repository root, with / separators). */
export function checkFile(file: string, source: string): Violation[] {
  const top = file.split("/")[0];
  const out: Violation[] = [];
  for (const ref of importsOf(source)) {
    const folder = targetFolder(file, ref.specifier);
    const bad = (rule: string) => out.push({ file, line: ref.line, specifier: ref.specifier, rule });
    if (top === "core") {
      if (folder === null) {
        const pkg = ref.specifier;
        const testOnly = pkg === "vitest" || pkg === "fast-check" || pkg === "linkify-it" || pkg.startsWith("node:");
        if (pkg === "zod" || pkg.startsWith("zod/")) continue;
        if (testOnly && isTest(file)) continue;
        bad(`core/ imports no platform code or package other than zod (${testOnly ? "only its tests may use it" : "platform"})`);
      } else if (folder === "cli" && isTest(file)) {
        bad("tests of core use no cli/ code");
      } else if (folder === "node" && isTest(file)) {
        continue;
      } else if (folder !== "core") {
        bad(`core/ imports nothing from ${folder}/`);
      }
    } else if (top === "web" && FEATURE_SERVER.test(file)) {
      // Worker code: anything but the browser-only parts of web/ (its own feature's contract is fine).
    } else if (top === "web") {
      if (folder === "worker" && !ref.typeOnly) bad("web/ imports no worker/ runtime code (import type only)");
      if (folder === null && (ref.specifier.startsWith("cloudflare:") || ref.specifier.startsWith("drizzle-orm"))) {
        bad("web/ imports no Workers runtime or database code");
      }
      const target = resolvedPath(file, ref.specifier);
      if (target && FEATURE_SERVER.test(target) && !ref.typeOnly)
        bad("web/ imports no feature's server/ code at run time (import type only)");
    }
    const target = resolvedPath(file, ref.specifier);
    const into = target ? FEATURE_FILE.exec(target) : null;
    if (into && !isTest(file) && FEATURE_FILE.exec(file)?.[1] !== into[1] && !featureEntry(file, into[2] ?? "")) {
      bad(`no feature reaches into another's internals: import web/features/${into[1]}/contract.ts`);
    }
  }
  return out;
}

function listFiles(dir: string, root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "fixtures" && entry.name !== "node_modules") out.push(...listFiles(rel, root));
    } else if (/\.(?:ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(rel);
    }
  }
  return out;
}

export function checkRepository(root: string): Violation[] {
  return ["core", "web", "worker", "cli"]
    .flatMap((dir) => listFiles(dir, root))
    .flatMap((file) => checkFile(file, readFileSync(path.join(root, file), "utf8")));
}

/**
 * Import circles: the files that import each other in a loop (strongly connected components of the
 * relative imports, `import type` included), each circle's files sorted. `graph`: file -> files it imports.
 */
export function findCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    const at = next++;
    order.set(v, at);
    low.set(v, at);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? at, low.get(w) ?? at));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? at, order.get(w) ?? at));
      }
    }
    if (low.get(v) !== at) return;
    const circle: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      circle.push(w);
      if (w === v) break;
    }
    if (circle.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(circle.sort());
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return circles;
}

/** The import circles among the repository's code (tests left out). */
export function checkRepositoryCircles(root: string): string[][] {
  const files = ["core", "web", "worker", "cli", "node", "extension"].flatMap((dir) => listFiles(dir, root)).filter((f) => !isTest(f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(readFileSync(path.join(root, file), "utf8"))
      .map((ref) => resolvedPath(file, ref.specifier))
      .filter((t): t is string => t !== null && known.has(t));
    graph.set(file, targets);
  }
  return findCircles(graph);
}

export interface Misspelling {
  file: string;
  line: number;
  word: string;
}

/** The other spelling of a domain word, in a declared name or a file name. */
const OTHER_SPELLING = /[Ff]avourite|[Cc]ategoriz|[Nn]ormaliz/;
const DECLARED = /\b(?:const|let|var|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g;

export function checkSpelling(file: string, source: string): Misspelling[] {
  const out: Misspelling[] = [];
  const name = file.split("/").pop() ?? file;
  if (OTHER_SPELLING.test(name) && !file.startsWith("cli/commands/")) out.push({ file, line: 0, word: name });
  if (!/\.(?:ts|tsx|mts|mjs|js)$/.test(file)) return out;
  source.split("\n").forEach((text, i) => {
    for (const m of text.matchAll(DECLARED)) {
      const word = m[1] ?? "";
      if (OTHER_SPELLING.test(word)) out.push({ file, line: i + 1, word });
    }
  });
  return out;
}

/** Every other spelling in the repository's code and file names. */
export function checkRepositorySpelling(root: string): Misspelling[] {
  return listTextFiles("", root).flatMap((file) => checkSpelling(file, readFileSync(path.join(root, file), "utf8")));
}

export interface StaleCite {
  file: string;
  line: number;
  cite: string;
}

const CITE = /\b[Dd]ecisions? (\d{4})\b|docs\/decisions\/(\d{4}-[\w-]+\.md)/g;

/** Cites of decision records that do not exist (`records`: the file names in docs/decisions/). */
export function checkDecisionCites(file: string, source: string, records: string[]): StaleCite[] {
  const numbers = new Set(records.map((r) => r.slice(0, 4)));
  const out: StaleCite[] = [];
  source.split("\n").forEach((text, i) => {
    for (const m of text.matchAll(CITE)) {
      const ok = m[1] ? numbers.has(m[1]) : records.includes(m[2] ?? "");
      if (!ok) out.push({ file, line: i + 1, cite: m[0] });
    }
  });
  return out;
}

export function checkRepositoryCites(root: string): StaleCite[] {
  const records = readdirSync(path.join(root, "docs", "decisions")).filter((f) => /^\d{4}-/.test(f));
  return listTextFiles("", root)
    .filter((f) => !f.startsWith("docs/decisions/") && f !== "docs/RESULTS.md")
    .flatMap((file) => checkDecisionCites(file, readFileSync(path.join(root, file), "utf8"), records));
}

export interface HandWrittenPath {
  file: string;
  line: number;
  text: string;
}

/** A string literal that starts an API path ("/api/x…", '/api/x…', `/api/x…`; the bare prefix "/api/" is fine). */
const API_PATH = /(["'`])\/api\/[^"'`\n]+/g;
/** The one place a path is written: the second argument of endpoint("METHOD", "/api/…". */
const DECLARATION = /\bendpoint\(\s*"[A-Z]+",\s*$/;

/** API paths written by hand outside an endpoint declaration (see the header). */
export function checkHandWrittenPaths(file: string, source: string): HandWrittenPath[] {
  const out: HandWrittenPath[] = [];
  source.split("\n").forEach((text, i) => {
    for (const m of text.matchAll(API_PATH)) {
      if (!DECLARATION.test(text.slice(0, m.index))) out.push({ file, line: i + 1, text: text.trim() });
    }
  });
  return out;
}

/** Files whose API paths must come from declarations: the clients and the pages; not tests, not the declaring module. */
export function checkRepositoryPaths(root: string): HandWrittenPath[] {
  return ["core", "web", "cli", "extension/src"]
    .flatMap((dir) => listFiles(dir, root))
    .filter((file) => !isTest(file) && file !== "core/api/endpoint.ts")
    .flatMap((file) => checkHandWrittenPaths(file, readFileSync(path.join(root, file), "utf8")));
}

export interface OutsideReference {
  file: string;
  line: number;
  text: string;
}

// Built from pieces so this file does not match itself.
const SHARED = ["\\.\\./", "shared"].join("");
const OUTSIDE = [
  new RegExp(`${SHARED}(?!/data\\b)`), // ../shared/... (the spec, notes, bench scorer)
  new RegExp(["/work/", "shared"].join("")),
  new RegExp(["\\bSPEC", "\\b"].join("")), // "SPEC §n", "SPEC:"
  new RegExp(["§\\s*", "\\d"].join("")), // a bare section sign with a number
  new RegExp(["\\b(?:SPEC|INTEGRATIONS|STACK|CONVENTIONS|DESIGN)", "\\.md\\b"].join("")),
];
const SHARED_DATA = new RegExp(`${SHARED}/data\\b`);
/** Where naming ../shared/data (the benchmark data folder's default) is fine. */
const mayNameSharedData = (file: string) =>
  file.startsWith("scripts/") || file.startsWith("bench/") || file === "README.md" || file.startsWith("docs/decisions/");

export function checkOutsideReferences(file: string, source: string): OutsideReference[] {
  const out: OutsideReference[] = [];
  source.split("\n").forEach((text, i) => {
    const bad = OUTSIDE.some((re) => re.test(text)) || (!mayNameSharedData(file) && SHARED_DATA.test(text));
    if (bad) out.push({ file, line: i + 1, text: text.trim() });
  });
  return out;
}

const TEXT_FILE = /\.(?:ts|tsx|mts|mjs|js|md|html|css|json|toml|ya?ml|sql|txt)$|(?:^|\/)(?:_headers|run|\.nvmrc|\.gitignore)$/;
const SKIP_DIRS = new Set(["node_modules", ".git", "build", "dist", ".wrangler", ".react-router", "coverage"]);
const SELF = new Set(["scripts/check-boundaries.ts", "scripts/check-boundaries.test.ts"]);

function listTextFiles(dir: string, root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !(dir === "" && entry.name.startsWith(".") && entry.name !== ".ci")) {
        out.push(...listTextFiles(rel, root));
      }
    } else if (TEXT_FILE.test(rel) && !SELF.has(rel) && rel !== "package-lock.json" && !rel.endsWith(".d.ts")) {
      out.push(rel);
    }
  }
  return out;
}

/** Every mention in the repository of a file outside it (see the header). */
export function checkRepositoryReferences(root: string): OutsideReference[] {
  return listTextFiles("", root).flatMap((file) => checkOutsideReferences(file, readFileSync(path.join(root, file), "utf8")));
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const violations = checkRepository(root);
  for (const v of violations) console.log(`${v.file}:${v.line}: "${v.specifier}": ${v.rule}`);
  console.log(violations.length ? `${violations.length} import boundary violation(s)` : "import boundaries: ok");
  const misspelt = checkRepositorySpelling(root);
  for (const m of misspelt) console.log(`${m.file}:${m.line}: "${m.word}": spell it favorite, categorise, normalise (decision 0026)`);
  console.log(misspelt.length ? `${misspelt.length} name(s) in the other spelling` : "spelling: one");
  const stale = checkRepositoryCites(root);
  for (const c of stale) console.log(`${c.file}:${c.line}: "${c.cite}": no such decision record (docs/decisions/README.md)`);
  console.log(stale.length ? `${stale.length} cite(s) of a missing decision record` : "decision cites: all exist");
  const outside = checkRepositoryReferences(root);
  for (const r of outside) console.log(`${r.file}:${r.line}: points outside the repository (write the rule into docs/product/): ${r.text}`);
  console.log(outside.length ? `${outside.length} reference(s) to files outside the repository` : "outside references: none");
  const paths = checkRepositoryPaths(root);
  for (const p of paths)
    console.log(`${p.file}:${p.line}: an API path written by hand: call its endpoint declaration (core/api/endpoint.ts): ${p.text}`);
  console.log(paths.length ? `${paths.length} API path(s) written by hand` : "API paths: each declared once");
  const circles = checkRepositoryCircles(root);
  for (const c of circles) console.log(`import circle among ${c.join(", ")} (move what they share into a module they all import)`);
  console.log(circles.length ? `${circles.length} import circle(s)` : "import circles: none");
  process.exitCode = violations.length || outside.length || misspelt.length || stale.length || paths.length || circles.length ? 1 : 0;
}
