/**
 * A bare Worker for bench/auth.ts: runs the app's own password hashing (worker/lib/crypto.ts, scrypt
 * through nodejs_compat) `n` times per request, so the bench can time hashing in workerd from the
 * outside (a Worker's own clock does not move during pure computation). GET /?op=hash|verify&n=K.
 */
import { hashPassword, verifyPassword } from "../worker/lib/crypto.ts";

const PASSWORD = "correct horse battery staple";
let stored: Promise<string> | null = null;

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const n = Math.min(20, Math.max(0, Number(url.searchParams.get("n") ?? "0") | 0));
    const op = url.searchParams.get("op") === "verify" ? "verify" : "hash";
    const hash = await (stored ??= hashPassword(PASSWORD));
    let ok = true;
    for (let i = 0; i < n; i++) {
      if (op === "hash") ok = (await hashPassword(PASSWORD)).startsWith("scrypt$") && ok;
      else ok = (await verifyPassword(PASSWORD, hash)) && ok;
    }
    return new Response(ok ? "ok" : "mismatch", { status: ok ? 200 : 500 });
  },
};
