/**
 * The service worker (docs/decisions/0029-list-page.md), served by the Worker at
 * /sw.js so it gets its own Content-Security-Policy (the static-asset policy, default-src 'none',
 * would forbid the worker's own fetches) and is never cached by the browser's HTTP cache.
 *
 * What it keeps, and nothing else: the home page, every list page and every shared list page (/s/{id},
 * decision 0029) opened online (network first, the saved copy when the network fails), their React
 * Router data requests, and the hashed build assets (cache first: their names change with their
 * content). API calls always go to the network: the list page queues changes itself while offline. A
 * page never opened online answers a short offline page. A kept page the network answers 404 or 410
 * (a revoked share, a deleted list) is forgotten at once, with its data requests, so it cannot open
 * from the cache again. A saved copy it answers carries `Server-Timing: saved-copy`, so the page knows
 * it is offline even when the browser says otherwise (decision 0029).
 */
import { SAVED_COPY_TIMING } from "../../core/api/saved-copy.ts";

export const SERVICE_WORKER_PATH = "/sw.js";

/** Bump when the caching rules change: old caches are dropped on activate. */
export const SERVICE_WORKER_VERSION = "1";

const script = `"use strict";
const PAGES = "recipecart-pages-v${SERVICE_WORKER_VERSION}";
const ASSETS = "recipecart-assets-v${SERVICE_WORKER_VERSION}";
const KEEP = [PAGES, ASSETS];

const isAsset = (url) => url.pathname.startsWith("/assets/");
// Pages worth having offline: the home page (the app's start), lists and shared lists.
const KEPT = /^\\/(?:shopping-list|s)\\/[A-Za-z0-9_-]+(?:\\.data)?$/;
const isKeptPage = (url) => url.pathname === "/" || url.pathname === "/_root.data" || KEPT.test(url.pathname);
// The server says the page is gone for good (a revoked share link, a deleted list).
const isGone = (res) => res.status === 404 || res.status === 410;

// Drops a kept page and its data requests (any query), so a gone page never opens from the cache.
async function forget(cache, url) {
  const page = url.pathname.replace(/\\.data$/, "");
  if (page === "/") return;
  await Promise.all([
    cache.delete(new URL(page, self.location.origin).href, { ignoreSearch: true }),
    cache.delete(new URL(page + ".data", self.location.origin).href, { ignoreSearch: true }),
  ]);
}

// The page asks right after its "online" event, and the network may take a moment more to answer:
// a failed fetch is tried again twice, 1 s and then 3 s later, before giving up until the next visit.
async function fetchSoon(href) {
  for (const wait of [1000, 3000]) {
    try {
      return await fetch(href, { credentials: "same-origin" });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return fetch(href, { credentials: "same-origin" });
}

async function keep(urls) {
  const pages = await caches.open(PAGES);
  const assets = await caches.open(ASSETS);
  await Promise.all(
    urls.map(async (href) => {
      try {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) return;
        if (isAsset(url)) {
          if (!(await assets.match(url.href))) await assets.add(url.href);
        } else if (isKeptPage(url)) {
          const res = await fetchSoon(url.href);
          if (res.ok) await pages.put(url.href, res);
          else if (isGone(res)) await forget(pages, url);
        }
      } catch {
        // Offline or gone: kept next time.
      }
    }),
  );
}

async function keepHome() {
  try {
    const res = await fetch("/", { credentials: "same-origin" });
    if (!res.ok) return;
    const html = await res.clone().text();
    await (await caches.open(PAGES)).put(new URL("/", self.location.origin).href, res);
    const assets = [...new Set(html.match(/\\/assets\\/[A-Za-z0-9._\\/-]+\\.(?:js|css)/g) || [])];
    await keep(assets);
  } catch {
    // Installed offline: the home page is kept on the next visit.
  }
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(keepHome());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("recipecart-") && !KEEP.includes(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// The page names what it loaded (its own address and its scripts and styles) once the worker runs.
self.addEventListener("message", (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep.filter((u) => typeof u === "string").slice(0, 200) : [];
  if (urls.length) event.waitUntil(keep(urls));
});

const OFFLINE_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Offline | recipecart</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">' +
  "<h1>You're offline</h1><p>This page has not been saved on this device. Lists you have opened before still open offline.</p></body></html>";

// A page (or its data) answered from the saved copy says so in a Server-Timing entry, which the page
// reads from its performance entries: the browser may still claim to be online (web/lib/online.ts).
function markedSaved(saved) {
  const headers = new Headers(saved.headers);
  headers.append("server-timing", "${SAVED_COPY_TIMING}");
  return new Response(saved.body, { status: saved.status, statusText: saved.statusText, headers });
}

async function networkFirst(request, url) {
  const cache = await caches.open(PAGES);
  try {
    const res = await fetch(request);
    if (isKeptPage(url)) {
      if (res.ok) await cache.put(url.href, res.clone());
      else if (isGone(res)) await forget(cache, url);
    }
    return res;
  } catch (err) {
    const saved = await cache.match(url.href);
    if (saved) return markedSaved(saved);
    if (request.mode === "navigate") {
      return new Response(OFFLINE_PAGE, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
    }
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const saved = await cache.match(request);
  if (saved) return saved;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (isAsset(url)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" || url.pathname.endsWith(".data")) {
    event.respondWith(networkFirst(request, url));
  }
});
`;

/** The service worker script with headers for it (the caller adds the security headers). */
export function serviceWorkerResponse(): Response {
  return new Response(script, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-cache",
    },
  });
}

/** The worker's own policy: it may fetch and cache this origin only. */
export const SERVICE_WORKER_CSP = "default-src 'self'; frame-ancestors 'none'";
