/**
 * Browser-extension figures, printed, never asserted:
 * - popup first paint: the popup page opened in Debian's Chromium with the unpacked Chrome store
 *   build, first-contentful-paint from the Paint Timing API (target < 100 ms), over RUNS opens after
 *   one warm-up, each next to the machine's floor at that moment: a one-heading page added to a copy
 *   of the same build and opened the same way (and, as before decision 0024, a one-heading data: URL);
 *   also how often that paint was presented before the popup's script ran (so it was popup.html's
 *   static shell), the layout shift while it loads, and when it is ready for a click (the popup's
 *   own `popup-ready` mark);
 * - popup bundle size: what loads before the first paint (popup.html with its inline styles, its
 *   scripts and their static imports), what the app imports after it (React, the extension API) and
 *   what the first click imports (the API client, zod), raw and gzipped; and each store zip when built.
 * Builds the Chrome store build first (set BENCH_NO_BUILD=1 to reuse dist/extension/chrome).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "playwright-core";
import { root, toolEnv } from "../scripts/lib/tooling.ts";

const RUNS = 20;
const PAINT_TARGET_MS = 100;
const dir = path.join(root, "dist", "extension", "chrome");
const FLOOR_PAGE = "bench-floor.html";

/** The JS and CSS files an emitted file refers to: static imports, and `import()` targets. */
function references(file: string): { imports: string[]; dynamic: string[] } {
  const code = readFileSync(path.join(dir, file), "utf8");
  const at = (m: RegExpMatchArray) => path.join(path.dirname(file), m[1]!);
  if (file.endsWith(".html")) {
    return { imports: [...code.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!), dynamic: [] };
  }
  if (!file.endsWith(".js")) return { imports: [], dynamic: [] };
  return {
    imports: [...code.matchAll(/(?:import|from)\s*["']([^"']+\.(?:js|css))["']/g)].map(at),
    dynamic: [...code.matchAll(/import\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g)].map(at),
  };
}

/**
 * popup.html's files in load order: `before` first paint (the page and what it loads statically),
 * then each wave of `import()`: the app after the first paint, then what a click imports.
 */
function popupWaves(): string[][] {
  const seen = new Set<string>();
  const waves: string[][] = [];
  let starts = ["popup.html"];
  while (starts.length) {
    const wave: string[] = [];
    const next: string[] = [];
    const queue = [...starts];
    while (queue.length) {
      const file = path.normalize(queue.shift()!);
      if (seen.has(file)) continue;
      seen.add(file);
      wave.push(file);
      const refs = references(file);
      queue.push(...refs.imports);
      next.push(...refs.dynamic);
    }
    if (wave.length) waves.push(wave.sort());
    starts = next;
  }
  return waves;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function sizes(files: string[]): string {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = readFileSync(path.join(dir, f));
    raw += bytes.byteLength;
    gz += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return `${kb(raw)} raw, ${kb(gz)} gzipped (${files.join(", ")})`;
}

/** Opens `url` in a new 360 px tab; first contentful paint, and what else `popup` asks for. */
async function open(context: BrowserContext, url: string, popup: boolean) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 600 });
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  // 'ready': the popup has read its storage and looked up the tab (extension/src/popup.tsx marks it)
  if (popup) await page.waitForFunction(() => performance.getEntriesByName("popup-ready").length > 0);
  const got = await page.evaluate(
    () =>
      new Promise<{ fcp: number; ready: number; paintedFirst: boolean; shift: number }>((resolve) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
        const ready = performance.getEntriesByName("popup-ready")[0]?.startTime ?? 0;
        // extension/src/popup.tsx marks it before rendering, after React and its own code have run.
        const appRun = performance.getEntriesByName("popup-app-run")[0]?.startTime ?? 0;
        let shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) shift += (e as PerformanceEntry & { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        // The observer's first callback brings the buffered entries.
        setTimeout(() => resolve({ fcp, ready, paintedFirst: fcp <= appRun, shift }), 100);
      }),
  );
  await page.close();
  return got;
}

export async function run(): Promise<void> {
  if (process.env.BENCH_NO_BUILD !== "1" || !existsSync(path.join(dir, "manifest.json"))) {
    execFileSync(process.execPath, [path.join(root, "scripts", "build-extension.ts"), "--modes", "chrome", "--no-zip"], {
      cwd: root,
      env: toolEnv,
      stdio: "pipe",
    });
  }

  // bundle size
  const [before = [], app = [], ...clicks] = popupWaves();
  console.log(`popup before first paint (popup.html with its inline styles, and its scripts): ${sizes(before)}`);
  console.log(`popup app, imported after the first paint (React, extension API): ${sizes(app)}`);
  console.log(`loaded on the first click (API client, zod): ${sizes(clicks.flat())}`);
  for (const browser of ["chrome", "firefox"]) {
    const zip = path.join(
      root,
      "dist",
      "extension",
      `recipecart-${browser}-${JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version}.zip`,
    );
    if (existsSync(zip)) console.log(`store zip ${path.basename(zip)}: ${kb(statSync(zip).size)}`);
  }

  // first paint: a copy of the build with the floor page added, so the floor opens the same way
  const profile = mkdtempSync(path.join(tmpdir(), "recipecart-bench-ext-"));
  const ext = path.join(profile, "extension");
  cpSync(dir, ext, { recursive: true });
  writeFileSync(path.join(ext, FLOOR_PAGE), '<!doctype html><html lang="en"><title>x</title><h1>recipecart</h1></html>');
  const context = await chromium.launchPersistentContext(path.join(profile, "user-data"), {
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
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
    ],
  });
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const id = new URL(sw.url()).host;
    const site = await context.newPage();
    await site.setContent("<title>bench</title><h1>bench</h1>");
    const popup: Awaited<ReturnType<typeof open>>[] = [];
    const floor: number[] = [];
    const dataFloor: number[] = [];
    const overFloor: number[] = [];
    const loadBefore = loadavg();
    // Interleaved, so the popup and its floors see the same load.
    for (let i = 0; i <= RUNS; i++) {
      const p = await open(context, `chrome-extension://${id}/popup.html`, true);
      const f = await open(context, `chrome-extension://${id}/${FLOOR_PAGE}`, false);
      const d = await open(context, "data:text/html,<!doctype html><title>x</title><h1>recipecart</h1>", false);
      if (i === 0) continue;
      popup.push(p);
      floor.push(f.fcp);
      dataFloor.push(d.fcp);
      overFloor.push(p.fcp - f.fcp);
    }
    const paints = popup.map((p) => p.fcp);
    const ready = popup.map((p) => p.ready);
    const avg = (l: number[]) => l.map((n) => n.toFixed(1)).join(", ");
    console.log(`machine load average: ${avg(loadBefore)} before, ${avg(loadavg())} after (${cpus().length} cores)`);
    console.log(`floor: first contentful paint of a one-heading extension page, median ${ms(median(floor))}, p90 ${ms(pct(floor, 90))}`);
    console.log(`floor: the same heading as a data: URL, median ${ms(median(dataFloor))}, p90 ${ms(pct(dataFloor, 90))}`);
    console.log(
      `popup first contentful paint (${RUNS} opens after a warm-up): median ${ms(median(paints))}, p90 ${ms(pct(paints, 90))}, max ${ms(Math.max(...paints))} (target < ${PAINT_TARGET_MS} ms: ${median(paints) < PAINT_TARGET_MS ? "met" : "NOT met"})`,
    );
    console.log(`popup minus the extension floor, open by open: median ${ms(median(overFloor))}, p90 ${ms(pct(overFloor, 90))}`);
    // A paint presented before the popup's script ran can only be the shell; a later one may be too
    // (presentation lags the paint), so this counts the opens that prove it.
    console.log(
      `first paint presented before the popup's script ran (so it was popup.html's shell): ${popup.filter((p) => p.paintedFirst).length} of ${RUNS} opens`,
    );
    console.log(
      `layout shift while the popup loads (React taking over the shell, then the page's details): max ${Math.max(...popup.map((p) => p.shift)).toFixed(3)}`,
    );
    console.log(`popup ready for a click (storage read, tab looked up): median ${ms(median(ready))}, p90 ${ms(pct(ready, 90))}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
