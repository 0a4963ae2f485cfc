/**
 * Accounts (decisions 0020 and 0018), printed, never asserted:
 * - password hashing in workerd: the app's own hashPassword/verifyPassword (scrypt N=2^14, r=8, p=5
 *   through nodejs_compat) in a bare Worker (bench/_auth-hash-worker.ts, `wrangler dev`), timed from
 *   outside as (time of a request doing K hashes - time of a request doing none) / K, since a
 *   Worker's own clock stands still during computation; Node's scrypt with the same parameters beside it;
 * - sign-in latency against the built app in workerd (`wrangler dev` on the build, fresh local D1):
 *   POST /api/auth/login with the right password (one scrypt verify, a session written), a wrong
 *   password (one verify, no session), and GET /api/auth/me with the bearer token (no hashing) as
 *   the floor. Each sign-in comes from its own client address (TRUST_CF_CONNECTING_IP=1 for this
 *   server only) and users are rotated, so the per-address and per-e-mail limits are never met.
 * Set BENCH_NO_BUILD=1 to reuse build/.
 */
import { scryptSync, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { root } from "../scripts/lib/tooling.ts";
import { buildUnlessReused, startServer, startWranglerDev } from "./_server.ts";

const N = 2 ** 14;
const R = 8;
const P = 5;
const HASHES_PER_REQUEST = 4;
const HASH_ROUNDS = 8;
const SIGN_INS = 30;
const USERS = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const stats = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms, p90 ${quantile(xs, 0.9).toFixed(1)} ms, min ${Math.min(...xs).toFixed(1)} ms (n=${xs.length})`;

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; res: Response }> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  return { ms: performance.now() - t, res };
}

/** `wrangler dev` on the bare hashing Worker; resolves once it answers. */
async function startHashWorker(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const dir = path.join(root, ".bench-out");
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, "auth-hash-worker.wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: "recipecart-bench-hash",
      main: path.join(root, "bench", "_auth-hash-worker.ts"),
      compatibility_date: "2026-10-01",
      compatibility_flags: ["nodejs_compat"],
    }),
  );
  return startWranglerDev(["--config", config], "/?n=0", "hash worker");
}

async function hashTimes(): Promise<void> {
  const node: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    scryptSync("correct horse battery staple", randomBytes(16), 32, { N, r: R, p: P, maxmem: 256 * N * R });
    if (i > 0) node.push(performance.now() - t);
  }
  const worker = await startHashWorker();
  try {
    for (const op of ["hash", "verify"] as const) {
      const per: number[] = [];
      for (let i = 0; i < HASH_ROUNDS + 1; i++) {
        const none = await timed(() => fetch(`${worker.baseURL}/?op=${op}&n=0`));
        const some = await timed(() => fetch(`${worker.baseURL}/?op=${op}&n=${HASHES_PER_REQUEST}`));
        if (!some.res.ok) throw new Error(`hash worker answered ${some.res.status}`);
        if (i > 0) per.push((some.ms - none.ms) / HASHES_PER_REQUEST); // the first round warms up
      }
      console.log(`password ${op === "hash" ? "hash" : "verify"} in workerd (scrypt N=2^14 r=8 p=5): ${stats(per)}`);
    }
  } finally {
    await worker.stop();
  }
  console.log(`password hash in Node ${process.version} (same parameters, reference): ${stats(node)}`);
}

async function signInLatency(): Promise<void> {
  buildUnlessReused();
  const server = await startServer(undefined, { TRUST_CF_CONNECTING_IP: "1" });
  let ip = 0;
  const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;
  const post = (p: string, body: unknown) =>
    fetch(`${server.baseURL}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": nextIp() },
      body: JSON.stringify(body),
    });
  try {
    const password = "bench password 123";
    const users: { email: string; token: string }[] = [];
    const register: number[] = [];
    for (let u = 0; u < USERS; u++) {
      const email = `bench-${u}-${Date.now().toString(36)}@example.org`;
      const { ms, res } = await timed(() => post("/api/auth/register", { firstName: "Bench", lastName: `User ${u}`, email, password }));
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      register.push(ms);
      users.push({ email, token: "" });
    }
    const ok: number[] = [];
    const wrong: number[] = [];
    const me: number[] = [];
    for (let i = 0; i < SIGN_INS + 2; i++) {
      const user = users[i % USERS]!;
      const good = await timed(() => post("/api/auth/login", { email: user.email, password }));
      if (good.res.status !== 200) throw new Error(`login answered ${good.res.status}`);
      const token = (good.res.headers.get("set-cookie") ?? "").match(/rc_session=([\w-]+)/)?.[1] ?? "";
      const bad = await timed(() => post("/api/auth/login", { email: user.email, password: "not the password" }));
      if (bad.res.status !== 401) throw new Error(`wrong-password login answered ${bad.res.status}`);
      const who = await timed(() => fetch(`${server.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }));
      if (who.res.status !== 200) throw new Error(`me answered ${who.res.status}`);
      if (i < 2) continue; // warm-up
      ok.push(good.ms);
      wrong.push(bad.ms);
      me.push(who.ms);
    }
    console.log(`sign-in (POST /api/auth/login, right password) in workerd: ${stats(ok)}`);
    console.log(`sign-in refused (wrong password): ${stats(wrong)}`);
    console.log(`registration (POST /api/auth/register, one hash): ${stats(register)}`);
    console.log(`GET /api/auth/me with the bearer token (no hashing, the floor): ${stats(me)}`);
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<void> {
  // Every figure below is wall time on this machine: say how busy it was.
  console.log(
    `host: ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} (1/5/15 min)`,
  );
  await hashTimes();
  await signInLatency();
}
