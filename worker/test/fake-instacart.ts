/**
 * vitest globalSetup for the integration project: a fake Instacart Developer Platform on loopback
 * that speaks the documented JSON (docs/decisions/0035-grocery-ordering.md), so the real client
 * (web/features/grocery/server/instacart.ts) is tested over HTTP. Tests reach it via
 * `inject("instacartBaseUrl")`.
 *
 * - Every call needs `Authorization: Bearer test-instacart-key` (else 401).
 * - GET /idp/v1/retailers?postal_code=&country_code=: 94103 -> two retailers (one in the older
 *   `id` shape), 00000 -> none; 4xxxx/5xxxx postal codes answer that status (e.g. 40300 -> 403);
 *   a code ending in 1 (42901, 50301) fails only on the first call, then answers like 94103.
 * - POST /idp/v1/products/products_link: checks the body like Instacart does (title, link_type,
 *   line items with names); a title starting "status-NNN" answers NNN, "status-NNN-once" only the
 *   first time.
 * - GET /__calls?key=<postal code or title> -> {count, bodies, auth} for assertions.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    instacartBaseUrl: string;
  }
}

export const FAKE_INSTACART_KEY = "test-instacart-key";

const calls = new Map<string, { count: number; bodies: unknown[]; urls: string[] }>();
let links = 0;

function record(key: string, url: string, body: unknown) {
  const c = calls.get(key) ?? { count: 0, bodies: [], urls: [] };
  c.count++;
  c.bodies.push(body);
  c.urls.push(url);
  calls.set(key, c);
  return c.count;
}

function errorBody(status: number): unknown {
  if (status === 400) {
    return {
      error: {
        errors: [
          { message: "postal_code is invalid", code: 1001 },
          { message: "country_code is required", code: 1002 },
        ],
      },
      meta: { key: "postal_code" },
    };
  }
  const messages: Record<number, string> = {
    401: "Invalid API key",
    403: "Forbidden for this key",
    404: "Not found",
    408: "Request timeout",
    429: "Too many requests",
    500: "Internal server error",
    503: "Service unavailable",
  };
  return { error: { message: messages[status] ?? "Error", code: status * 10 }, meta: { key: "request" } };
}

function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
  const url = new URL(req.url ?? "/", "http://fake");
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === "/__calls") return send(200, calls.get(url.searchParams.get("key") ?? "") ?? { count: 0, bodies: [], urls: [] });

  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${FAKE_INSTACART_KEY}`) return send(401, errorBody(401));
  if (req.headers.accept !== "application/json") return send(406, { error: { message: "Accept application/json", code: 4060 } });

  const failing = (code: string, n: number): number | null => {
    const m = /^(\d{3})(\d{2})$/.exec(code) ?? /^status-(\d{3})(-once)?/.exec(code);
    if (!m) return null;
    const status = Number(m[1]);
    if (![400, 401, 403, 404, 408, 429, 500, 502, 503, 504].includes(status)) return null;
    const once = m[2] === "01" || m[2] === "-once";
    return once && n > 1 ? null : status;
  };

  if (req.method === "GET" && url.pathname === "/idp/v1/retailers") {
    const zip = url.searchParams.get("postal_code") ?? "";
    const n = record(zip, req.url ?? "", null);
    if (!zip || url.searchParams.get("country_code") !== "US") return send(400, errorBody(400));
    const status = failing(zip, n);
    if (status) return send(status, errorBody(status), status === 429 ? { "retry-after": "0" } : {});
    if (zip === "00000") return send(200, { retailers: [] });
    return send(200, {
      retailers: [
        { retailer_key: "fake-foods", name: "Fake Foods", retailer_logo_url: "https://images.example.test/fake-foods.png" },
        { id: 1234, name: "Legacy Grocer", retailer_logo_url: "http://insecure.example.test/logo.png" },
        { retailer_key: "", name: "No key" },
      ],
    });
  }

  if (req.method === "POST" && url.pathname === "/idp/v1/products/products_link") {
    let body: { title?: unknown; link_type?: unknown; line_items?: unknown; landing_page_configuration?: unknown } = {};
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { error: { message: "Malformed JSON", code: 1000 }, meta: {} });
    }
    const title = typeof body.title === "string" ? body.title : "";
    const n = record(title, req.url ?? "", body);
    if (!String(req.headers["content-type"]).startsWith("application/json")) return send(415, errorBody(400));
    const status = failing(title, n);
    if (status) return send(status, errorBody(status), status === 429 ? { "retry-after": "0" } : {});
    const items = Array.isArray(body.line_items) ? (body.line_items as { name?: unknown }[]) : null;
    if (
      !title ||
      (body.link_type !== "shopping_list" && body.link_type !== "recipe") ||
      !items ||
      !items.length ||
      items.some((i) => typeof i.name !== "string" || !i.name)
    ) {
      return send(400, {
        error: { message: "title, link_type and line_items with names are required", code: 1003 },
        meta: { key: "line_items" },
      });
    }
    links++;
    return send(200, { products_link_url: `https://customers.dev.instacart.tools/store/shopping_lists/${links}` });
  }
  return send(404, errorBody(404));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("instacartBaseUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
