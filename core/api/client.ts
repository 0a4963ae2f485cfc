/**
 * The typed API client (docs/product/api.md) for the web app and, later, the browser extension. Platform-free:
 * the caller injects `fetch` and a token getter. Every call sends JSON when it has a body, includes
 * cookies, adds `Authorization: Bearer <token>` when the getter returns one, and parses the answer
 * with its zod schema, so no component parses responses by hand.
 *
 * A non-OK answer throws ApiError whose message is "status: response text" (or the status text
 * when the body is empty), docs/product/messages.md; the parsed problem+json body rides along.
 */
import { z } from "zod";
import {
  AuthResponseSchema,
  ClaimResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  ProvidersResponseSchema,
  ResetPasswordResponseSchema,
  SessionListResponseSchema,
  VerifyResetTokenResponseSchema,
  type ChangePasswordRequest,
  type ClaimInput,
  type ExtensionSessionRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type UpdateProfileRequest,
  type User,
} from "./auth.ts";
import { AdminStatsSchema, AdminUsersResponseSchema, type AdminUsersQuery } from "./admin.ts";
import { AdminContactMessagesResponseSchema, ContactResponseSchema, type AdminContactQuery, type ContactRequest } from "./contact.ts";
import { ApiError, ApiShapeError, EDIT_TOKEN_HEADER, parseRetryAfter, type Problem } from "./errors.ts";
import { EmailListResponseSchema, type EmailListRequest } from "./email.ts";
import {
  FavoriteListsResponseSchema,
  FavoriteRecipesResponseSchema,
  FavoriteStateSchema,
  HistoryResponseSchema,
  type HistoryQuery,
} from "./favorites.ts";
import {
  DemoOrderSchema,
  GroceryOrderResultSchema,
  GroceryPreferencesSchema,
  StoreSearchResultSchema,
  type CreateGroceryOrderRequest,
} from "./grocery.ts";
import { ListChangesResponseSchema, ShoppingListSchema, type CreateShoppingListRequest } from "./lists.ts";
import { ListShareSchema, ListSharesSchema, SharedListSchema } from "./shares.ts";
import type { ListChangesRequest } from "./shopping.ts";
import { StapleStateSchema, StaplesResponseSchema, type AddStapleRequest } from "./staples.ts";
import { RecipeSchema, type ManualRecipeRequest, type ParseRecipeRequest, type UpdateRecipeRequest } from "./recipes.ts";

/** The problem+json body every non-2xx answer carries (worker/http/problem.ts). */
export const ProblemSchema = z
  .object({
    code: z.string().optional(),
    title: z.string().optional(),
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  })
  .passthrough();
export { ApiError, ApiShapeError, EDIT_TOKEN_HEADER, type Problem } from "./errors.ts";

/**
 * The slice of the Fetch API the client needs, stated structurally: core/ is platform-free
 * (tsconfig.core.json has no DOM types), and every runtime's fetch fits this shape.
 */
export interface FetchInit {
  method: string;
  credentials: "include" | "omit";
  headers: Record<string, string>;
  body?: string;
  signal?: unknown;
  /** Set on DELETE: a removal sent as the page goes away (a toast's deferred delete) still arrives. */
  keepalive?: boolean;
}
export interface FetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  /** Read for Retry-After on a refused call; a fetch without headers is fine. */
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (input: string, init: FetchInit) => Promise<FetchResponse>;

export interface ApiClientOptions {
  fetch: FetchLike;
  /** The stored session token (auth_token), or null. Read on every call. */
  getToken?: () => string | null;
  /** Prefix for paths ("" in the web app; the site origin in the extension). */
  baseUrl?: string;
  /**
   * "include" (default): the web app's cookie session rides along. The browser extension uses
   * "omit": it signs in with its bearer token only, so a cross-origin call never carries cookies.
   */
  credentials?: "include" | "omit";
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Per-call extras: abort signal, and an edit token for things made while signed out (decision 0082). */
export interface CallOptions {
  /** An AbortSignal. */
  signal?: unknown;
  editToken?: string | null;
}

const enc = encodeURIComponent;

export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl ?? "";

  async function send(method: Method, path: string, body: unknown, opts: CallOptions): Promise<FetchResponse> {
    const hasBody = body !== undefined;
    const headers: Record<string, string> = { accept: "application/json" };
    if (hasBody) headers["content-type"] = "application/json";
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.editToken) headers[EDIT_TOKEN_HEADER] = opts.editToken;
    const res = await options.fetch(base + path, {
      method,
      credentials: options.credentials ?? "include",
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: opts.signal,
      ...(method === "DELETE" ? { keepalive: true } : {}),
    });
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      const retryAfter = parseRetryAfter(res.headers?.get("retry-after"), Date.now());
      throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseProblem(text, res.status), retryAfter);
    }
    return res;
  }

  /** Calls and parses the JSON answer with `schema`. */
  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
    opts: CallOptions = {},
  ): Promise<z.infer<S>> {
    const res = await send(method, path, body, opts);
    const text = await res.text();
    let value: unknown;
    try {
      value = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiShapeError(path, "not JSON");
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ApiShapeError(path, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    return parsed.data;
  }

  /** Calls an endpoint that answers 204 (or anything we do not read). */
  async function callVoid(method: Method, path: string, body?: unknown, opts: CallOptions = {}): Promise<void> {
    const res = await send(method, path, body, opts);
    await res.text().catch(() => "");
  }

  return {
    auth: {
      /** docs/product/api.md: the current user, or null when signed out (a 401 means null). */
      async me(opts?: CallOptions): Promise<User | null> {
        try {
          return (await call("GET", "/api/auth/me", MeResponseSchema, undefined, opts)).user;
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return null;
          throw err;
        }
      },
      login: (body: LoginRequest) => call("POST", "/api/auth/login", AuthResponseSchema, body),
      register: (body: RegisterRequest) => call("POST", "/api/auth/register", AuthResponseSchema, body),
      logout: () => callVoid("POST", "/api/auth/logout", {}),
      /** A new session for the browser extension (the signed-in web app's connect page). */
      extensionSession: (body: ExtensionSessionRequest) => call("POST", "/api/auth/extension-session", AuthResponseSchema, body),
      forgotPassword: (body: ForgotPasswordRequest) => call("POST", "/api/auth/forgot-password", MessageResponseSchema, body),
      verifyResetToken: (token: string) => call("GET", `/api/auth/verify-reset-token?token=${enc(token)}`, VerifyResetTokenResponseSchema),
      resetPassword: (body: ResetPasswordRequest) => call("POST", "/api/auth/reset-password", ResetPasswordResponseSchema, body),
      providers: () => call("GET", "/api/auth/providers", ProvidersResponseSchema),
      sessions: () => call("GET", "/api/auth/sessions", SessionListResponseSchema),
      revokeSession: (id: string) => callVoid("DELETE", `/api/auth/sessions/${enc(id)}`),
      revokeOtherSessions: () => callVoid("DELETE", "/api/auth/sessions"),
    },
    users: {
      updateMe: (body: UpdateProfileRequest) => call("PUT", "/api/users/me", MeResponseSchema, body),
      changePassword: (body: ChangePasswordRequest) => callVoid("PUT", "/api/users/me/password", body),
      claim: (body: ClaimInput) => call("POST", "/api/users/me/claim", ClaimResponseSchema, body),
      /** The caller's shopping lists, newest first; `search` matches list name, ingredient or recipe title. */
      shoppingLists: (query: HistoryQuery = {}, opts?: CallOptions) =>
        call("GET", `/api/users/me/shopping-lists${queryString(query)}`, HistoryResponseSchema, undefined, opts),
    },
    favorites: {
      recipes: (opts?: CallOptions) => call("GET", "/api/users/me/favorites/recipes", FavoriteRecipesResponseSchema, undefined, opts),
      lists: (opts?: CallOptions) => call("GET", "/api/users/me/favorites/lists", FavoriteListsResponseSchema, undefined, opts),
      /**
       * Idempotent. Pass the recipe's edit token when this browser made it signed out: it becomes the
       * user's (decision 0120). The answer's id is the recipe now in the favourites.
       */
      addRecipe: (id: string, opts?: CallOptions) => call("POST", `/api/recipes/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
      removeRecipe: (id: string, opts?: CallOptions) =>
        call("DELETE", `/api/recipes/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
      addList: (id: string, opts?: CallOptions) =>
        call("POST", `/api/shopping-lists/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
      removeList: (id: string, opts?: CallOptions) =>
        call("DELETE", `/api/shopping-lists/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
    },
    /** A signed-in user's own pantry staples (decision 0119). */
    staples: {
      list: (opts?: CallOptions) => call("GET", "/api/users/me/staples", StaplesResponseSchema, undefined, opts),
      /** `{item}` is parsed to its item key like an item typed on a list; `{key}` is an exact key. Idempotent. */
      add: (body: AddStapleRequest, opts?: CallOptions) => call("POST", "/api/users/me/staples", StapleStateSchema, body, opts),
      remove: (key: string, opts?: CallOptions) => call("DELETE", `/api/users/me/staples/${enc(key)}`, StapleStateSchema, undefined, opts),
      /** Every built-in staple on or off for the user. */
      setBuiltIn: (on: boolean, opts?: CallOptions) => call("PUT", "/api/users/me/staples/built-in", StaplesResponseSchema, { on }, opts),
    },
    admin: {
      stats: (opts?: CallOptions) => call("GET", "/api/admin/stats", AdminStatsSchema, undefined, opts),
      users: (query: AdminUsersQuery = {}, opts?: CallOptions) =>
        call("GET", `/api/admin/users${queryString(query)}`, AdminUsersResponseSchema, undefined, opts),
      deleteUser: (id: string, opts?: CallOptions) => callVoid("DELETE", `/api/admin/users/${enc(id)}`, undefined, opts),
      contactMessages: (query: AdminContactQuery = {}, opts?: CallOptions) =>
        call("GET", `/api/admin/contact-messages${queryString(query)}`, AdminContactMessagesResponseSchema, undefined, opts),
    },
    contact: {
      /** The contact form: stored, and mailed to the support address (decision 0136). */
      send: (body: ContactRequest, opts?: CallOptions) => call("POST", "/api/contact", ContactResponseSchema, body, opts),
    },
    recipes: {
      parse: (body: ParseRecipeRequest, opts?: CallOptions) => call("POST", "/api/recipes/parse", RecipeSchema, body, opts),
      manual: (body: ManualRecipeRequest, opts?: CallOptions) => call("POST", "/api/recipes/manual", RecipeSchema, body, opts),
      get: (id: string, opts?: CallOptions) => call("GET", `/api/recipes/${enc(id)}`, RecipeSchema, undefined, opts),
      update: (id: string, body: UpdateRecipeRequest, opts?: CallOptions) =>
        call("PUT", `/api/recipes/${enc(id)}`, RecipeSchema, body, opts),
      remove: (id: string, opts?: CallOptions) => callVoid("DELETE", `/api/recipes/${enc(id)}`, undefined, opts),
    },
    lists: {
      create: (body: CreateShoppingListRequest, opts?: CallOptions) => call("POST", "/api/shopping-lists", ShoppingListSchema, body, opts),
      get: (id: string, opts?: CallOptions) => call("GET", `/api/shopping-lists/${enc(id)}`, ShoppingListSchema, undefined, opts),
      remove: (id: string, opts?: CallOptions) => callVoid("DELETE", `/api/shopping-lists/${enc(id)}`, undefined, opts),
      removeItem: (id: string, itemId: string, opts?: CallOptions) =>
        callVoid("DELETE", `/api/shopping-lists/${enc(id)}/items/${enc(itemId)}`, undefined, opts),
      /** Shopping-mode changes (ticks, added items, edits, moves, staples); `units` as in GET. */
      changes: (id: string, body: ListChangesRequest, opts?: CallOptions & { units?: string }) =>
        call(
          "POST",
          `/api/shopping-lists/${enc(id)}/changes${opts?.units ? `?units=${enc(opts.units)}` : ""}`,
          ListChangesResponseSchema,
          body,
          opts,
        ),
    },
    grocery: {
      searchStores: (provider: string, zip: string) =>
        call("GET", `/api/grocery/${enc(provider)}/stores/search?zip=${enc(zip)}`, StoreSearchResultSchema),
      preferences: (provider: string) => call("GET", `/api/grocery/${enc(provider)}/preferences`, GroceryPreferencesSchema),
      order: (listId: string, body: CreateGroceryOrderRequest) =>
        call("POST", `/api/shopping-lists/${enc(listId)}/grocery-order`, GroceryOrderResultSchema, body),
      demoOrder: (orderId: string) => call("GET", `/api/grocery/demo-orders/${enc(orderId)}`, DemoOrderSchema),
    },
    email: {
      list: (listId: string, body: EmailListRequest) =>
        call("POST", `/api/shopping-lists/${enc(listId)}/email`, EmailListResponseSchema, body),
    },
    /** Read-only share links (decision 0116): create, list and revoke need the right to change the list. */
    shares: {
      /** The list's live share link, made now unless it already had one. */
      create: (listId: string, opts?: CallOptions) =>
        call("POST", `/api/shopping-lists/${enc(listId)}/shares`, ListShareSchema, undefined, opts),
      list: (listId: string, opts?: CallOptions) =>
        call("GET", `/api/shopping-lists/${enc(listId)}/shares`, ListSharesSchema, undefined, opts),
      revoke: (listId: string, shareId: string, opts?: CallOptions) =>
        callVoid("DELETE", `/api/shopping-lists/${enc(listId)}/shares/${enc(shareId)}`, undefined, opts),
      /** The shared list as anyone holding the link reads it; `units` as in the list GET. */
      get: (shareId: string, opts?: CallOptions & { units?: string }) =>
        call("GET", `/api/shares/${enc(shareId)}${opts?.units ? `?units=${enc(opts.units)}` : ""}`, SharedListSchema, undefined, opts),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** "?a=1&b=x" from the defined, non-empty values ("" when none). */
function queryString(query: { [key: string]: string | number | undefined | null }): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    parts.push(`${enc(key)}=${enc(String(value))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function parseProblem(text: string, status: number): Problem | null {
  if (!text) return null;
  try {
    const parsed = ProblemSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ...parsed.data, status } : null;
  } catch {
    return null;
  }
}
