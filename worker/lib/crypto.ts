/**
 * Secrets and passwords. Runs in the Worker (nodejs_compat) and in Node (the CLI).
 * - Session, reset and edit tokens are stored only as SHA-256 (hex), @oslojs/crypto.
 * - Passwords: scrypt from node:crypto with N=2^14, r=8, p=5 (OWASP's equivalent of N=2^17,p=1,
 *   within workerd's N*r*p <= 2^20 cap), a 16-byte salt per hash and the parameters stored with it,
 *   so they can be raised later: `needsRehash` tells the sign-in to store a fresh hash
 *   (docs/decisions/0020-sign-in-and-sessions.md). PBKDF2 hashes made before are still
 *   verified (then rehashed).
 */
import { scrypt as scryptCallback } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, encodeBase64, encodeHexLowerCase } from "@oslojs/encoding";

export { constantTimeEqual };

const encoder = new TextEncoder();

export async function sha256Hex(value: string): Promise<string> {
  return encodeHexLowerCase(sha256(encoder.encode(value)));
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Today's parameters. Raising them makes every older hash be replaced at its owner's next sign-in. */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 5 };
const KEY_LENGTH = 32;
/** workerd refuses scrypt above N*r*p = 2^20; we refuse stored parameters beyond it too. */
const SCRYPT_COST_MAX = 2 ** 20;

function scrypt(password: string, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // 128*N*r bytes of memory (16 MiB today); maxmem leaves room above that.
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r }, (err, key) =>
      err ? reject(err) : resolve(new Uint8Array(key.buffer, key.byteOffset, key.byteLength)),
    );
  });
}

/** "scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>" */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await scrypt(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${encodeBase64(salt)}$${encodeBase64(hash)}`;
}

/** True when `password` matches `stored`. Unknown formats and empty hashes (OAuth-only accounts) never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    const parts = stored.split("$");
    const [scheme, ...fields] = parts;
    if (scheme === "scrypt" && fields.length === 5) {
      const [nText, rText, pText, salt = "", hash = ""] = fields;
      const [N, r, p] = [Number(nText), Number(rText), Number(pText)];
      if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N * r * p > SCRYPT_COST_MAX) return false;
      const expected = decodeBase64(hash);
      return constantTimeEqual(await scrypt(password, decodeBase64(salt), { N, r, p }), expected);
    }
    if (scheme === "pbkdf2_sha256" && fields.length === 3) {
      const [iterationsText, salt = "", hash = ""] = fields;
      const iterations = Number(iterationsText);
      if (!Number.isInteger(iterations) || iterations < 1 || iterations > 100_000) return false;
      return constantTimeEqual(await pbkdf2(password, decodeBase64(salt), iterations), decodeBase64(hash));
    }
  } catch {
    return false;
  }
  return false;
}

/** True when `stored` was made with another scheme or other parameters than today's. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parts = stored.split("$");
  return !(parts[0] === "scrypt" && Number(parts[1]) === params.N && Number(parts[2]) === params.r && Number(parts[3]) === params.p);
}

/** Legacy hashes (before decision 0020): PBKDF2-SHA256, verified only. */
async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}
