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
  authEndpoints,
  userEndpoints,
  type ChangePasswordRequest,
  type ClaimInput,
  type ExtensionSessionRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type UndoEmailChangeRequest,
  type UpdateProfileRequest,
  type User,
} from "./auth.ts";
import { contactEndpoints, type ContactRequest } from "./contact.ts";
import { emailEndpoints, type EmailListRequest } from "./email.ts";
import { type CallInput, callEndpoint, type Endpoint } from "./endpoint.ts";
import { favoriteEndpoints, type HistoryQuery } from "./favorites.ts";
import { ApiError } from "./errors.ts";
import { listsGroup } from "./lists-client.ts";
import { stapleEndpoints, type AddStapleRequest } from "./staples.ts";
import { recipeEndpoints, type ManualRecipeRequest, type ParseRecipeRequest, type UpdateRecipeRequest } from "./recipes.ts";
import { type ApiClientOptions, type CallOptions, createTransport } from "./transport.ts";

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
  const send = <E extends Endpoint>(ep: E, input: CallInput<E>, opts?: CallOptions) => callEndpoint(transport, ep, input, opts);
  const auth = authEndpoints;
  const users = userEndpoints;
  const favorites = favoriteEndpoints;
  const staples = stapleEndpoints;
  const recipes = recipeEndpoints;

  return {
    auth: {
      /** docs/product/api.md: the current user, or null when signed out (a 401 means null). */
      async me(opts?: CallOptions): Promise<User | null> {
        try {
          return (await send(auth.me, {}, opts)).user;
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return null;
          throw err;
        }
      },
      login: (body: LoginRequest) => send(auth.login, { body }),
      register: (body: RegisterRequest) => send(auth.register, { body }),
      logout: () => send(auth.logout, { body: {} }),
      /** A new session for the browser extension (the signed-in web app's connect page). */
      extensionSession: (body: ExtensionSessionRequest) => send(auth.extensionSession, { body }),
      forgotPassword: (body: ForgotPasswordRequest) => send(auth.forgotPassword, { body }),
      verifyResetToken: (token: string) => send(auth.verifyResetToken, { query: { token } }),
      resetPassword: (body: ResetPasswordRequest) => send(auth.resetPassword, { body }),
      /** The confirmation link of an account's address (decision 0044): still good? */
      verifyEmailLink: (token: string) => send(auth.verifyEmailLink, { query: { token } }),
      verifyEmail: (token: string) => send(auth.verifyEmail, { body: { token } }),
      /** The old address's 'undo' of an e-mail change (the link in the mail it got). */
      undoEmailChange: (body: UndoEmailChangeRequest) => send(auth.undoEmailChange, { body }),
      providers: () => send(auth.providers, {}),
      sessions: () => send(auth.sessions, {}),
      revokeSession: (id: string) => send(auth.revokeSession, { params: { id } }),
      revokeOtherSessions: () => send(auth.revokeOtherSessions, {}),
    },
    users: {
      updateMe: (body: UpdateProfileRequest) => send(users.updateMe, { body }),
      changePassword: (body: ChangePasswordRequest) => send(users.changePassword, { body }),
      claim: (body: ClaimInput) => send(users.claim, { body }),
      /** Whether the account's address is confirmed (decision 0044); `sendEmailVerification` mails a new link. */
      emailVerification: (opts?: CallOptions) => send(users.emailVerification, {}, opts),
      sendEmailVerification: () => send(users.sendEmailVerification, {}),
      /** The caller's shopping lists, newest first; `search` matches list name, ingredient or recipe title. */
      shoppingLists: (query: HistoryQuery = {}, opts?: CallOptions) => send(favorites.history, { query }, opts),
    },
    favorites: {
      recipes: (opts?: CallOptions) => send(favorites.recipes, {}, opts),
      lists: (opts?: CallOptions) => send(favorites.lists, {}, opts),
      /**
       * Idempotent. Pass the recipe's edit token when this browser made it signed out: it becomes the
       * user's (decision 0032). The answer's id is the recipe now in the favourites.
       */
      addRecipe: (id: string, opts?: CallOptions) => send(favorites.addRecipe, { params: { id } }, opts),
      removeRecipe: (id: string, opts?: CallOptions) => send(favorites.removeRecipe, { params: { id } }, opts),
      addList: (id: string, opts?: CallOptions) => send(favorites.addList, { params: { id } }, opts),
      removeList: (id: string, opts?: CallOptions) => send(favorites.removeList, { params: { id } }, opts),
    },
    /** A signed-in user's own pantry staples (decision 0028). */
    staples: {
      list: (opts?: CallOptions) => send(staples.list, {}, opts),
      /** `{item}` is parsed to its item key like an item typed on a list; `{key}` is an exact key. Idempotent. */
      add: (body: AddStapleRequest, opts?: CallOptions) => send(staples.add, { body }, opts),
      remove: (key: string, opts?: CallOptions) => send(staples.remove, { params: { key } }, opts),
      /** Every built-in staple on or off for the user. */
      setBuiltIn: (on: boolean, opts?: CallOptions) => send(staples.setBuiltIn, { body: { on } }, opts),
    },
    contact: {
      /** The contact form: stored, and mailed to the support address (decision 0021). */
      send: (body: ContactRequest, opts?: CallOptions) => send(contactEndpoints.send, { body }, opts),
    },
    recipes: {
      parse: (body: ParseRecipeRequest, opts?: CallOptions) => send(recipes.parse, { body }, opts),
      manual: (body: ManualRecipeRequest, opts?: CallOptions) => send(recipes.manual, { body }, opts),
      get: (id: string, opts?: CallOptions) => send(recipes.get, { params: { id } }, opts),
      update: (id: string, body: UpdateRecipeRequest, opts?: CallOptions) => send(recipes.update, { params: { id }, body }, opts),
      remove: (id: string, opts?: CallOptions) => send(recipes.remove, { params: { id } }, opts),
      /** 'Refresh from the site': the recipe fetched again from its page, same id. */
      refresh: (id: string, opts?: CallOptions) => send(recipes.refresh, { params: { id } }, opts),
    },
    lists: listsGroup(transport),
    email: {
      list: (listId: string, body: EmailListRequest) => send(emailEndpoints.list, { params: { id: listId }, body }),
      /** A list mail's 'Don't send me lists' link (decision 0044): its state, stop, start again. */
      optOutState: (token: string) => send(emailEndpoints.optOutState, { params: { token } }),
      optOut: (token: string) => send(emailEndpoints.optOut, { params: { token } }),
      optBackIn: (token: string) => send(emailEndpoints.optBackIn, { params: { token } }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
