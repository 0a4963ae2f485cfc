/**
 * Instacart Developer Platform client (server side only; docs/decisions/0035-grocery-ordering.md).
 *
 * - GET /idp/v1/retailers?postal_code=&country_code=US -> stores (only name, key and logo exist).
 * - POST /idp/v1/products/products_link -> a shopping-list page; the body has no retailer field,
 *   so the chosen retailer is passed on as `retailer_key` on the returned link (decision 0035).
 * - Errors (400/401/403/404/408/429/5xx, body {"error":{"message","code"}} or {"error":{"errors":[...]}})
 *   become domain errors with stable codes; the key and the raw body never reach the client.
 * - Retries: the GET on 408/429/5xx and network failures; the POST (every call makes a new page)
 *   only on 429, which Instacart answers before doing anything. Exponential backoff with full
 *   jitter, Retry-After honoured up to a cap.
 */
import type { Store } from "../contract.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import type { CheckoutLink, CheckoutRequest, GroceryProvider } from "./provider.ts";

export const INSTACART_PRODUCTION_URL = "https://connect.instacart.com";
export const INSTACART_DEVELOPMENT_URL = "https://connect.dev.instacart.tools";

export interface InstacartOptions {
  apiKey: string;
  /** connect.instacart.com (production) or connect.dev.instacart.tools (development). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Attempts per call including the first (default 3). */
  attempts?: number;
  /** First backoff step in ms (default 250); doubled per attempt, full jitter. */
  backoffMs?: number;
  /** Longest wait between attempts, also the cap on Retry-After (default 2000 ms). */
  maxBackoffMs?: number;
  /** Per-attempt timeout in ms (default 10000). */
  timeoutMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Retailer {
  retailer_key?: unknown;
  id?: unknown;
  name?: unknown;
  retailer_logo_url?: unknown;
}

/** Reads Instacart's error body in either documented shape; "" when none. */
export function instacartErrorMessage(body: unknown): string {
  const err = (body as { error?: unknown } | null)?.error;
  if (!err || typeof err !== "object") return "";
  const e = err as { message?: unknown; errors?: unknown };
  if (typeof e.message === "string" && e.message) return e.message;
  if (Array.isArray(e.errors)) {
    return e.errors
      .map((x) =>
        x && typeof x === "object" && typeof (x as { message?: unknown }).message === "string" ? (x as { message: string }).message : "",
      )
      .filter(Boolean)
      .join("; ");
  }
  return "";
}

class Retryable extends Error {
  readonly error: DomainError;
  readonly retryAfterMs: number | null;
  constructor(error: DomainError, retryAfterMs: number | null) {
    super(error.message);
    this.error = error;
    this.retryAfterMs = retryAfterMs;
  }
}

export function createInstacartProvider(opts: InstacartOptions): GroceryProvider {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const attempts = Math.max(1, opts.attempts ?? 3);
  const backoff = opts.backoffMs ?? 250;
  const maxBackoff = opts.maxBackoffMs ?? 2000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function call(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    retryOn: (status: number | "network") => boolean,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(method, path, body, retryOn);
      } catch (err) {
        if (!(err instanceof Retryable)) throw err;
        if (attempt + 1 >= attempts) throw err.error;
        const step = Math.min(maxBackoff, backoff * 2 ** attempt);
        const wait = err.retryAfterMs !== null ? Math.min(maxBackoff, err.retryAfterMs) : random() * step;
        await sleep(wait);
      }
    }
  }

  async function once(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    retryOn: (status: number | "network") => boolean,
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${opts.apiKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      const e = timedOut
        ? new DomainError("upstream_timeout", "provider_timeout", "Instacart took too long to answer. Please try again.")
        : new DomainError("upstream", "provider_unreachable", "Instacart could not be reached. Please try again.");
      // A POST that may have reached Instacart is not retried (it could make a second page).
      if (retryOn("network")) throw new Retryable(e, null);
      throw e;
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (res.ok) {
      if (parsed === null || typeof parsed !== "object") {
        throw new DomainError("upstream", "provider_bad_answer", "Instacart sent an answer we could not read.");
      }
      return parsed;
    }
    const detail = instacartErrorMessage(parsed);
    const err = statusError(res.status, detail);
    if (retryOn(res.status)) throw new Retryable(err, retryAfterMs(res.headers.get("retry-after")));
    throw err;
  }

  return {
    name: "instacart",
    demo: false,
    reusableLinks: true,
    async searchStores(zip: string): Promise<Store[]> {
      const qs = new URLSearchParams({ postal_code: zip, country_code: "US" });
      const data = (await call(
        "GET",
        `/idp/v1/retailers?${qs}`,
        undefined,
        (s) => s === "network" || s === 408 || s === 429 || s >= 500,
      )) as {
        retailers?: unknown;
      };
      if (!Array.isArray(data.retailers))
        throw new DomainError("upstream", "provider_bad_answer", "Instacart sent an answer we could not read.");
      const stores: Store[] = [];
      for (const r of data.retailers as Retailer[]) {
        const key =
          typeof r.retailer_key === "string" && r.retailer_key
            ? r.retailer_key
            : typeof r.id === "number" || typeof r.id === "string"
              ? String(r.id)
              : "";
        const name = typeof r.name === "string" ? r.name.trim() : "";
        if (!key || !name || key.length > 150) continue;
        stores.push({
          id: key,
          name: name.slice(0, 200),
          // Instacart's retailer list has no address or delivery time (the card says so).
          address: { street: "", city: "", state: "" },
          estimatedDeliveryTime: null,
          deliveryAvailable: true,
          pickupAvailable: false,
          logoUrl: typeof r.retailer_logo_url === "string" && /^https:\/\//.test(r.retailer_logo_url) ? r.retailer_logo_url : null,
        });
      }
      return stores;
    },
    async createCheckout(req: CheckoutRequest): Promise<CheckoutLink> {
      const body = {
        title: req.title,
        link_type: "shopping_list",
        expires_in: 30,
        line_items: req.lineItems,
        landing_page_configuration: { partner_linkback_url: req.linkbackUrl, enable_pantry_items: true },
      };
      // Only 429 is retried: Instacart refused before making anything.
      const data = (await call("POST", "/idp/v1/products/products_link", body, (s) => s === 429)) as { products_link_url?: unknown };
      const url = typeof data.products_link_url === "string" && /^https:\/\//.test(data.products_link_url) ? data.products_link_url : null;
      if (data.products_link_url !== undefined && url === null) {
        throw new DomainError("upstream", "provider_bad_answer", "Instacart sent an answer we could not read.");
      }
      return { url: url ? this.linkForStore(url, req.store) : null, baseUrl: url };
    },
    linkForStore(baseUrl: string, store: { id: string }): string {
      const u = new URL(baseUrl);
      u.searchParams.set("retailer_key", store.id);
      return u.toString();
    },
  };
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const secs = Number(header);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

function statusError(status: number, detail: string): DomainError {
  const said = detail ? ` (Instacart said: ${detail.slice(0, 200)})` : "";
  switch (status) {
    case 400:
    case 422:
      return new DomainError("upstream", "provider_rejected", `Instacart could not take this request${said}.`);
    case 401:
    case 403:
      return new DomainError("upstream", "provider_auth", "Ordering is not available right now: Instacart refused our access key.");
    case 404:
      return new DomainError("upstream", "provider_not_found", `Instacart did not find what we asked for${said}.`);
    case 408:
    case 504:
      return new DomainError("upstream_timeout", "provider_timeout", "Instacart took too long to answer. Please try again.");
    case 429:
      return new DomainError("rate_limited", "provider_rate_limited", "Instacart is busy right now. Please try again in a minute.", {
        retryAfterSeconds: 60,
      });
    default:
      return new DomainError(
        "upstream",
        "provider_unavailable",
        `Instacart is not available right now (status ${status}). Please try again.`,
      );
  }
}
