/**
 * A tiny static server on 127.0.0.1 for the end-to-end tests: serves e2e/fixtures/*.html,
 * `/slow/<file>` after SLOW_MS, and counts requests per path so a test can prove that an
 * import ran exactly once.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

export const SLOW_MS = 1500;
const dir = path.join(import.meta.dirname, "fixtures");

export interface FixtureServer {
  origin: string;
  hits: Map<string, number>;
  close: () => Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const hits = new Map<string, number>();
  let port = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    let name = url.pathname;
    if (name.startsWith("/slow/")) {
      await new Promise((r) => setTimeout(r, SLOW_MS));
      name = name.slice("/slow".length);
    }
    const file = path.basename(name);
    if (!/^[\w-]+\.html$/.test(file)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    try {
      // "{{origin}}" in a page stands for this server (a social post linking to a recipe page here)
      const body = (await readFile(path.join(dir, file), "utf8")).replaceAll("{{origin}}", `http://127.0.0.1:${port}`);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a spec file: starts the server before its tests and closes it after them. The answer reads
 * the running server's origin and hit counts (inside tests and hooks, once it has started).
 */
export function fixtureServerForFile(): Pick<FixtureServer, "origin" | "hits"> {
  let server: FixtureServer | undefined;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): FixtureServer => {
    if (!server) throw new Error("the fixture server starts in beforeAll: use it inside a test or hook");
    return server;
  };
  return {
    get origin() {
      return started().origin;
    },
    get hits() {
      return started().hits;
    },
  };
}
