/**
 * The Server-Timing entry the service worker (worker/http/service-worker.ts) adds to a page or page data
 * it answered from its saved copy because the network failed: the page reads it from its performance
 * entries and knows it is offline (web/lib/online.ts, decision 0029). A module of its own, so that only
 * the pages that read it load it.
 */
export const SAVED_COPY_TIMING = "saved-copy";
