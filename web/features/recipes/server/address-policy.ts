import { defined } from "../../../../core/lib/invariant.ts";
/**
 * Which URLs the server may fetch on a user's behalf (SSRF guard for recipe import).
 *
 * The URL is first canonicalised by the WHATWG URL parser, which already turns every IPv4
 * spelling (2130706433, 0x7f000001, 0177.0.0.1, 127.1, "127.0.0.1.", percent-encoded and
 * full-width digits) into a dotted quad and every IPv6 literal into its compressed form. The
 * rules then look only at that canonical host. A Worker cannot resolve DNS, so a public-looking
 * hostname is allowed: see docs/decisions/0012-server-fetch.md.
 */

export type AddressVerdict = { ok: true; url: URL } | { ok: false; code: "invalid_url" | "blocked_address"; message: string };

export interface AddressPolicyOptions {
  /**
   * Let plain loopback through (127.0.0.0/8, ::1, localhost, *.localhost) on any port. Local
   * testing only (RECIPECART_ALLOW_LOOPBACK_FETCH="1"); never private ranges, and never loopback
   * hidden in another form (IPv4-mapped, NAT64...).
   */
  allowLoopback?: boolean;
}

/** Longest URL accepted, in characters (also the API limit). */
export const MAX_URL_LENGTH = 2048;

const BLOCKED_MESSAGE = "That address points to a private or internal network, which recipecart does not fetch.";

/**
 * Checks a URL the server is about to fetch (the user's URL and every redirect target).
 *
 * @example
 * checkFetchUrl("http://0x7f000001/") // { ok: false, code: "blocked_address", ... }
 * checkFetchUrl("https://example.com/soup") // { ok: true, url: URL }
 */
export function checkFetchUrl(input: string | URL, options: AddressPolicyOptions = {}): AddressVerdict {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    return { ok: false, code: "invalid_url", message: "That is not a valid web address." };
  }
  if (url.href.length > MAX_URL_LENGTH) {
    return { ok: false, code: "invalid_url", message: `The address is longer than ${MAX_URL_LENGTH} characters.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, code: "invalid_url", message: "Only http and https addresses can be imported." };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, code: "invalid_url", message: "Addresses with a user name or password are not fetched." };
  }
  const host = url.hostname;
  if (host === "") return { ok: false, code: "invalid_url", message: "The address has no host." };

  const kind = classifyHost(host);
  const loopbackAllowed = options.allowLoopback === true && kind === "loopback";
  if (kind !== "public" && !loopbackAllowed) {
    return { ok: false, code: "blocked_address", message: BLOCKED_MESSAGE };
  }
  // The WHATWG parser drops a default port ("https://a.com:443" has port ""). 80 and 443 are
  // accepted with either scheme; any other port only for the local loopback allowance.
  if (url.port !== "" && url.port !== "80" && url.port !== "443" && !loopbackAllowed) {
    return { ok: false, code: "invalid_url", message: "Only the standard web ports (80 and 443) can be fetched." };
  }
  url.hash = "";
  return { ok: true, url };
}

/** What a canonical URL host (as in `URL.hostname`) points at. */
export type HostKind = "public" | "loopback" | "blocked";

/**
 * Classifies a canonical host: an IPv4 dotted quad, a bracketed IPv6 literal, or a name.
 * "loopback" is only ever the plain forms 127.0.0.0/8, [::1], localhost and *.localhost.
 */
export function classifyHost(hostname: string): HostKind {
  const host = hostname.toLowerCase();
  if (host.startsWith("[")) {
    const words = parseIpv6(host.slice(1, -1));
    if (!words) return "blocked";
    return classifyIpv6(words);
  }
  const v4 = parseIpv4(host);
  if (v4 !== null) return classifyIpv4(v4);
  return classifyName(host);
}

// ---------------------------------------------------------------------------------------------
// Names

/**
 * Suffixes that never name a public site: RFC 6761/6762 special-use names, the provider
 * metadata names (metadata.google.internal) and the private TLDs of RFC 6762 appendix G.
 */
const INTERNAL_SUFFIXES = [
  "internal",
  "local",
  "localdomain",
  "home.arpa",
  "arpa",
  "intranet",
  "private",
  "corp",
  "home",
  "lan",
  "test",
  "invalid",
  "example",
  "onion",
];

/** Single well-known internal host names. */
const INTERNAL_NAMES = new Set(["metadata", "instance-data", "kubernetes", "wpad"]);

function classifyName(host: string): HostKind {
  const name = host.replace(/\.+$/, "");
  if (name === "") return "blocked";
  if (name === "localhost" || name.endsWith(".localhost")) return "loopback";
  if (INTERNAL_NAMES.has(name)) return "blocked";
  // A single label ("intranet-wiki") is resolved through search domains to an internal host.
  if (!name.includes(".")) return "blocked";
  for (const suffix of INTERNAL_SUFFIXES) {
    if (name === suffix || name.endsWith(`.${suffix}`)) return "blocked";
  }
  // An all-numeric last label that the URL parser did not take as IPv4 is not a real name.
  if (/^[0-9]+$/.test(name.slice(name.lastIndexOf(".") + 1))) return "blocked";
  return "public";
}

// ---------------------------------------------------------------------------------------------
// IPv4

/** Dotted quad -> unsigned 32-bit number, or null when not exactly four decimal parts. */
function parseIpv4(host: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  let n = 0;
  for (let i = 1; i <= 4; i++) {
    const part = Number(m[i]);
    if (part > 255) return null;
    n = n * 256 + part;
  }
  return n;
}

/** [network, prefix length] blocks that are not public unicast (IANA special-purpose registry). */
const IPV4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, incl. broadcast 255.255.255.255
];

const IPV4_BLOCKS = IPV4_BLOCKED.map(([net, bits]) => ({ net: defined(parseIpv4(net), `the IPv4 block ${net}`), bits }));

function inV4Block(ip: number, net: number, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(ip / size) === Math.floor(net / size);
}

function classifyIpv4(ip: number): HostKind {
  if (inV4Block(ip, 0x7f000000, 8)) return "loopback";
  for (const b of IPV4_BLOCKS) if (inV4Block(ip, b.net, b.bits)) return "blocked";
  return "public";
}

/** An IPv4 address hidden inside IPv6 is judged as IPv4, but its loopback never counts as "plain". */
function classifyEmbeddedIpv4(ip: number): HostKind {
  const kind = classifyIpv4(ip);
  return kind === "loopback" ? "blocked" : kind;
}

// ---------------------------------------------------------------------------------------------
// IPv6

/** IPv6 text (no brackets, no zone) -> 8 16-bit words, or null. Accepts an embedded dotted quad. */
export function parseIpv6(text: string): number[] | null {
  if (text.includes("%")) return null;
  let s = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [, lead = "", quad = ""] = dotted;
    const v4 = parseIpv4(quad);
    if (v4 === null) return null;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    s = lead.endsWith("::") ? lead : lead.slice(0, -1);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const toWords = (part: string) => (part === "" ? [] : part.split(":"));
  const [first = "", second] = halves;
  const head = toWords(first);
  const rest = second === undefined ? [] : toWords(second);
  const words: number[] = [];
  for (const w of [...head, ...rest]) {
    if (!/^[0-9a-f]{1,4}$/.test(w)) return null;
  }
  const given = head.length + rest.length + tail.length;
  if (halves.length === 1 && given !== 8) return null;
  if (halves.length === 2 && given > 7) return null;
  for (const w of head) words.push(parseInt(w, 16));
  if (halves.length === 2) for (let i = 0; i < 8 - given; i++) words.push(0);
  for (const w of rest) words.push(parseInt(w, 16));
  words.push(...tail);
  return words.length === 8 ? words : null;
}

function classifyIpv6(w: number[]): HostKind {
  const [a, b, c, d, e, f, g, h] = w as [number, number, number, number, number, number, number, number];
  const zeros = (n: number) => w.slice(0, n).every((x) => x === 0);
  const v4 = g * 65536 + h;
  if (zeros(7) && h === 1) return "loopback"; // ::1
  if (zeros(8)) return "blocked"; // :: unspecified
  if (zeros(5) && f === 0xffff) return classifyEmbeddedIpv4(v4); // ::ffff:a.b.c.d IPv4-mapped
  if (zeros(4) && e === 0xffff && f === 0) return classifyEmbeddedIpv4(v4); // ::ffff:0:a.b.c.d IPv4-translated
  if (zeros(6)) return "blocked"; // ::a.b.c.d IPv4-compatible (deprecated; never public)
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) {
    return classifyEmbeddedIpv4(v4); // 64:ff9b::/96 NAT64
  }
  if (a === 0x64 && b === 0xff9b && c === 1) return "blocked"; // 64:ff9b:1::/48 local-use NAT64
  if (a === 0x2002) return classifyEmbeddedIpv4(b * 65536 + c); // 6to4 2002:V4ADDR::/48
  if (a === 0x2001 && b === 0) return "blocked"; // Teredo 2001::/32
  if (a === 0x2001 && b === 0xdb8) return "blocked"; // documentation
  if (a === 0x3fff && b < 0x1000) return "blocked"; // documentation 3fff::/20
  if (a === 0x100 && b === 0 && c === 0 && d === 0) return "blocked"; // discard-only 100::/64
  if ((a & 0xfe00) === 0xfc00) return "blocked"; // fc00::/7 unique-local
  if ((a & 0xffc0) === 0xfe80) return "blocked"; // fe80::/10 link-local
  if ((a & 0xffc0) === 0xfec0) return "blocked"; // fec0::/10 old site-local
  if ((a & 0xff00) === 0xff00) return "blocked"; // ff00::/8 multicast
  if ((a & 0xe000) !== 0x2000) return "blocked"; // outside 2000::/3 global unicast: reserved
  return "public";
}
