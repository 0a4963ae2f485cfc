/**
 * `npm start` needs no extra step for live lists (decision 0037): scripts/start.ts itself, on a fresh state folder,
 * serves a list's live channel (the ListRoom Durable Object, its binding and migration coming from wrangler.toml
 * through the build) — a signed-out list's page socket says hello, proves the edit token and has a tick applied,
 * which the HTTP API then reads from the local D1. No browser: what is checked is what npm start boots.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, root, toolEnv } from "../scripts/lib/tooling.ts";

const START_MS = 240_000;

let child: ChildProcess | null = null;
let output = "";
let baseURL = "";
let state = "";

beforeAll(async () => {
  const port = await freePort();
  mkdirSync(path.join(root, ".e2e-out"), { recursive: true });
  state = mkdtempSync(path.join(root, ".e2e-out", "npm-start-"));
  // Exactly what `npm start` runs (package.json), with its own port and state folder.
  child = spawn(process.execPath, [path.join(root, "scripts", "start.ts")], {
    cwd: root,
    env: { ...(toolEnv as Record<string, string>), PORT: String(port), RECIPECART_STATE_DIR: state } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${output.slice(-3000)}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}, START_MS + 10_000);

afterAll(async () => {
  if (child?.pid) {
    try {
      // npm start's process group: node, wrangler and its workerd processes.
      process.kill(-child.pid, "SIGTERM");
      await new Promise((r) => setTimeout(r, 1_000));
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  if (state) rmSync(state, { recursive: true, force: true });
});

type Message = { t: string; editable?: boolean; done?: string[]; list?: { id: string; ingredients: Record<string, { id: string }[]> } };

/** A page's socket to the list's live channel: messages in order, and a wait for the next one that matches. */
function liveSocket(listId: string) {
  const ws = new WebSocket(`${baseURL.replace(/^http/, "ws")}/api/shopping-lists/${listId}/live`, {
    headers: { origin: baseURL },
  } as unknown as string[]);
  const seen: Message[] = [];
  const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  ws.addEventListener("message", (e) => {
    const text = String(e.data);
    if (text === "pong") return;
    const m = JSON.parse(text) as Message;
    seen.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const next = (match: (m: Message) => boolean, what: string) =>
    new Promise<Message>((resolve, reject) => {
      const already = seen.find(match);
      if (already) {
        seen.splice(seen.indexOf(already), 1);
        return resolve(already);
      }
      const timer = setTimeout(() => reject(new Error(`no ${what}; heard ${JSON.stringify(seen)}`)), 30_000);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          seen.splice(seen.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  return { ws, next };
}

describe("npm start", () => {
  it("serves live lists with no extra step: a page's socket gets the list, proves the edit token and has a tick applied", async () => {
    expect(output).toMatch(/Applying database migrations/);
    const headers = { origin: baseURL, "content-type": "application/json" };
    const recipe = await fetch(`${baseURL}/api/recipes/manual`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "Pancakes", ingredients: ["2 cups flour", "3 eggs"], source: "manually added" }),
    });
    expect(recipe.status).toBe(201);
    const { id: recipeId } = (await recipe.json()) as { id: string };
    const made = await fetch(`${baseURL}/api/shopping-lists`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Started", recipeIds: [recipeId] }),
    });
    expect(made.status).toBe(201);
    const list = (await made.json()) as { id: string; editToken: string };

    const live = liveSocket(list.id);
    const hello = await live.next((m) => m.t === "hello", "hello");
    expect(hello.list?.id).toBe(list.id);
    expect(hello.editable).toBe(false);
    live.ws.send(JSON.stringify({ t: "auth", editToken: list.editToken }));
    expect((await live.next((m) => m.t === "hello", "hello after auth")).editable).toBe(true);

    const item = Object.values(hello.list?.ingredients ?? {}).flat()[0];
    expect(item).toBeDefined();
    const opId = "npmstartop000000000001";
    live.ws.send(JSON.stringify({ t: "ops", ops: [{ op: "tick", itemId: item?.id, checked: true, at: Date.now(), opId }] }));
    const patch = await live.next((m) => m.t === "patch" && (m.done ?? []).includes(opId), "patch");
    expect(patch.done).toContain(opId);
    live.ws.close(1000, "done");

    const read = (await (await fetch(`${baseURL}/api/shopping-lists/${list.id}`)).json()) as {
      ingredients: Record<string, { id: string; checked?: boolean }[]>;
    };
    expect(
      Object.values(read.ingredients)
        .flat()
        .find((i) => i.id === item?.id)?.checked,
    ).toBe(true);
  }, 120_000);
});
