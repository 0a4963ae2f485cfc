/**
 * What every Node-side script that drives the toolchain shares (npm start/dev/test, the bench,
 * the e2e setup, the CLI's local D1): the project root, the local tool binaries, and an
 * environment in which wrangler never prompts, phones home or fetches Cloudflare data.
 */
import { createServer } from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..", "..");

/** A binary from node_modules/.bin. */
export const bin = (name: string): string => path.join(root, "node_modules", ".bin", name);

export const toolEnv: NodeJS.ProcessEnv = {
  ...process.env,
  CI: "true",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
