/**
 * The web app's session cookie: HttpOnly, SameSite=Lax, Path=/, Secure except on localhost (so
 * `npm start` over plain http works), Max-Age matching the session's expiry. Max-Age=0 ends it.
 */
import { SESSION_COOKIE } from "./caller.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLocalhost(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
}

export function sessionCookie(url: URL, token: string, expiresAt: Date, now: Date = new Date()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(isLocalhost(url) ? [] : ["Secure"]),
  ].join("; ");
}

export function clearSessionCookie(url: URL): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(isLocalhost(url) ? [] : ["Secure"])].join("; ");
}

/** A copy of `res` with one more Set-Cookie header (responses from fetch can be immutable). */
export function withCookie(res: Response, cookie: string): Response {
  const out = new Response(res.body, res);
  out.headers.append("set-cookie", cookie);
  return out;
}

/** The known-device cookie (web/features/accounts/server/known-devices.ts): sent only to the sign-in endpoints, kept a year. */
export const DEVICE_COOKIE = "rc_device";
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function deviceCookie(url: URL, token: string): string {
  return [
    `${DEVICE_COOKIE}=${encodeURIComponent(token)}`,
    "Path=/api/auth",
    "HttpOnly",
    // Lax: the OAuth callback is a top-level navigation back from the provider.
    "SameSite=Lax",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    ...(isLocalhost(url) ? [] : ["Secure"]),
  ].join("; ");
}
