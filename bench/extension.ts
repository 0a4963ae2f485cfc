/**
 * Browser-extension figures (issue 14), printed, never asserted:
 * - popup first paint: the popup page opened in Debian's Chromium with the unpacked Chrome store
 *   build, first-contentful-paint from the Paint Timing API (target < 100 ms), over RUNS opens after
 *   one warm-up; also when it is ready for a click (the popup's own `popup-ready` mark);
 * - popup bundle size: everything popup.html loads (its scripts and styles plus their static
 *   imports), raw and gzipped; and the size of each store zip when built.
 * Builds the Chrome store build first (set BENCH_NO_BUILD=1 to reuse dist/extension/chrome).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { root, toolEnv } from "../scripts/lib/tooling.ts";

const RUNS = 20;
const PAINT_TARGET_MS = 100;
const dir = path.join(root, "dist", "extension", "chrome");

/** popup.html's scripts and styles, and every file they import statically, as paths under `dir`. */
function popupFiles(): string[] {
  const seen = new Set<string>();
  const html = readFileSync(path.join(dir, "popup.html"), "utf8");
  const queue = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  while (queue.length) {
    const file = path.normalize(queue.shift()!);
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(path.join(dir, file), "utf8");
    for (const m of code.matchAll(/(?:import|from)\s*["']([^"']+\.(?:js|css))["']/g)) {
      queue.push(path.join(path.dirname(file), m[1]!));
    }
  }
  return [...seen].sort();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

export async function run(): Promise<void> {
  if (process.env.BENCH_NO_BUILD !== "1" || !existsSync(path.join(dir, "manifest.json"))) {
    execFileSync(process.execPath, [path.join(root, "scripts", "build-extension.ts"), "--modes", "chrome", "--no-zip"], {
      cwd: root,
      env: toolEnv,
      stdio: "pipe",
    });
  }

  // bundle size
  let raw = 0;
  let gz = 0;
  const files = popupFiles();
  for (const f of files) {
    const bytes = readFileSync(path.join(dir, f));
    raw += bytes.byteLength;
    gz += gzipSync(bytes, { level: 9 }).byteLength;
  }
  console.log(`popup bundle: ${files.length} files (${files.join(", ")})`);
  console.log(`popup bundle size (before first paint): ${kb(raw)} raw, ${kb(gz)} gzipped`);
  const lazy = readdirSync(path.join(dir, "assets"))
    .map((f) => path.join("assets", f))
    .filter((f) => f.endsWith(".js") && !files.includes(f) && !/background|options|connected/.test(f));
  const lazyBytes = lazy.map((f) => readFileSync(path.join(dir, f)));
  console.log(
    `loaded on the first click (API client, zod): ${lazy.join(", ")}: ${kb(lazyBytes.reduce((n, b) => n + b.byteLength, 0))} raw, ${kb(lazyBytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).byteLength, 0))} gzipped`,
  );
  for (const browser of ["chrome", "firefox"]) {
    const zip = path.join(
      root,
      "dist",
      "extension",
      `recipecart-${browser}-${JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version}.zip`,
    );
    if (existsSync(zip)) console.log(`store zip ${path.basename(zip)}: ${kb(statSync(zip).size)}`);
  }

  // first paint
  const profile = mkdtempSync(path.join(tmpdir(), "recipecart-bench-ext-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    ignoreDefaultArgs: ["--disable-extensions"],
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
    ],
  });
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const id = new URL(sw.url()).host;
    const site = await context.newPage();
    await site.setContent("<title>bench</title><h1>bench</h1>");
    const paints: number[] = [];
    const ready: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 360, height: 600 });
      await popup.goto(`chrome-extension://${id}/popup.html`);
      await popup.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      // 'ready': the popup has read its storage and looked up the tab (extension/src/popup.tsx marks it)
      await popup.waitForFunction(() => performance.getEntriesByName("popup-ready").length > 0);
      const [fcp, readyAt] = await popup.evaluate(() => [
        performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
        performance.getEntriesByName("popup-ready")[0]!.startTime,
      ]);
      if (i > 0) {
        paints.push(fcp!);
        ready.push(readyAt!);
      }
      await popup.close();
    }
    // The floor on this machine right now: a one-heading page in the same browser (every figure here
    // is wall time on a shared 2-core machine; compare the two).
    const floor: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const page = await context.newPage();
      await page.goto("data:text/html,<!doctype html><title>x</title><h1>recipecart</h1>");
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      if (i > 0) floor.push(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]!.startTime));
      await page.close();
    }
    console.log(
      `machine load average: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(", ")} (${cpus().length} cores)`,
    );
    console.log(
      `floor: first contentful paint of a one-heading page, median ${median(floor).toFixed(1)} ms, p90 ${pct(floor, 90).toFixed(1)} ms`,
    );
    console.log(
      `popup first contentful paint (${RUNS} opens after a warm-up): median ${median(paints).toFixed(1)} ms, p90 ${pct(paints, 90).toFixed(1)} ms, max ${Math.max(...paints).toFixed(1)} ms (target < ${PAINT_TARGET_MS} ms: ${median(paints) < PAINT_TARGET_MS ? "met" : "NOT met"})`,
    );
    console.log(
      `popup ready for a click (storage read, tab looked up): median ${median(ready).toFixed(1)} ms, p90 ${pct(ready, 90).toFixed(1)} ms`,
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
