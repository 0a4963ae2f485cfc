/**
 * Worker entry (wrangler "main"). The caller is resolved here once per request (bearer token,
 * then session cookie) and handed both to the JSON API (/api/*, worker/api) and to React Router's
 * server render (web/context.ts), so pages and API agree on who is signed in. A cookie-authenticated
 * request that changes something must come from our own origin. Both get security headers.
 * The scheduled handler retries mail left in the outbox and deletes sent mails past 30 days, expired sessions, known
 * devices unused for a year, contact messages past their 2 years, and applied change ids past 90 days (decision 0037),
 * keeps the parsed-page cache within its age and row cap, and forgets the addresses of household invitations
 * that expired (decision 0036), and the undo records of e-mail changes past their 7 days (decision 0045).
 * See docs/decisions/0002-request-pipeline.md.
 */
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "../web/i18n/locales.ts";
import { warmUpParser } from "../core/ingredient/model/warm-up.ts";
import { callerContext, cloudflareContext, pageApiContext, servicesContext } from "../web/context.ts";
import { handleApi } from "./api/index.ts";
import { SERVICE_WORKER_CSP, SERVICE_WORKER_PATH, serviceWorkerResponse } from "./http/service-worker.ts";
import { createDb } from "./db/client.ts";
import { openRequestDb, withBookmark } from "./http/d1-session.ts";
import { homeLanguageRedirect, languageOfPath, languageSwitch } from "./http/language.ts";
import { configuredAppOrigin } from "./http/app-origin.ts";
import { readCookie, resolveCaller, SESSION_COOKIE } from "./http/caller.ts";
import { parseExtensionOrigins, preflightResponse, withCors } from "./http/cors.ts";
import { drainUnreadBody } from "./http/drain-body.ts";
import { originRefusal } from "./http/origin-check.ts";
import { createPageApi } from "./http/page-api.ts";
import { API_CSP, pageCsp, withSecurityHeaders } from "./http/security-headers.ts";
import { sessionCookie, withCookie } from "./http/session-cookie.ts";
import { newToken } from "./lib/ids.ts";
import { createPageServices } from "./services/page-services.ts";
import { keepSentSecrets, mailerFromEnv } from "./mail/mailer.ts";
import { deliverDue, pruneOutbox } from "./mail/outbox.ts";
import { forgetEndedInviteAddresses } from "../web/features/household/server/routes.ts";
import { pruneEmailVerifications } from "../web/features/accounts/server/email-verification.ts";
import { pruneOptOutLinks } from "../web/features/share/server/mail-opt-out.ts";
import type { Caller } from "./services/caller.ts";
import { deleteExpiredContactMessages } from "./services/contact.ts";
import { deleteExpiredDevices } from "../web/features/accounts/server/known-devices.ts";
import { deleteExpiredSessions } from "../web/features/accounts/server/sessions.ts";
import { LIVE_PATH, liveUpgrade } from "./live/rooms.ts";
import { deleteOldOpIds } from "../web/features/shopping-list/server/shopping.ts";
import { pruneEmailChanges } from "../web/features/accounts/server/email-change.ts";
import { pruneParsedPageCache } from "../web/features/recipes/server/service.ts";

/** The Durable Object class of live lists (wrangler.toml [[durable_objects.bindings]]), exported from the Worker's main module. */
export { ListRoom } from "./live/list-room.ts";

// At start-up, not in the first request that parses: load the tagger and compile the parser (decision 0005).
warmUpParser();

type PageHandler = ReturnType<typeof createRequestHandler>;
const pageHandlers = new Map<Locale, PageHandler>();
/**
 * React Router's handler for one language's addresses: the others are the same app under their prefix
 * (`/de/…`), its basename, so every link, redirect and data request inside a page keeps the language (decision 0038).
 */
function pageHandler(locale: Locale): PageHandler {
  let handler = pageHandlers.get(locale);
  if (!handler) {
    const basename = locale === DEFAULT_LOCALE ? undefined : `/${locale}`;
    handler = createRequestHandler(
      () => import("virtual:react-router/server-build").then((build): ServerBuild => (basename ? { ...build, basename } : build)),
      import.meta.env?.MODE ?? "production",
    );
    pageHandlers.set(locale, handler);
  }
  return handler;
}

/** A cookie session renewed by this request (sliding expiry) gets its cookie sent again. */
function renewCookie(res: Response, request: Request, url: URL, caller: Caller): Response {
  if (caller.session?.via !== "cookie" || !caller.session.renewed || res.headers.has("set-cookie")) return res;
  const token = readCookie(request, SESSION_COOKIE);
  return token ? withCookie(res, sessionCookie(url, token, caller.session.expiresAt)) : res;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    if (url.pathname === SERVICE_WORKER_PATH && (request.method === "GET" || request.method === "HEAD")) {
      return withSecurityHeaders(serviceWorkerResponse(), SERVICE_WORKER_CSP, url);
    }
    // The browser extension's preflights (worker/http/cors.ts) are answered before anything else.
    const extensionOrigins = isApi ? parseExtensionOrigins(env.EXTENSION_ORIGINS) : null;
    const preflight = extensionOrigins && preflightResponse(request, extensionOrigins);
    if (preflight) return withSecurityHeaders(preflight, API_CSP, url);
    // One D1 session per request: reads near the visitor, this browser's own writes always seen (decision 0040).
    const requestDb = openRequestDb(env.DB, request, url);
    const db = requestDb.db;
    const caller = await resolveCaller(db, request);
    // A list's live channel (decision 0037): the list's room answers the WebSocket upgrade itself.
    const live = isApi ? LIVE_PATH.exec(url.pathname) : null;
    if (live) {
      const res = await liveUpgrade(request, url, env, db, caller, decodeURIComponent(live[1] ?? ""));
      return res.status === 101 ? res : withSecurityHeaders(withBookmark(res, requestDb, url), API_CSP, url);
    }
    const refused = originRefusal(request, url, caller, env.APP_ORIGIN, !isApi);
    if (refused) {
      await drainUnreadBody(request);
      const res = withSecurityHeaders(withBookmark(refused, requestDb, url), isApi ? API_CSP : pageCsp(newToken(), false), url);
      return extensionOrigins ? withCors(res, request, extensionOrigins) : res;
    }
    if (extensionOrigins) {
      const res = await handleApi({ request, url, env, ctx, db, requestId, caller });
      await drainUnreadBody(request);
      return withSecurityHeaders(
        withCors(withBookmark(renewCookie(res, request, url, caller), requestDb, url), request, extensionOrigins),
        API_CSP,
        url,
      );
    }
    // The language menu's links, and a first visit to the home page in the reader's language (worker/http/language.ts).
    const language = languageSwitch(request, url) ?? homeLanguageRedirect(request, url);
    if (language) {
      await drainUnreadBody(request);
      return withSecurityHeaders(withBookmark(language, requestDb, url), pageCsp(newToken(), false), url);
    }
    const nonce = newToken();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx, nonce, appOrigin: configuredAppOrigin(env) });
    context.set(callerContext, caller);
    context.set(servicesContext, createPageServices(db));
    // Loaders and form actions call the JSON API in process, as this caller (worker/http/page-api.ts).
    context.set(pageApiContext, createPageApi({ request, url, env, ctx, db, requestId, caller }, handleApi));
    // React Router reads a body only for an action; a POST to a page without one leaves it unread.
    const res = await pageHandler(languageOfPath(url.pathname))(request, context);
    // The English home page is the answer only for some readers (its language depends on these).
    if (url.pathname === "/") res.headers.append("vary", "Accept-Language, Cookie, User-Agent");
    await drainUnreadBody(request);
    return withSecurityHeaders(
      withBookmark(renewCookie(res, request, url, caller), requestDb, url),
      pageCsp(nonce, import.meta.env?.DEV === true),
      url,
    );
  },

  async scheduled(_controller, env, ctx) {
    const db = createDb(env.DB);
    ctx.waitUntil(
      Promise.all([
        deliverDue(db, mailerFromEnv(env), { keepSecrets: keepSentSecrets(env) }).then(
          (r) => r.sent + r.failed > 0 && console.log(`[outbox] retried: ${r.sent} sent, ${r.failed} failed`),
        ),
        pruneOutbox(db),
        deleteExpiredSessions(db),
        deleteExpiredDevices(db),
        deleteExpiredContactMessages(db),
        deleteOldOpIds(db),
        pruneParsedPageCache(db),
        forgetEndedInviteAddresses(db),
        pruneOptOutLinks(db),
        pruneEmailVerifications(db),
        pruneEmailChanges(db),
      ]),
    );
  },
} satisfies ExportedHandler<Env>;
