/**
 * The few Web APIs core/ may use: present in every runtime it targets (Workers, browsers,
 * Node). Declared here, rather than pulling in the DOM or WebWorker library, so that
 * tsconfig.core.json still rejects fetch, document, HTMLRewriter, process and the rest.
 */
declare class URL {
  constructor(url: string, base?: string | URL);
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
  static canParse(url: string, base?: string): boolean;
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
  forEach(cb: (value: string, key: string) => void): void;
  toString(): string;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

/** Base64 -> binary string (tagger-model.ts decodes the weights with it, with a plain fallback). */
declare function atob(data: string): string;
