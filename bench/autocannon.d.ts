/** The part of autocannon (which ships no types) that bench/load.ts uses; see its README. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Client {
    requestIterator: { context: Record<string, unknown> };
  }

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send with a copy of the request and the connection's context (reset at every pass over `requests`). */
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    timeout?: number;
    pipelining?: number;
    requests?: Request[];
    initialContext?: Record<string, unknown>;
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }

  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(opts: Options): Instance;
  export default autocannon;
}
