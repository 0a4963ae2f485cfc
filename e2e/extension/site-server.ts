/**
 * A recipe site on 127.0.0.1 that only talks to browsers (e2e/extension/fixtures/README.md):
 * without the Sec-Fetch-Mode header every browser sends, it answers 403 like a bot wall. Counts
 * requests that it refused, so a test can show the recipecart server did try and was turned away.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

const dir = path.join(import.meta.dirname, "fixtures");
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

export interface SiteServer {
  origin: string;
  refused: () => number;
  close: () => Promise<void>;
}

export async function startSiteServer(): Promise<SiteServer> {
  let refused = 0;
  const server = createServer(async (req, res) => {
    if (!req.headers["sec-fetch-mode"]) {
      refused++;
      res.writeHead(403, { "content-type": "text/html" }).end("<h1>Access denied</h1><p>Please enable JavaScript and cookies.</p>");
      return;
    }
    const file = path.basename(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    const type = TYPES[path.extname(file)];
    if (!type || !/^[\w-]+\.(html|js)$/.test(file)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    try {
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(await readFile(path.join(dir, file)));
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    refused: () => refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
