/** Helpers for integration tests of signed-in and admin routes: users with sessions, JSON calls. */
import { exports, env } from "cloudflare:workers";
import { createDb } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { newId, newToken } from "../lib/ids.ts";

export const db = createDb(env.DB);

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A user with a live session (bearer token), optionally an admin, optionally with a confirmed address (decision 0044). */
export async function addUser(
  options: { admin?: boolean; email?: string; firstName?: string; lastName?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const id = newId();
  const token = newToken();
  const email = options.email ?? `${id.toLowerCase()}@example.test`;
  await db.insert(users).values({
    id,
    email,
    passwordHash: "x",
    isAdmin: options.admin ?? false,
    firstName: options.firstName ?? "",
    lastName: options.lastName ?? "",
    emailVerifiedAt: options.verified ? new Date() : null,
  });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, email, token };
}

export interface CallOptions {
  method?: string;
  /** Who calls: a user (bearer token) or nobody. */
  as?: TestUser | null;
  body?: unknown;
  editToken?: string;
  /** More request headers (a WebSocket upgrade, an Origin). */
  headers?: Record<string, string>;
}

/** Calls the Worker's API; the body is sent as JSON. */
export function api(path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as) headers.authorization = `Bearer ${options.as.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.editToken) headers["x-edit-token"] = options.editToken;
  return exports.default.fetch(`http://localhost${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** Calls and reads the JSON answer, failing with the body when the status is not `status`. */
export async function apiJson<T>(path: string, options: CallOptions = {}, status = 200): Promise<T> {
  const res = await api(path, options);
  const text = await res.text();
  if (res.status !== status) throw new Error(`${options.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A recipe typed in by hand through the API; signed out it comes with its edit token. */
export function manualRecipe(title: string, ingredients: string[], as: TestUser | null = null) {
  return apiJson<{ id: string; editToken?: string; userId: string | null }>(
    "/api/recipes/manual",
    { method: "POST", as, body: { title, ingredients } },
    201,
  );
}

/** A shopping list built through the API. */
export function makeList(name: string, recipeIds: string[], as: TestUser | null = null) {
  return apiJson<{ id: string; editToken?: string; ingredients: Record<string, { id: string; name: string }[]> }>(
    "/api/shopping-lists",
    { method: "POST", as, body: { name, recipeIds } },
    201,
  );
}
