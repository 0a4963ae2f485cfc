/**
 * Unguessable identifiers: 128 random bits from the platform CSPRNG, base64url (22 characters).
 * Used for every id a user can see or share (recipes, lists, items).
 */
export function newId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return toBase64Url(bytes);
}

/** A longer secret (256 bits) for session and reset tokens. */
export function newToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toBase64Url(bytes);
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** True when `id` looks like one of our ids (cheap shape check before touching the database). */
export function isWellFormedId(id: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(id);
}
