/**
 * `npm run deploy`: builds and deploys with `wrangler deploy`, but only with a public APP_ORIGIN. Every link
 * the server hands out (reset mails, share links, the demo checkout, the OAuth redirect_uri, Instacart's link
 * back) is built on it and never on a request's Host (worker/http/app-origin.ts), so a deploy without one
 * would answer every such request with an error. The origin comes from the environment (APP_ORIGIN=…) or
 * wrangler.toml's [vars]; it must be an https origin that is not a local address. The deploy also says it sits
 * behind Cloudflare (TRUST_CF_CONNECTING_IP=1, decision 0025). `--dry-run` prints the commands instead.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { bin, root, toolEnv } from "./lib/tooling.ts";

/** APP_ORIGIN under [vars] in wrangler.toml's text, or "" when it is not there. */
export function tomlAppOrigin(toml: string): string {
  const vars = /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  return /^\s*APP_ORIGIN\s*=\s*"([^"]*)"/m.exec(vars)?.[1] ?? "";
}

/** The origin to deploy with, or the reason there is none (in words for the person deploying). */
export function deployOrigin(fromEnv: string | undefined, toml: string): { origin: string } | { error: string } {
  const raw = (fromEnv?.trim() || tomlAppOrigin(toml)).trim();
  const help =
    "Set it to the site's public address, e.g. `APP_ORIGIN=https://recipecart.example npm run deploy`, or under [vars] in wrangler.toml.";
  if (!raw) return { error: `APP_ORIGIN is not set: every link recipecart mails or redirects to is built on it. ${help}` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `APP_ORIGIN is not a URL: ${JSON.stringify(raw)}. ${help}` };
  }
  if (url.protocol !== "https:") return { error: `APP_ORIGIN must be an https address, not ${url.origin}. ${help}` };
  if (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname) || url.hostname.endsWith(".localhost")) {
    return { error: `APP_ORIGIN names a local address (${url.origin}). ${help}` };
  }
  return { origin: url.origin };
}

if (import.meta.main) {
  const dryRun = process.argv.includes("--dry-run");
  const plan = deployOrigin(process.env.APP_ORIGIN, readFileSync(path.join(root, "wrangler.toml"), "utf8"));
  if ("error" in plan) {
    process.stderr.write(`\nDeploy refused: ${plan.error}\n\n`);
    process.exit(1);
  }
  const steps: [string, string[]][] = [
    [bin("vite"), ["build"]],
    [bin("wrangler"), ["deploy", "--var", "TRUST_CF_CONNECTING_IP:1", "--var", `APP_ORIGIN:${plan.origin}`]],
  ];
  for (const [cmd, args] of steps) {
    if (dryRun) {
      console.log(`would run: ${path.basename(cmd)} ${args.join(" ")}`);
      continue;
    }
    const r = spawnSync(cmd, args, { cwd: root, env: toolEnv, stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
