/**
 * Live lists (decision 0037), printed, never asserted, in workerd (`wrangler dev` on the build, the
 * list rooms as local Durable Objects, a fresh local D1):
 *
 * - Propagation: two household members (two signed-in sessions) have the same list open over the live
 *   channel; they take turns ticking items, 200 ticks in all. For each tick: the time from the
 *   sender's `ops` message to the other page receiving the patch that carries its operation id
 *   (median, p95, p99), and the messages and bytes that crossed the two sockets for it (what the
 *   sender sent, what both received).
 * - 1,000 idle open lists: one socket each to 1,000 lists (1,000 rooms), left idle. workerd's resident
 *   memory and CPU time before, after opening, and over an idle spell with a "ping" on every socket
 *   (answered "pong" by the runtime without waking the room); then the first tick on a list that sat
 *   idle (the room woken from hibernation where the runtime evicted it). Last, the household list, idle all that
 *   while with both members' sockets open: its first tick from one member's page to the other's (issue 27: within a
 *   second locally), then the next one.
 *
 * Seeding goes straight into the local D1 file (one SQL file through `wrangler d1 execute`): users
 * with sessions, the household and the lists. Data does not come from DATA_DIR. Set BENCH_NO_BUILD=1
 * to reuse build/.
 */
import { createHash, randomBytes } from "node:crypto";
import { hostReferenceLine } from "./_host.ts";
import { processesCpuMs, processRssMb, workerdOf, workerProcess } from "./_cpu.ts";
import { buildUnlessReused, startServerWithSql } from "./_server.ts";

const TICKS = 200;
const WARM_UP = 6;
const IDLE_LISTS = Number(process.env.BENCH_LIVE_IDLE_LISTS) || 1000;
const IDLE_SECONDS = Number(process.env.BENCH_LIVE_IDLE_SECONDS) || 20;
const ITEMS = 40;

const id = () => randomBytes(16).toString("base64url");
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

interface Seeded {
  sql: string;
  olive: string;
  mina: string;
  /** The household list and its item ids. */
  listId: string;
  items: string[];
  /** Olive's personal lists, opened and left idle. */
  idle: string[];
}

function seedSql(): Seeded {
  const out: string[] = [];
  const now = Date.now();
  const user = (name: string) => {
    const userId = id();
    const token = randomBytes(32).toString("base64url");
    out.push(
      `insert into users (id, first_name, email, password_hash) values (${q(userId)}, ${q(name)}, ${q(`bench-live-${name.toLowerCase()}@example.test`)}, 'x');`,
      `insert into sessions (token_hash, user_id, expires_at) values (${q(sha256(token))}, ${q(userId)}, ${now + 86_400_000});`,
    );
    return { userId, token };
  };
  const olive = user("Olive");
  const mina = user("Mina");
  const householdId = id();
  out.push(
    `insert into households (id, name, owner_id) values (${q(householdId)}, 'Home', ${q(olive.userId)});`,
    `insert into household_members (household_id, user_id, role) values (${q(householdId)}, ${q(olive.userId)}, 'owner'), (${q(householdId)}, ${q(mina.userId)}, 'member');`,
  );
  const addList = (name: string, n: number, householdList: boolean) => {
    const listId = id();
    const items = Array.from({ length: n }, (_, position) => ({ id: id(), name: `item ${position}`, position }));
    out.push(
      `insert into shopping_lists (id, name, user_id, household_id) values (${q(listId)}, ${q(name)}, ${q(olive.userId)}, ${householdList ? q(householdId) : "null"});`,
      `insert into shopping_list_items (id, list_id, category, item_key, name, amount, amounts, sources, position) select json_extract(value, '$.id'), ${q(listId)}, 'Other', json_extract(value, '$.name'), json_extract(value, '$.name'), '1', '[]', '[]', json_extract(value, '$.position') from json_each(${q(JSON.stringify(items))});`,
    );
    return { listId, items: items.map((i) => i.id) };
  };
  const shared = addList("Saturday shop", ITEMS, true);
  const idle = Array.from({ length: IDLE_LISTS }, (_, n) => addList(`Idle ${n}`, 10, false).listId);
  return { sql: out.join("\n"), olive: olive.token, mina: mina.token, listId: shared.listId, items: shared.items, idle };
}

/** A live-channel socket that counts what it receives. */
interface Socket {
  ws: WebSocket;
  messages: number;
  bytes: number;
  /** Called with each parsed message. */
  onMessage: ((m: { t: string; done?: string[] }) => void) | null;
}

function open(baseURL: string, listId: string, token: string): Promise<Socket> {
  const url = `${baseURL.replace(/^http/, "ws")}/api/shopping-lists/${listId}/live`;
  // Node's WebSocket takes headers: a bearer session and our own Origin, as a page would send.
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}`, origin: baseURL } } as unknown as string[]);
  const socket: Socket = { ws, messages: 0, bytes: 0, onMessage: null };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no hello from ${listId}`)), 60_000);
    ws.addEventListener("message", (e) => {
      const text = String(e.data);
      socket.messages++;
      socket.bytes += Buffer.byteLength(text);
      if (text === "pong") return socket.onMessage?.({ t: "pong" });
      const m = JSON.parse(text) as { t: string; done?: string[] };
      if (m.t === "hello") {
        clearTimeout(timer);
        resolve(socket);
      }
      socket.onMessage?.(m);
    });
    ws.addEventListener("error", () => reject(new Error(`socket to ${listId} failed`)));
  });
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The Worker's workerd process (its memory) and every workerd of the dev server (their CPU, proxy included). */
async function workerdProbe(wranglerPid: number): Promise<() => { rssMb: number; cpuMs: number }> {
  const pids = await workerdOf(wranglerPid);
  const worker = workerProcess(pids) ?? pids[0] ?? 0;
  return () => ({ rssMb: processRssMb(worker), cpuMs: processesCpuMs(pids) });
}

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

export async function run(): Promise<void> {
  const seeded = seedSql();
  buildUnlessReused();
  const server = await startServerWithSql("live", seeded.sql);
  const sockets: Socket[] = [];
  try {
    console.log(hostReferenceLine());
    // --- Propagation between two members' pages.
    const olive = await open(server.baseURL, seeded.listId, seeded.olive);
    const mina = await open(server.baseURL, seeded.listId, seeded.mina);
    sockets.push(olive, mina);
    await sleep(500); // presence messages settle
    const latencies: number[] = [];
    let firstTick = Number.NaN;
    let messages = 0;
    let bytes = 0;
    for (let n = 0; n < WARM_UP + TICKS; n++) {
      const [from, to] = n % 2 === 0 ? [olive, mina] : [mina, olive];
      const opId = id();
      const itemId = seeded.items[n % seeded.items.length] ?? "";
      const text = JSON.stringify({
        t: "ops",
        ops: [{ op: "tick", itemId, checked: Math.floor(n / ITEMS) % 2 === 0, at: Date.now(), opId }],
      });
      const before = { m: olive.messages + mina.messages, b: olive.bytes + mina.bytes };
      const took = await propagate(from, to, text, opId, `tick ${n}`);
      if (n === 0) firstTick = took;
      if (n < WARM_UP) continue;
      latencies.push(took);
      messages += 1 + olive.messages + mina.messages - before.m;
      bytes += Buffer.byteLength(text) + olive.bytes + mina.bytes - before.b;
    }
    olive.onMessage = mina.onMessage = null;
    const idleSince = performance.now();
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `tick propagation, one member's page to the other's (${TICKS} ticks, taking turns): median ${ms(at(sorted, 0.5))}, p95 ${ms(at(sorted, 0.95))}, p99 ${ms(at(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`,
    );
    console.log(`the first of them (warm-up, not counted above; the room just opened): ${ms(firstTick)}`);
    console.log(
      `per tick over the two sockets: ${(messages / TICKS).toFixed(1)} messages (1 sent, a patch to each page), ${Math.round(bytes / TICKS)} bytes of message text`,
    );

    // --- 1,000 idle open lists.
    await sleep(1000);
    const workerd = await workerdProbe(server.pid);
    const base = workerd();
    const opening = performance.now();
    const idle: Socket[] = [];
    for (let i = 0; i < seeded.idle.length; i += 50) {
      idle.push(...(await Promise.all(seeded.idle.slice(i, i + 50).map((listId) => open(server.baseURL, listId, seeded.olive)))));
    }
    sockets.push(...idle);
    const openedIn = performance.now() - opening;
    await sleep(2000);
    const opened = workerd();
    await sleep(IDLE_SECONDS * 1000);
    const rested = workerd();
    let pongs = 0;
    for (const s of idle) s.onMessage = (m) => void (m.t === "pong" && pongs++);
    for (const s of idle) s.ws.send("ping");
    for (let waited = 0; pongs < idle.length && waited < 30_000; waited += 50) await sleep(50);
    const pinged = workerd();
    const mb = (x: number) => `${x.toFixed(0)} MB`;
    console.log(
      `${IDLE_LISTS} lists opened (one socket each, hello received) in ${(openedIn / 1000).toFixed(1)} s; the Worker's workerd ${mb(base.rssMb)} before, ${mb(opened.rssMb)} with them open (${(((opened.rssMb - base.rssMb) * 1024) / IDLE_LISTS).toFixed(0)} KB a list)`,
    );
    console.log(
      `idle ${IDLE_SECONDS} s with ${IDLE_LISTS} open lists: workerd CPU ${(rested.cpuMs - opened.cpuMs).toFixed(0)} ms in all, memory ${mb(rested.rssMb)}; a "ping" on each socket: ${pongs}/${IDLE_LISTS} "pong", workerd CPU ${(pinged.cpuMs - rested.cpuMs).toFixed(0)} ms for all ${IDLE_LISTS}`,
    );
    // The first tick on lists that sat idle (their rooms woken from hibernation where the runtime evicted them), then
    // the next tick on the first of them (its room awake).
    const idleTicks: number[] = [];
    for (let k = 0; k < Math.min(3, idle.length); k++) {
      const t = await tickAndWait(server.baseURL, idle[k], seeded.idle[k] ?? "", seeded.olive);
      if (t !== null) idleTicks.push(t);
    }
    const again = idle[0] ? await tickAndWait(server.baseURL, idle[0], seeded.idle[0] ?? "", seeded.olive) : null;
    console.log(
      `first tick after idle (${IDLE_SECONDS} s, ${idleTicks.length} lists, applied and back): ${idleTicks.map(ms).join(", ")}; the next tick on the first of them: ${again === null ? "n/a" : ms(again)}`,
    );
    // The household list sat idle since the propagation run (through the whole idle-lists part, far past the 10 s after
    // which the runtime evicts a room whose sockets are all hibernatable): its first tick, one member's page to the
    // other's, then the next one (the room awake).
    const idleFor = (performance.now() - idleSince) / 1000;
    const afterIdle: number[] = [];
    for (const [k, [from, to]] of [
      [olive, mina],
      [mina, olive],
    ].entries()) {
      const opId = id();
      const itemId = seeded.items[k] ?? "";
      const text = JSON.stringify({ t: "ops", ops: [{ op: "tick", itemId, checked: k % 2 === 0, at: Date.now(), opId }] });
      afterIdle.push(await propagate(from as Socket, to as Socket, text, opId, `tick after idle ${k}`));
    }
    console.log(
      `the household list after ${idleFor.toFixed(0)} s idle: first tick, one member's page to the other's, ${ms(afterIdle[0] ?? Number.NaN)}; the next ${ms(afterIdle[1] ?? Number.NaN)}`,
    );
  } finally {
    for (const s of sockets) {
      try {
        s.ws.close(1000, "bench done");
      } catch {
        // closed
      }
    }
    await server.stop();
  }
}

/**
 * Sends `text` (one tick, operation `opId`) on `from` and waits until both pages heard its patch: the other one
 * (propagation) and the sender (its operation is done). Answers the time until `to` had it.
 */
function propagate(from: Socket, to: Socket, text: string, opId: string, what: string): Promise<number> {
  let heard = 0;
  let arrived = 0;
  let sent = 0;
  const both = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} never arrived`)), 30_000);
    const on = (who: Socket) => (m: { t: string; done?: string[] }) => {
      if (m.t === "error") reject(new Error(`${what}: ${JSON.stringify(m)}`));
      if (m.t !== "patch" || !m.done?.includes(opId)) return;
      if (who === to) arrived = performance.now();
      if (++heard === 2) {
        clearTimeout(timer);
        from.onMessage = to.onMessage = null;
        resolve(arrived - sent);
      }
    };
    from.onMessage = on(from);
    to.onMessage = on(to);
  });
  sent = performance.now();
  from.ws.send(text);
  return both;
}

/** Ticks the first item of `listId` on its open socket; the time until the sender hears its operation done. */
async function tickAndWait(baseURL: string, socket: Socket | undefined, listId: string, token: string): Promise<number | null> {
  const itemId = await firstItem(baseURL, listId, token);
  if (!socket || !itemId) return null;
  const opId = id();
  const done = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tick on ${listId} never came back`)), 60_000);
    socket.onMessage = (m) => {
      if (m.t === "patch" && m.done?.includes(opId)) {
        clearTimeout(timer);
        resolve(performance.now());
      }
    };
  });
  const sent = performance.now();
  socket.ws.send(JSON.stringify({ t: "ops", ops: [{ op: "tick", itemId, checked: true, at: Date.now(), opId }] }));
  const back = await done;
  socket.onMessage = null;
  return back - sent;
}

async function firstItem(baseURL: string, listId: string, token: string): Promise<string | null> {
  const res = await fetch(`${baseURL}/api/shopping-lists/${listId}`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { ingredients: Record<string, { id: string }[]> };
  return Object.values(list.ingredients).flat()[0]?.id ?? null;
}
