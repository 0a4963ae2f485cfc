/**
 * CPU per request of each route's common case, printed, never asserted (target: median under
 * 10 ms; a sign-in is aside, scrypt is slow on purpose). The built app runs in `wrangler dev` (as
 * `npm start` runs it) on a fresh local D1, seeded through the API (bench/_app.ts); requests go one
 * at a time and each is charged the CPU of the workerd thread that runs the Worker (bench/_cpu.ts;
 * wrangler's dev proxy, a process of its own, and V8's helper threads are left out). That thread
 * also does what the deployed Worker does not pay for: miniflare's router and the dev inspector
 * (the "floor", a request the Worker answers at once, printed and subtracted), and the local D1's
 * SQLite (on Cloudflare, D1 runs outside the Worker). So "minus floor" is an upper bound on the
 * Worker's own CPU; on a busy host every figure is higher (see the host reference line).
 * Builds first unless BENCH_NO_BUILD=1. BENCH_ROUTE_SAMPLES sets the requests per route (default 30).
 */
import { cpuClockAvailable, cpuOf, median, quantile, workerdOf, workerProcess } from "./_cpu.ts";
import { appFetch, BENCH_PASSWORD, recipeLines, seedApp, startRecipePages } from "./_app.ts";
import { hostReferenceLine } from "./_host.ts";
import { buildUnlessReused, startServer } from "./_server.ts";

const SAMPLES = Number(process.env.BENCH_ROUTE_SAMPLES ?? 30);

interface Case {
  name: string;
  /** A common case the 10 ms target applies to. */
  common: boolean;
  samples?: number;
  run: (i: number) => Promise<Response>;
  expect?: number[];
}

export async function run(_dataDir: string): Promise<void> {
  if (!cpuClockAvailable) {
    console.log("CPU figures need Linux /proc (schedstat): skipped");
    return;
  }
  buildUnlessReused();
  const pages = await startRecipePages();
  const server = await startServer(undefined, { RECIPECART_ALLOW_LOOPBACK_FETCH: "1", RECIPECART_TEST_CLIENT_KEYS: "1" });
  try {
    const base = server.baseURL;
    const worker = workerProcess(await workerdOf(server.pid));
    if (worker === null) throw new Error("no workerd running the Worker found");
    const seeded = await seedApp(base, pages, { users: 10, visitors: 2, pages: 6, recipesEach: 3, tag: "routes" });
    const [user] = seeded.users;
    const [visitor] = seeded.visitors;
    if (!user || !visitor) throw new Error("seeding failed");
    const cookie = `rc_session=${user.token}`;
    const tick = (i: number, itemIds: string[]) => ({
      changes: [{ op: "tick", itemId: itemIds[i % itemIds.length]!, checked: i % 2 === 0, at: Date.now() }],
    });
    const cases: Case[] = [
      { name: "floor: 404 the Worker answers at once", common: false, run: () => appFetch(base, "/api/dev/none"), expect: [404] },
      { name: "GET /api/health (one D1 read)", common: false, run: () => appFetch(base, "/api/health") },
      { name: "home page, signed out", common: true, run: () => appFetch(base, "/") },
      { name: "home page, signed in", common: true, run: () => appFetch(base, "/", { cookie }) },
      { name: "about page", common: true, run: () => appFetch(base, "/about") },
      { name: "list page, signed in", common: true, run: () => appFetch(base, `/shopping-list/${user.listId}`, { cookie }) },
      { name: "list page, link holder", common: true, run: () => appFetch(base, `/shopping-list/${visitor.listId}`) },
      {
        name: "list read (API), signed in",
        common: true,
        run: () => appFetch(base, `/api/shopping-lists/${user.listId}`, { token: user.token }),
      },
      { name: "list read (API), link holder", common: true, run: () => appFetch(base, `/api/shopping-lists/${visitor.listId}`) },
      { name: "session check GET /api/auth/me", common: true, run: () => appFetch(base, "/api/auth/me", { token: user.token }) },
      {
        name: "history GET /api/users/me/shopping-lists",
        common: true,
        run: () => appFetch(base, "/api/users/me/shopping-lists", { token: user.token }),
      },
      {
        name: "tick an item, signed in",
        common: true,
        run: (i) =>
          appFetch(base, `/api/shopping-lists/${user.listId}/changes`, {
            token: user.token,
            client: `routes-tick-${i}`,
            body: tick(i, user.itemIds),
          }),
      },
      {
        name: "tick an item, signed out (edit token)",
        common: true,
        run: (i) =>
          appFetch(base, `/api/shopping-lists/${visitor.listId}/changes`, {
            editToken: visitor.editToken,
            client: `routes-vtick-${i}`,
            body: tick(i, visitor.itemIds),
          }),
      },
      {
        name: "import from a link, from the cache, signed in",
        common: true,
        // imports are limited per account too (30 a minute): spread over the seeded accounts
        run: (i) =>
          appFetch(base, "/api/recipes/parse", {
            token: seeded.users[i % seeded.users.length]!.token,
            client: `routes-import-${i}`,
            body: { url: pages.url(seeded.cachedPages[i % seeded.cachedPages.length]!) },
          }),
      },
      {
        name: "import from a link, from the cache, signed out",
        common: true,
        run: (i) =>
          appFetch(base, "/api/recipes/parse", {
            client: `routes-vimport-${i}`,
            body: { url: pages.url(seeded.cachedPages[i % seeded.cachedPages.length]!) },
          }),
      },
      {
        name: "typed recipe (12 lines parsed)",
        common: true,
        run: (i) =>
          appFetch(base, "/api/recipes/manual", {
            token: user.token,
            client: `routes-manual-${i}`,
            body: { title: `Typed ${i}`, ingredients: recipeLines(i) },
          }),
      },
      {
        name: "build a list from 3 recipes",
        common: true,
        run: (i) =>
          appFetch(base, "/api/shopping-lists", {
            token: user.token,
            client: `routes-list-${i}`,
            body: { name: `List ${i}`, recipeIds: user.recipeIds },
          }),
      },
      {
        name: "sign-in (scrypt, aside)",
        common: false,
        samples: seeded.users.length,
        run: (i) => {
          const u = seeded.users[i % seeded.users.length]!;
          return appFetch(base, "/api/auth/login", { client: `routes-login-${i}`, body: { email: u.email, password: BENCH_PASSWORD } });
        },
      },
    ];

    const rows: { c: Case; med: number; p90: number; n: number }[] = [];
    let floor = 0;
    for (const c of cases) {
      const n = c.samples ?? SAMPLES;
      // a few unmeasured requests first: the isolate's first use of the route's code
      for (let i = 0; i < 3; i++) await (await c.run(1000 + i)).arrayBuffer();
      const cpu: number[] = [];
      for (let i = 0; i < n; i++) {
        let status = 0;
        cpu.push(
          await cpuOf(
            [worker],
            async () => {
              const res = await c.run(i);
              status = res.status;
              await res.arrayBuffer();
            },
            { mainThread: true },
          ),
        );
        if (!(c.expect ?? [200, 201]).includes(status)) throw new Error(`${c.name}: answered ${status}`);
      }
      const med = median(cpu);
      if (rows.length === 0) floor = med;
      rows.push({ c, med, p90: quantile(cpu, 0.9), n });
    }
    console.log(
      `CPU per request in ms (the Worker's workerd thread; median and p90 of n sequential requests; target: common cases under 10 ms)`,
    );
    console.log(`${"route".padEnd(50)} ${"median".padStart(8)} ${"p90".padStart(8)} ${"- floor".padStart(8)}   n`);
    for (const { c, med, p90, n } of rows) {
      const own = med - floor;
      const mark = c.common ? (own < 10 ? "" : "  over 10 ms") : "";
      console.log(
        `${c.name.padEnd(50)} ${med.toFixed(2).padStart(8)} ${p90.toFixed(2).padStart(8)} ${(rows[0]?.c === c ? "" : own.toFixed(2)).padStart(8)}  ${String(n).padStart(3)}${mark}`,
      );
    }
    console.log(hostReferenceLine());
    const common = rows.filter((r) => r.c.common);
    console.log(
      `common cases: ${common.filter((r) => r.med - floor < 10).length} of ${common.length} under 10 ms at the median after the floor (largest: ${[...common].sort((a, b) => b.med - a.med)[0]?.c.name ?? "-"})`,
    );
  } finally {
    await server.stop();
    await pages.close();
  }
}
