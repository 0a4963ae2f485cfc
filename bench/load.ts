/**
 * Load test (`npm run bench -- --only load`), printed, never asserted (decision 0018):
 * `npm start` on an empty local D1 (RECIPECART_STATE_DIR), seeded through the API (bench/_app.ts:
 * accounts, recipes imported from pages served on loopback, lists), then autocannon (a maintained
 * load generator, dev dependency) drives mixed traffic: each connection repeats a visit (home page,
 * list read, list page, two ticks, an import from the parsed-page cache, the about page, a session
 * check or, one visit in ten, a sign-in), three visits in four signed in and one signed out with
 * an edit token. Concurrency doubles from 1 until errors pass 1% or p99 passes 1 s; each step prints
 * throughput, p50/p99 and errors per route. Then a soak: BENCH_SOAK_MINUTES (default 10) at a steady
 * rate (60% of the best step's throughput) with the server's memory before and after, the
 * parsed-page cache's hit rate, and the database's rows and bytes per table (for docs/capacity.md).
 * Every client has its own rate-limit key (RECIPECART_TEST_CLIENT_KEYS=1), as distinct visitors have.
 * BENCH_LOAD_STEP_SECONDS (default 20) sets each step's length, BENCH_LOAD_MAX_CONNECTIONS (256) the last step.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import autocannon, { type Client, type Request } from "autocannon";
import { freePort, root, toolEnv } from "../scripts/lib/tooling.ts";
import { type Seeded, seedApp, startRecipePages, BENCH_PASSWORD } from "./_app.ts";
import { descendantsNamed, median, processRssMb, quantile, workerProcess } from "./_cpu.ts";
import { hostReferenceLine } from "./_host.ts";
import { buildUnlessReused } from "./_server.ts";
import { TEST_CLIENT_HEADER } from "../worker/http/rate-limit.ts";

const STEP_SECONDS = Number(process.env.BENCH_LOAD_STEP_SECONDS ?? 20);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const MAX_CONNECTIONS = Number(process.env.BENCH_LOAD_MAX_CONNECTIONS ?? 256);

interface RunningApp {
  baseURL: string;
  state: string;
  /** npm start's process tree: the node runner, wrangler, its workerd processes. */
  pids: () => { node: number[]; workerd: number[] };
  stop: () => Promise<void>;
}

/** `npm start` (scripts/start.ts) on a free port and a fresh state folder. */
async function startNpmStart(): Promise<RunningApp> {
  const port = await freePort();
  mkdirSync(path.join(root, ".e2e-out"), { recursive: true });
  const state = mkdtempSync(path.join(root, ".e2e-out", "load-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts", "start.ts")], {
    cwd: root,
    env: {
      ...(toolEnv as Record<string, string>),
      PORT: String(port),
      RECIPECART_STATE_DIR: state,
      RECIPECART_ALLOW_LOOPBACK_FETCH: "1",
      RECIPECART_TEST_CLIENT_KEYS: "1",
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  // npm start builds first when the sources changed: minutes on a busy shared machine.
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_S ?? 900) * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm start did not answer:\n${output.slice(-3000)}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const pid = child.pid ?? 0;
  const pids = () => ({ node: [pid, ...descendantsNamed(pid, "node")], workerd: descendantsNamed(pid, "workerd") });
  return {
    baseURL,
    state,
    pids,
    stop: async () => {
      const { workerd } = pids();
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 1500));
      if (child.exitCode === null) child.kill("SIGKILL");
      for (const p of workerd) {
        try {
          process.kill(p, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  };
}

interface RouteStats {
  latencies: number[];
  ok: number;
  limited: number;
  errors: number;
}

/** The visit every connection repeats; `route` names each request in the figures. */
function visit(seeded: Seeded, pageUrl: (n: number) => string, counter: { loops: number }): Request[] {
  const { users, visitors, cachedPages } = seeded;
  const who = (ctx: Record<string, unknown>) => {
    const loop = ctx.loop as number;
    const signedIn = loop % 4 !== 0;
    const user = users[loop % users.length]!;
    const visitor = visitors[loop % visitors.length]!;
    return { loop, signedIn, user, visitor };
  };
  const headers = (ctx: Record<string, unknown>, extra: Record<string, string> = {}) => {
    const { loop, signedIn, user } = who(ctx);
    return {
      [TEST_CLIENT_HEADER]: signedIn ? user.client : `load-visit-${loop}`,
      ...(signedIn ? { authorization: `Bearer ${user.token}` } : {}),
      ...extra,
    };
  };
  const step = (route: string, build: (ctx: Record<string, unknown>) => Request): Request => ({
    setupRequest: (base: Request, ctx: Record<string, unknown>) => {
      if (ctx.loop === undefined) ctx.loop = ++counter.loops;
      // keep what autocannon put in the request it passes (host, port, ...) under our method, path, headers and body
      const req = { ...base, ...build(ctx) };
      ctx.route = route === "auth" ? (req.method === "POST" ? "sign-in (scrypt)" : "session check") : route;
      return req;
    },
  });
  const listPath = (ctx: Record<string, unknown>) => {
    const { signedIn, user, visitor } = who(ctx);
    return signedIn ? user.listId : visitor.listId;
  };
  const tick = (ctx: Record<string, unknown>, n: number): Request => {
    const { loop, signedIn, user, visitor } = who(ctx);
    const items = signedIn ? user.itemIds : visitor.itemIds;
    return {
      method: "POST",
      path: `/api/shopping-lists/${listPath(ctx)}/changes`,
      headers: headers(ctx, { "content-type": "application/json", ...(signedIn ? {} : { "x-edit-token": visitor.editToken }) }),
      body: JSON.stringify({
        changes: [{ op: "tick", itemId: items[(loop + n) % items.length], checked: (loop + n) % 2 === 0, at: Date.now() }],
      }),
    };
  };
  return [
    step("home page", (ctx) => ({ method: "GET", path: "/", headers: headers(ctx) })),
    step("list read (API)", (ctx) => ({ method: "GET", path: `/api/shopping-lists/${listPath(ctx)}`, headers: headers(ctx) })),
    step("list page", (ctx) => {
      const { signedIn, user } = who(ctx);
      // a page request carries the session cookie, not a bearer token
      return {
        method: "GET",
        path: `/shopping-list/${listPath(ctx)}`,
        headers: { [TEST_CLIENT_HEADER]: `load-visit-${ctx.loop}`, ...(signedIn ? { cookie: `rc_session=${user.token}` } : {}) },
      };
    }),
    step("tick", (ctx) => tick(ctx, 0)),
    step("list read (API)", (ctx) => ({ method: "GET", path: `/api/shopping-lists/${listPath(ctx)}`, headers: headers(ctx) })),
    step("import from the cache", (ctx) => ({
      method: "POST",
      path: "/api/recipes/parse",
      headers: headers(ctx, { "content-type": "application/json" }),
      body: JSON.stringify({ url: pageUrl(cachedPages[(ctx.loop as number) % cachedPages.length]!) }),
    })),
    step("tick", (ctx) => tick(ctx, 1)),
    step("about page", (ctx) => ({ method: "GET", path: "/about", headers: headers(ctx) })),
    step("auth", (ctx): Request => {
      const { loop, user } = who(ctx);
      if (loop % 10 === 0) {
        return {
          method: "POST",
          path: "/api/auth/login",
          headers: { [TEST_CLIENT_HEADER]: `load-login-${loop}`, "content-type": "application/json" },
          body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD }),
        };
      }
      return { method: "GET", path: "/api/auth/me", headers: { [TEST_CLIENT_HEADER]: user.client, authorization: `Bearer ${user.token}` } };
    }),
  ];
}

interface StepResult {
  connections: number;
  seconds: number;
  total: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  limited: number;
  failedConnections: number;
  routes: Map<string, RouteStats>;
  imports: number;
}

async function drive(
  baseURL: string,
  requests: Request[],
  opts: { connections: number; seconds: number; overallRate?: number },
): Promise<StepResult> {
  const routes = new Map<string, RouteStats>();
  const all: number[] = [];
  let failedConnections = 0;
  const instance = autocannon({
    url: baseURL,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    requests,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
  });
  instance.on("response", (client: Client, status: number, _bytes: number, ms: number) => {
    const route = String(client.requestIterator.context.route ?? "?");
    let r = routes.get(route);
    if (!r) routes.set(route, (r = { latencies: [], ok: 0, limited: 0, errors: 0 }));
    r.latencies.push(ms);
    all.push(ms);
    if (status === 429) r.limited++;
    else if (status >= 400) r.errors++;
    else r.ok++;
  });
  instance.on("reqError", () => failedConnections++);
  const result = await instance;
  let errors = failedConnections;
  let limited = 0;
  for (const r of routes.values()) {
    errors += r.errors;
    limited += r.limited;
  }
  return {
    connections: opts.connections,
    seconds: result.duration,
    total: all.length,
    rps: all.length / result.duration,
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    errors,
    limited,
    failedConnections,
    routes,
    imports: routes.get("import from the cache")?.ok ?? 0,
  };
}

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");

function printStep(s: StepResult, label: string): void {
  const errPct = s.total ? (100 * (s.errors + s.limited)) / s.total : 0;
  console.log(
    `${label}: ${f1(s.rps)} req/s, p50 ${f0(s.p50)} ms, p99 ${f0(s.p99)} ms, errors ${s.errors} + ${s.limited} rate-limited of ${f0(s.total)} (${errPct.toFixed(2)}%)${s.failedConnections ? `, ${s.failedConnections} timeouts/connection errors` : ""}`,
  );
  for (const [route, r] of [...s.routes].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(
      `    ${route.padEnd(24)} ${String(r.latencies.length).padStart(7)} req  p50 ${f0(quantile(r.latencies, 0.5)).padStart(5)} ms  p99 ${f0(quantile(r.latencies, 0.99)).padStart(5)} ms  errors ${r.errors}${r.limited ? ` (+${r.limited} 429)` : ""}`,
    );
  }
}

function memoryLine(app: RunningApp): string {
  const { node, workerd } = app.pids();
  const worker = workerProcess(workerd);
  const parts = workerd.map((p) => `workerd ${p === worker ? "(Worker + local D1)" : "(dev proxy)"} ${f1(processRssMb(p))} MB`);
  const nodeRss = node.reduce((n, p) => n + (processRssMb(p) || 0), 0);
  return `${parts.join(", ")}, node (npm start + wrangler) ${f1(nodeRss)} MB`;
}

/** The local D1 file: the largest .sqlite under the state folder's d1 storage (observability keeps its own). */
function databaseFile(state: string): string | null {
  let best: { file: string; size: number } | null = null;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".sqlite") && p.includes(`${path.sep}d1${path.sep}`)) {
        const size = statSync(p).size;
        if (!best || size > best.size) best = { file: p, size };
      }
    }
  };
  if (existsSync(state)) walk(state);
  return (best as { file: string } | null)?.file ?? null;
}

/** Rows and bytes (SQLite pages, indexes included) per table of the local D1 after the run. */
async function tableSizes(file: string): Promise<void> {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${file}` });
  try {
    const tables = (
      await db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
      )
    ).rows.map((r) => String(r.name));
    const bytes = new Map<string, number>();
    try {
      const rows = await db.execute(
        "SELECT coalesce(m.tbl_name, s.name) AS t, sum(s.pgsize) AS b FROM dbstat s LEFT JOIN sqlite_master m ON m.name = s.name GROUP BY t",
      );
      for (const r of rows.rows) bytes.set(String(r.t), Number(r.b));
    } catch {
      // no dbstat in this SQLite build: rows only
    }
    const lines: string[] = [];
    for (const t of tables) {
      const n = Number((await db.execute(`SELECT count(*) AS n FROM "${t}"`)).rows[0]?.n ?? 0);
      if (n === 0) continue;
      const b = bytes.get(t);
      lines.push(
        `    ${t.padEnd(28)} ${String(n).padStart(8)} rows${b ? `  ${f0(b / 1024).padStart(7)} KB  ${f0(b / n).padStart(5)} B/row` : ""}`,
      );
    }
    console.log(`database after the run: ${f0(statSync(file).size / 1024)} KB file`);
    for (const l of lines) console.log(l);
  } finally {
    db.close();
  }
}

export async function run(_dataDir: string): Promise<void> {
  buildUnlessReused();
  const pages = await startRecipePages();
  const app = await startNpmStart();
  try {
    console.log(`npm start on ${app.baseURL} (state ${path.relative(root, app.state)})`);
    const seeded = await seedApp(app.baseURL, pages, { users: 60, visitors: 20, pages: 20, recipesEach: 3, tag: "load" });
    const counter = { loops: 0 };
    const requests = visit(seeded, pages.url, counter);
    console.log(
      `seeded: ${seeded.users.length} accounts and ${seeded.visitors.length} signed-out visitors, each with a list of 3 recipes imported from ${seeded.cachedPages.length} pages`,
    );
    console.log(`memory at start: ${memoryLine(app)}`);

    // 1. the load curve
    let fetches0 = pages.fetches();
    let imports = 0;
    let best: StepResult | null = null;
    let lastGood: StepResult | null = null;
    for (let c = 1; c <= MAX_CONNECTIONS; c *= 2) {
      const s = await drive(app.baseURL, requests, { connections: c, seconds: STEP_SECONDS });
      imports += s.imports;
      printStep(s, `${String(c).padStart(3)} connections`);
      if (!best || s.rps > best.rps) best = s;
      const failing = s.total === 0 || (s.errors + s.limited) / s.total > 0.01 || s.p99 > 1000;
      if (failing) {
        console.log(`stopped at ${c} connections: ${s.p99 > 1000 ? "p99 over 1 s" : "errors over 1%"}`);
        break;
      }
      lastGood = s;
    }
    const fetched = pages.fetches() - fetches0;
    console.log(
      `load curve: best ${f1(best?.rps ?? 0)} req/s at ${best?.connections} connections; last step within p99 <= 1 s and errors <= 1%: ${lastGood ? `${lastGood.connections} connections, ${f1(lastGood.rps)} req/s` : "none"}`,
    );
    console.log(
      `parsed-page cache: ${imports} imports from the link, ${fetched} page fetches -> hit rate ${imports ? ((100 * (imports - fetched)) / imports).toFixed(1) : "n/a"}%`,
    );

    // 2. the soak: a steady rate well inside what the server carried
    const rate = Math.max(1, Math.round(0.6 * (lastGood ?? best)!.rps));
    const connections = Math.max(2, Math.min(32, (lastGood ?? best)!.connections));
    await new Promise((r) => setTimeout(r, 5000));
    const before = memoryLine(app);
    fetches0 = pages.fetches();
    const soak = await drive(app.baseURL, requests, { connections, seconds: Math.round(SOAK_MINUTES * 60), overallRate: rate });
    printStep(soak, `soak ${SOAK_MINUTES} min at ${rate} req/s (${connections} connections)`);
    const soakFetched = pages.fetches() - fetches0;
    console.log(
      `soak parsed-page cache: ${soak.imports} imports, ${soakFetched} page fetches -> hit rate ${soak.imports ? ((100 * (soak.imports - soakFetched)) / soak.imports).toFixed(1) : "n/a"}%`,
    );
    await new Promise((r) => setTimeout(r, 5000));
    console.log(`memory before the soak: ${before}`);
    console.log(`memory after the soak:  ${memoryLine(app)}`);
    console.log(
      `latency over the soak: median of route p50s ${f0(median([...soak.routes.values()].map((r) => quantile(r.latencies, 0.5))))} ms`,
    );
    console.log(hostReferenceLine());
  } finally {
    await app.stop();
    await pages.close();
    const file = databaseFile(app.state);
    if (file) await tableSizes(file).catch((e: unknown) => console.log(`database sizes: ${e instanceof Error ? e.message : String(e)}`));
    rmSync(app.state, { recursive: true, force: true });
  }
}
