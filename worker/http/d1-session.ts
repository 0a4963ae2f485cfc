/**
 * Every request runs in one D1 session (the Sessions API, decision 0040), so reads can be served by
 * a read replica near the visitor while each browser still sees its own writes:
 * - a request that carries a bookmark (the `rc_d1` cookie, or the `x-d1-bookmark` header for API
 *   clients) continues from it: whatever replica answers is at least as new as that bookmark;
 * - without one, a read (GET/HEAD) starts anywhere (`first-unconstrained`, the nearest replica), a
 *   write (any other method) and the few reads that follow a link from a mail start at the primary;
 * - the answer to a write (or to a request a list's room wrote for) hands back the session's latest
 *   bookmark (cookie and header), so the browser's next request reads at least what it wrote.
 *   Reads hand nothing back: no Set-Cookie on pages and list reads.
 * Writes always go to the primary. Locally (one SQLite file, no replicas) the same code runs; the
 * local D1 gives real bookmarks, so the round trip is tested there.
 */
import { isLocalhost } from "./session-cookie.ts";
import { readCookie } from "./caller.ts";
import { createDb, type Db } from "../db/client.ts";

export const BOOKMARK_COOKIE = "rc_d1";
export const BOOKMARK_HEADER = "x-d1-bookmark";
/** A bookmark only matters until every replica has caught up (seconds); an hour is ample. */
const BOOKMARK_MAX_AGE_S = 3600;

/** Reads that follow a link from a mail (the token was written moments ago, maybe from another browser): primary first (in any language's addresses, /de/reset-password). */
const PRIMARY_READS = [
  /^(?:\/[a-z]{2})?\/reset-password\/?$/,
  /^\/api\/auth\/verify-reset-token$/,
  /^(?:\/[a-z]{2})?\/verify-email\/?$/,
  /^\/api\/auth\/verify-email$/,
  /^\/api\/users\/me\/email-verification$/,
  /^(?:\/[a-z]{2})?\/email-opt-out\/[^/]+\/?$/,
  /^\/api\/mail\/opt-out\/[^/]+$/,
  /^\/api\/auth\/oauth\/[^/]+\/callback$/,
];

/**
 * D1 bookmarks are opaque but sortable, oldest to newest (Cloudflare's D1 glossary); ours are
 * accepted only in the shape D1 gives them, so a forged cookie cannot reach the database as
 * anything but a session anchor. (Hex groups joined by dashes.)
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,64}){1,7}$/i;

export function isBookmark(value: string | null | undefined): value is string {
  return typeof value === "string" && value.length <= 256 && BOOKMARK_SHAPE.test(value);
}

/** How a request's session starts: from a bookmark, or the primary/unconstrained constraint. */
export function sessionStart(request: Request, url: URL): string {
  const given = request.headers.get(BOOKMARK_HEADER) ?? readCookie(request, BOOKMARK_COOKIE);
  if (isBookmark(given)) return given;
  const read = request.method === "GET" || request.method === "HEAD";
  return read && !PRIMARY_READS.some((re) => re.test(url.pathname)) ? "first-unconstrained" : "first-primary";
}

export interface RequestDb {
  /** The drizzle handle on this request's session: hand it to everything the request does. */
  db: Db;
  /** The bookmark the request came with (null: none, or not one of ours). */
  readonly given: string | null;
  /** Whether the request writes (any method but GET and HEAD) or a list's room wrote for it. */
  wrote(): boolean;
  /** The latest bookmark seen: the session's own, or a later one noted from elsewhere (a list's room). */
  bookmark(): string | null;
}

const noted = new WeakMap<Db, { latest: string | null }>();

/** Opens the request's D1 session (see the module comment). */
export function openRequestDb(d1: D1Database, request: Request, url: URL): RequestDb {
  const start = sessionStart(request, url);
  const session = d1.withSession(start);
  const db = createDb(session);
  const extra = { latest: null as string | null };
  noted.set(db, extra);
  const writes = request.method !== "GET" && request.method !== "HEAD";
  return {
    db,
    given: isBookmark(start) ? start : null,
    wrote: () => writes || extra.latest !== null,
    bookmark: () => later(session.getBookmark(), extra.latest),
  };
}

/**
 * A write made for this request outside its session (a list's room writes with its own) moved the
 * database to `bookmark`: the response hands that on, so the browser's next read sees the write.
 */
export function noteBookmark(db: Db, bookmark: string | null | undefined): void {
  const extra = noted.get(db);
  if (extra && isBookmark(bookmark)) extra.latest = later(extra.latest, bookmark);
}

/** The newer of two bookmarks (they sort oldest to newest). */
export function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
}

/**
 * The answer to a write with the session's bookmark handed back when it moved past the one the
 * request came with: an `x-d1-bookmark` header (API clients send it back themselves) and the `rc_d1`
 * cookie (browsers send it back on their own). An upgraded WebSocket (101) is left as it is.
 */
export function withBookmark(res: Response, requestDb: RequestDb, url: URL): Response {
  if (res.status === 101 || !requestDb.wrote()) return res;
  const bookmark = requestDb.bookmark();
  if (!bookmark || bookmark === requestDb.given || later(bookmark, requestDb.given) !== bookmark) return res;
  const out = new Response(res.body, res);
  out.headers.set(BOOKMARK_HEADER, bookmark);
  out.headers.append(
    "set-cookie",
    [
      `${BOOKMARK_COOKIE}=${bookmark}`,
      "Path=/",
      "HttpOnly",
      "SameSite=Lax",
      `Max-Age=${BOOKMARK_MAX_AGE_S}`,
      ...(isLocalhost(url) ? [] : ["Secure"]),
    ].join("; "),
  );
  return out;
}
