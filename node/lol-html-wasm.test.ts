import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { HTMLRewriter } from "html-rewriter-wasm";
import { describe, expect, it } from "vitest";
import { createExtraction } from "../core/extract/extract.ts";
import { runPlanNode } from "./html-rewriter.ts";
import type { PlanHandlers } from "../core/extract/plan.ts";
import { LeanRewriter, leanBindingSupported, leanMemoryBytes } from "./lol-html-wasm.ts";

const FIXTURES = path.join(import.meta.dirname, "..", "core", "extract", "fixtures");
const pages = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(FIXTURES, d.name))
      .filter((f) => f.endsWith(".html.gz"))
      .map((f) => {
        const expected = JSON.parse(readFileSync(path.join(FIXTURES, d.name, f.replace(/\.html\.gz$/, ".expected.json")), "utf8")) as {
          url: string;
        };
        return {
          name: `${d.name}/${f}`,
          url: expected.url,
          bytes: new Uint8Array(gunzipSync(readFileSync(path.join(FIXTURES, d.name, f)))),
        };
      }),
  );

// the extraction plan's selectors plus a few of other shapes
const SELECTORS = [...createExtraction("https://example.com/").plan.map((e) => e.selector), "p", "a[href]", "img", "div > span"];

type Log = string[];
type Any = { tagName: string; getAttribute(n: string): string | null; onEndTag(f: (end?: { free?(): void }) => void): void; free?(): void };

/** Handlers that log everything extraction reads (tag, attributes, text, end tags), in order. */
function recorder(log: Log, i: number, freeing: boolean) {
  return {
    element(el: Any) {
      log.push(
        `E${i} ${el.tagName} class=${el.getAttribute("class")} id=${el.getAttribute("id")} itemprop=${el.getAttribute("itemprop")} é=${el.getAttribute("data-é")}`,
      );
      try {
        el.onEndTag((end) => {
          log.push(`/E${i}`);
          if (freeing) end?.free?.();
        });
      } catch (err) {
        log.push(`noend ${el.tagName} ${(err as Error).message}`);
      }
      if (freeing) el.free?.();
    },
    text(t: { text: string; lastInTextNode: boolean; free?(): void }) {
      log.push(`T${i} ${JSON.stringify(t.text)} ${t.lastInTextNode}`);
      if (freeing) t.free?.();
    },
  };
}

async function stockLog(bytes: Uint8Array, chunk: number): Promise<Log> {
  const log: Log = [];
  const rw = new HTMLRewriter(() => {});
  SELECTORS.forEach((s, i) => rw.on(s, recorder(log, i, true) as never));
  for (let o = 0; o < bytes.length; o += chunk) await rw.write(bytes.subarray(o, o + chunk));
  await rw.end();
  rw.free();
  return log;
}

function leanLog(bytes: Uint8Array, chunk: number): Log {
  const log: Log = [];
  const rw = new LeanRewriter();
  SELECTORS.forEach((s, i) => rw.on(s, recorder(log, i, false) as PlanHandlers));
  for (let o = 0; o < bytes.length; o += chunk) rw.write(bytes.subarray(o, o + chunk));
  rw.end();
  rw.free();
  return log;
}

describe("lean lol-html binding", () => {
  it("matches the installed html-rewriter-wasm", () => {
    expect(leanBindingSupported()).toBe(true);
  });

  it("hands handlers exactly what the package's own glue hands them, on every fixture page", async () => {
    expect(pages.length).toBeGreaterThanOrEqual(30);
    for (const p of pages) {
      const stock = await stockLog(p.bytes, p.bytes.length);
      expect(stock.length).toBeGreaterThan(50);
      expect(leanLog(p.bytes, p.bytes.length), p.name).toEqual(stock);
    }
  }, 120_000);

  it("gives the same events as the stock glue for any chunking, also with multi-byte characters split", async () => {
    const html = new TextEncoder().encode(
      '\ufeff<html lang="fr"><body><ul class="ingredients"><li data-é="ü" class="x">½ tasse crème fraîche 🍓</li><br><img src=a.png><li>日本語のテキスト &amp; more</li></ul><p>plain <b>bold</b></p></body></html>',
    );
    const stock = await stockLog(html, html.length);
    expect(stock.some((l) => l.includes("🍓"))).toBe(true);
    for (const chunk of [1, 2, 3, 7, 64]) expect(leanLog(html, chunk), `chunk ${chunk}`).toEqual(await stockLog(html, chunk));
    expect(leanLog(html, html.length)).toEqual(stock);
  });

  it("stops at a handler's error: the error comes out of write and the next rewriter works", () => {
    const rw = new LeanRewriter();
    const boom = new Error("boom");
    let seen = 0;
    rw.on("li", {
      element() {
        if (++seen === 2) throw boom;
      },
    });
    expect(() => rw.write(new TextEncoder().encode("<ul><li>a<li>b<li>c</ul>"))).toThrow(boom);
    rw.free();
    expect(seen).toBe(2);
    const log: Log = [];
    const next = new LeanRewriter();
    next.on("li", { text: (t) => void log.push(t.text) });
    next.write(new TextEncoder().encode("<li>ok</li>"));
    next.end();
    next.free();
    expect(log.join("")).toBe("ok");
  });

  it("refuses handlers that return a promise", () => {
    const rw = new LeanRewriter();
    rw.on("p", { element: (() => Promise.resolve()) as unknown as () => void });
    expect(() => rw.write(new TextEncoder().encode("<p>x</p>"))).toThrow(/synchronous/);
    rw.free();
  });

  it("throws for end tags of void elements, and the page goes on", () => {
    const seen: string[] = [];
    const rw = new LeanRewriter();
    rw.on("img, p", {
      element(el) {
        const tag = el.tagName;
        try {
          el.onEndTag(() => seen.push("/" + tag));
        } catch {
          seen.push("void " + tag);
        }
      },
    });
    rw.write(new TextEncoder().encode("<p><img src=x></p><p>y</p>"));
    rw.end();
    rw.free();
    expect(seen).toEqual(["void img", "/p", "/p"]);
  });

  it("keeps its memory flat over many pages, also when extractions stop early", async () => {
    const run = async () => {
      for (const p of pages) {
        const ex = createExtraction(p.url);
        await runPlanNode(ex.plan, p.bytes, 0, ex.done);
        if (ex.needsFallbackPass()) await runPlanNode(ex.fallbackPlan(), p.bytes);
        ex.finish();
      }
    };
    await run();
    const after1 = leanMemoryBytes();
    for (let i = 0; i < 5; i++) await run();
    expect(leanMemoryBytes()).toBe(after1);
  }, 120_000);

  it("extracts the same recipes as the package's own glue, also reading each page only until done", async () => {
    for (const p of pages) {
      const results = [];
      for (const binding of ["auto", "stock"] as const) {
        const ex = createExtraction(p.url);
        await runPlanNode(ex.plan, p.bytes, 0, ex.done, binding);
        if (ex.needsFallbackPass()) await runPlanNode(ex.fallbackPlan(), p.bytes, 0, undefined, binding);
        results.push(ex.finish());
      }
      expect(results[0], p.name).toEqual(results[1]);
    }
  }, 120_000);
});
