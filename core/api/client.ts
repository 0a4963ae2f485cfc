/**
 * The typed API client (docs/product/api.md) for the web app and, later, the browser extension. Platform-free:
 * the caller injects `fetch` and a token getter. Every call sends JSON when it has a body, includes
 * cookies, adds `Authorization: Bearer <token>` when the getter returns one, and parses the answer
 * with its zod schema, so no component parses responses by hand. The transport is core/api/transport.ts;
 * the lists group is core/api/lists-client.ts, usable alone (decision 0017).
 *
 * A non-OK answer throws ApiError whose message is "status: response text" (or the status text
 * when the body is empty), docs/product/messages.md; the parsed problem+json body rides along.
 */
import {
  AuthResponseSchema,
  ExtensionSessionResponseSchema,
  ClaimResponseSchema,
  EmailVerificationStateSchema,
  MeResponseSchema,
  MessageResponseSchema,
  ProvidersResponseSchema,
  ResetPasswordResponseSchema,
  SessionListResponseSchema,
  VerifyEmailLinkResponseSchema,
  VerifyEmailResponseSchema,
  VerifyResetTokenResponseSchema,
  type ChangePasswordRequest,
  type ClaimInput,
  type ExtensionSessionRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type UndoEmailChangeRequest,
  UndoEmailChangeResponseSchema,
  type UpdateProfileRequest,
  type User,
} from "./auth.ts";
import { AdminStatsSchema, AdminUsersResponseSchema, type AdminUsersQuery } from "./admin.ts";
import { AdminContactMessagesResponseSchema, ContactResponseSchema, type AdminContactQuery, type ContactRequest } from "./contact.ts";
import { EmailListResponseSchema, OptOutStateSchema, type EmailListRequest } from "./email.ts";
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
import { ApiError } from "./errors.ts";
import { listsGroup } from "./lists-client.ts";
import { ListShareSchema, ListSharesSchema, SharedListSchema } from "./shares.ts";
import { StapleStateSchema, StaplesResponseSchema, type AddStapleRequest } from "./staples.ts";
import { RecipeSchema, type ManualRecipeRequest, type ParseRecipeRequest, type UpdateRecipeRequest } from "./recipes.ts";
import { type ApiClientOptions, type CallOptions, createTransport, enc, queryString } from "./transport.ts";

export { ApiError, ApiShapeError, EDIT_TOKEN_HEADER, type Problem } from "./errors.ts";
export {
  type ApiClientOptions,
  type CallOptions,
  type FetchInit,
  type FetchLike,
  type FetchResponse,
  type Method,
  ProblemSchema,
} from "./transport.ts";

export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  const { call, callVoid } = transport;

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
      extensionSession: (body: ExtensionSessionRequest) =>
        call("POST", "/api/auth/extension-session", ExtensionSessionResponseSchema, body),
      forgotPassword: (body: ForgotPasswordRequest) => call("POST", "/api/auth/forgot-password", MessageResponseSchema, body),
      verifyResetToken: (token: string) => call("GET", `/api/auth/verify-reset-token?token=${enc(token)}`, VerifyResetTokenResponseSchema),
      resetPassword: (body: ResetPasswordRequest) => call("POST", "/api/auth/reset-password", ResetPasswordResponseSchema, body),
      /** The confirmation link of an account's address (decision 0044): still good? */
      verifyEmailLink: (token: string) => call("GET", `/api/auth/verify-email?token=${enc(token)}`, VerifyEmailLinkResponseSchema),
      verifyEmail: (token: string) => call("POST", "/api/auth/verify-email", VerifyEmailResponseSchema, { token }),
      /** The old address's 'undo' of an e-mail change (the link in the mail it got). */
      undoEmailChange: (body: UndoEmailChangeRequest) => call("POST", "/api/auth/email-change/undo", UndoEmailChangeResponseSchema, body),
      providers: () => call("GET", "/api/auth/providers", ProvidersResponseSchema),
      sessions: () => call("GET", "/api/auth/sessions", SessionListResponseSchema),
      revokeSession: (id: string) => callVoid("DELETE", `/api/auth/sessions/${enc(id)}`),
      revokeOtherSessions: () => callVoid("DELETE", "/api/auth/sessions"),
    },
    users: {
      updateMe: (body: UpdateProfileRequest) => call("PUT", "/api/users/me", MeResponseSchema, body),
      changePassword: (body: ChangePasswordRequest) => callVoid("PUT", "/api/users/me/password", body),
      claim: (body: ClaimInput) => call("POST", "/api/users/me/claim", ClaimResponseSchema, body),
      /** Whether the account's address is confirmed (decision 0044); `sendEmailVerification` mails a new link. */
      emailVerification: (opts?: CallOptions) =>
        call("GET", "/api/users/me/email-verification", EmailVerificationStateSchema, undefined, opts),
      sendEmailVerification: () => call("POST", "/api/users/me/email-verification", EmailVerificationStateSchema, {}),
      /** The caller's shopping lists, newest first; `search` matches list name, ingredient or recipe title. */
      shoppingLists: (query: HistoryQuery = {}, opts?: CallOptions) =>
        call("GET", `/api/users/me/shopping-lists${queryString(query)}`, HistoryResponseSchema, undefined, opts),
    },
    favorites: {
      recipes: (opts?: CallOptions) => call("GET", "/api/users/me/favorites/recipes", FavoriteRecipesResponseSchema, undefined, opts),
      lists: (opts?: CallOptions) => call("GET", "/api/users/me/favorites/lists", FavoriteListsResponseSchema, undefined, opts),
      /**
       * Idempotent. Pass the recipe's edit token when this browser made it signed out: it becomes the
       * user's (decision 0032). The answer's id is the recipe now in the favourites.
       */
      addRecipe: (id: string, opts?: CallOptions) => call("POST", `/api/recipes/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
      removeRecipe: (id: string, opts?: CallOptions) =>
        call("DELETE", `/api/recipes/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
      addList: (id: string, opts?: CallOptions) =>
        call("POST", `/api/shopping-lists/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
      removeList: (id: string, opts?: CallOptions) =>
        call("DELETE", `/api/shopping-lists/${enc(id)}/favorite`, FavoriteStateSchema, undefined, opts),
    },
    /** A signed-in user's own pantry staples (decision 0028). */
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
      /** The contact form: stored, and mailed to the support address (decision 0021). */
      send: (body: ContactRequest, opts?: CallOptions) => call("POST", "/api/contact", ContactResponseSchema, body, opts),
    },
    recipes: {
      parse: (body: ParseRecipeRequest, opts?: CallOptions) => call("POST", "/api/recipes/parse", RecipeSchema, body, opts),
      manual: (body: ManualRecipeRequest, opts?: CallOptions) => call("POST", "/api/recipes/manual", RecipeSchema, body, opts),
      get: (id: string, opts?: CallOptions) => call("GET", `/api/recipes/${enc(id)}`, RecipeSchema, undefined, opts),
      update: (id: string, body: UpdateRecipeRequest, opts?: CallOptions) =>
        call("PUT", `/api/recipes/${enc(id)}`, RecipeSchema, body, opts),
      remove: (id: string, opts?: CallOptions) => callVoid("DELETE", `/api/recipes/${enc(id)}`, undefined, opts),
      /** 'Refresh from the site': the recipe fetched again from its page, same id. */
      refresh: (id: string, opts?: CallOptions) => call("POST", `/api/recipes/${enc(id)}/refresh`, RecipeSchema, undefined, opts),
    },
    lists: listsGroup(transport),
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
      /** A list mail's 'Don't send me lists' link (decision 0044): its state, stop, start again. */
      optOutState: (token: string) => call("GET", `/api/mail/opt-out/${enc(token)}`, OptOutStateSchema),
      optOut: (token: string) => call("POST", `/api/mail/opt-out/${enc(token)}`, OptOutStateSchema, {}),
      optBackIn: (token: string) => call("DELETE", `/api/mail/opt-out/${enc(token)}`, OptOutStateSchema, {}),
    },
    /** Read-only share links (decision 0031): create, list and revoke need the right to change the list. */
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
