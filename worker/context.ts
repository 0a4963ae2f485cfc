import { createContext } from "react-router";

/** Per-request values the Worker hands to React Router loaders and entry.server. */
export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
}

export const cloudflareContext = createContext<CloudflareContext>();
