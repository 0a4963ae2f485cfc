/**
 * The site's public origin (APP_ORIGIN), the only base for absolute links the server hands out: reset and
 * other mailed links, share links, the demo checkout address, the OAuth redirect_uri and Instacart's link
 * back to a list. Never the request's Host, which a client chooses: a forged `Host: evil.example` would
 * otherwise put a valid reset link to evil.example in someone's inbox. `npm run deploy` refuses to deploy
 * without it (scripts/deploy.ts); `npm start`, `npm run dev` and the test servers set it to their own address.
 */

/** The configured origin ("https://recipecart.example"), or null when APP_ORIGIN is empty or not an http(s) URL. */
export function configuredAppOrigin(env: { APP_ORIGIN?: string }): string | null {
  const raw = String(env.APP_ORIGIN ?? "").trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Local development: APP_ORIGIN names a loopback host (npm start, npm run dev, the e2e server). Only there may
 * a mail's links be printed to the log, or a sent mail keep its secret for the development outbox.
 */
export function isLocalDevelopment(env: { APP_ORIGIN?: string }): boolean {
  const origin = configuredAppOrigin(env);
  if (!origin) return false;
  const host = new URL(origin).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** What a link-building request meets on a server without APP_ORIGIN: a logged error and a 500, never a guessed host. */
export class AppOriginMissingError extends Error {
  constructor() {
    super("APP_ORIGIN is not set (or is not an http(s) address): links cannot be built. Set it to the site's public origin.");
    this.name = "AppOriginMissingError";
  }
}

/** The configured origin; throws AppOriginMissingError when there is none. */
export function appOrigin(env: { APP_ORIGIN?: string }): string {
  const origin = configuredAppOrigin(env);
  if (!origin) throw new AppOriginMissingError();
  return origin;
}
