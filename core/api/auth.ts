/**
 * Wire schemas of the accounts API (docs/product/api.md auth and profile calls), shared by the Worker (request
 * validation), the web app and the browser extension (answers parsed through core/api/client.ts).
 * Validation messages are the spec's words (docs/product/validation.md).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProvider } from "./constants.ts";

export { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProvider } from "./constants.ts";

/** docs/product/constants.md: minimum password length. */
export const PASSWORD_MIN = 8;
/** Longest password we hash (bounds the work an attacker can ask of scrypt). */
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(EMAIL_MAX, "Invalid email address")
  .pipe(z.email("Invalid email address"));

const newPassword = (message: string) =>
  z.string({ error: message }).min(PASSWORD_MIN, message).max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`);

const firstName = z
  .string({ error: "First name is required" })
  .trim()
  .min(1, "First name is required")
  .max(NAME_MAX, `At most ${NAME_MAX} characters.`);
const lastName = z
  .string({ error: "Last name is required" })
  .trim()
  .min(1, "Last name is required")
  .max(NAME_MAX, `At most ${NAME_MAX} characters.`);

/**
 * What a browser proves it made while signed out (decision 0013): ids with their edit tokens.
 * Sent with sign-in or registration (or to POST /api/users/me/claim) so they become the user's.
 */
export const ClaimSchema = z.object({
  recipes: z
    .array(z.object({ id: z.string().min(1).max(64), editToken: z.string().min(1).max(128) }))
    .max(200)
    .default([]),
  lists: z
    .array(z.object({ id: z.string().min(1).max(64), editToken: z.string().min(1).max(128) }))
    .max(200)
    .default([]),
});
export type Claim = z.infer<typeof ClaimSchema>;
export type ClaimInput = z.input<typeof ClaimSchema>;

/** POST /api/auth/login. */
export const LoginRequestSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, "Password is required"),
  claim: ClaimSchema.optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** POST /api/auth/register. */
export const RegisterRequestSchema = z.object({
  firstName,
  lastName,
  email,
  password: newPassword("Password must be at least 8 characters"),
  claim: ClaimSchema.optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** POST /api/auth/forgot-password. */
export const ForgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** POST /api/auth/reset-password. */
export const ResetPasswordRequestSchema = z.object({
  token: z.string({ error: "Reset token is required" }).min(1, "Reset token is required").max(200, "Reset token is required"),
  password: newPassword("Password must be at least 8 characters"),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

/** POST /api/auth/verify-email: the token from the confirmation mail (decision 0044). */
export const VerifyEmailRequestSchema = z.object({
  token: z.string({ error: "The link is missing its token." }).min(1, "The link is missing its token.").max(200, "The link is not valid."),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
/** GET /api/auth/verify-email?token=…: whether the link still works. */
export const VerifyEmailLinkResponseSchema = z.object({ valid: z.boolean() });
export const VerifyEmailResponseSchema = z.object({ verified: z.boolean(), message: z.string() });

/** GET and POST /api/users/me/email-verification: whether the account's address is proven (POST: a new link went out). */
export const EmailVerificationStateSchema = z.object({ email: z.string(), verified: z.boolean(), sent: z.boolean().optional() });
export type EmailVerificationState = z.infer<typeof EmailVerificationStateSchema>;

/**
 * PUT /api/users/me. A new e-mail address needs the current password (an account without one: a Google or
 * GitHub sign-in in the last EMAIL_CHANGE_FRESH_SIGN_IN_MS instead); names alone need nothing more.
 */
export const UpdateProfileRequestSchema = z.object({
  firstName,
  lastName,
  email,
  currentPassword: z.string().max(PASSWORD_MAX, "Current password is incorrect.").optional(),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/** PUT /api/users/me/password. (confirmPassword is checked by the form only.) */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(PASSWORD_MAX, "Current password is required"),
  newPassword: newPassword("New password must be at least 8 characters"),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** The change-password form: the server's fields plus the confirmation (docs/product/validation.md). */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string().min(1, "Please confirm your password"),
}).refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

/** A user as the API answers it. */
export const UserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/auth/me, PUT /api/users/me. */
export const MeResponseSchema = z.object({ user: UserSchema });

/**
 * POST /api/auth/login and /register: the user and when the session ends. The session itself is only the
 * HttpOnly cookie the answer sets: no token in the body (docs/product/security.md).
 */
export const AuthResponseSchema = z.object({
  user: UserSchema,
  expiresAt: z.string(),
  /** What the claim moved to the account (decision 0013). */
  claimed: z.object({ recipes: z.number(), lists: z.number() }).optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * POST /api/auth/extension-session (decision 0024): the signed-in web app asks for a new session
 * for the browser extension named by its origin (one of the server's EXTENSION_ORIGINS). The
 * answer carries that session's token, which the connect page hands to the extension, never to page storage.
 */
export const ExtensionSessionRequestSchema = z.object({
  extensionOrigin: z.string({ error: "The extension is missing." }).trim().min(1, "The extension is missing.").max(100),
});
export type ExtensionSessionRequest = z.input<typeof ExtensionSessionRequestSchema>;

export const ExtensionSessionResponseSchema = z.object({ user: UserSchema, token: z.string(), expiresAt: z.string() });

/** An account without a password changes its e-mail address within this long of signing in with Google or GitHub. */
export const EMAIL_CHANGE_FRESH_SIGN_IN_MS = 10 * 60 * 1000;
/** docs/product/constants.md: the old address may undo an e-mail change for 7 days. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** POST /api/auth/email-change/undo: the token from the mail to the old address. */
export const UndoEmailChangeRequestSchema = z.object({
  token: z
    .string({ error: "The undo link is incomplete." })
    .min(1, "The undo link is incomplete.")
    .max(200, "The undo link is incomplete."),
});
export type UndoEmailChangeRequest = z.input<typeof UndoEmailChangeRequestSchema>;
/** Its answer: the address the account has again. */
export const UndoEmailChangeResponseSchema = z.object({ email: z.string() });

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const MessageResponseSchema = z.object({ message: z.string() });

/** GET /api/auth/verify-reset-token?token=... */
export const VerifyResetTokenResponseSchema = z.object({ valid: z.boolean() });

/** POST /api/auth/reset-password. */
export const ResetPasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** GET /api/auth/sessions: the caller's live sessions (dashboard security tab). */
export const SessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListResponseSchema = z.object({ sessions: z.array(SessionInfoSchema) });

/** GET /api/auth/providers: which sign-in buttons to show (only configured providers are listed). */
export const ProvidersResponseSchema = z.object({
  password: z.literal(true),
  oauth: z.array(z.object({ id: z.enum(OAUTH_PROVIDERS), name: z.string(), startUrl: z.string() })),
});
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;

/** POST /api/users/me/claim answer. */
export const ClaimResponseSchema = z.object({ recipes: z.number(), lists: z.number() });

/**
 * Why an OAuth sign-in came back to /auth (`/auth?oauth_error=CODE&provider=ID`, decision 0022).
 * The server only ever sends these codes; the page shows the message.
 */
export const OAUTH_ERROR_CODES = [
  "access_denied",
  "state_mismatch",
  "email_unverified",
  "provider_error",
  "rate_limited",
  "server_error",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

export function oauthErrorMessage(code: string | null | undefined, provider: string | null | undefined): string | null {
  if (!code) return null;
  const name = OAUTH_PROVIDER_NAMES[provider as OAuthProvider] ?? "the provider";
  switch (code as OAuthErrorCode) {
    case "access_denied":
      return `Sign-in with ${name} was cancelled.`;
    case "state_mismatch":
      return `Sign-in with ${name} could not be completed: the sign-in expired or was started in another browser. Please try again.`;
    case "email_unverified":
      return `Your ${name} account has no verified email address. Verify it with ${name}, or sign up with your email.`;
    case "rate_limited":
      return "Too many sign-in attempts. Please wait a minute and try again.";
    case "provider_error":
      return `${name} did not confirm your sign-in. Please try again.`;
    case "server_error":
      return `Sign-in with ${name} could not be completed because of a problem on our side. Please try again.`;
    default:
      return `Sign-in with ${name} did not work. Please try again.`;
  }
}

/** GET /api/auth/verify-reset-token?token=... */
export const VerifyResetTokenQuerySchema = z.object({ token: z.string() });
/** GET /api/auth/oauth/{provider}/start?next=...: where to come back to after signing in (a plain path on this site). */
export const OAuthStartQuerySchema = z.object({ next: z.string().optional() });
/** GET /api/auth/verify-email?token=...: a link without a token is simply not valid. */
export const VerifyEmailLinkQuerySchema = z.object({ token: z.string().default("") });
/** POST /api/auth/logout takes an empty JSON object. */
export const EmptyRequestSchema = z.object({});

/** Accounts: sign-in, sessions, password reset, the extension's session, the sign-in providers. */
export const authEndpoints = {
  me: endpoint("GET", "/api/auth/me", { answer: MeResponseSchema }),
  register: endpoint("POST", "/api/auth/register", { request: RegisterRequestSchema, answer: AuthResponseSchema }),
  login: endpoint("POST", "/api/auth/login", { request: LoginRequestSchema, answer: AuthResponseSchema }),
  logout: endpoint("POST", "/api/auth/logout", { request: EmptyRequestSchema }),
  forgotPassword: endpoint("POST", "/api/auth/forgot-password", { request: ForgotPasswordRequestSchema, answer: MessageResponseSchema }),
  verifyResetToken: endpoint("GET", "/api/auth/verify-reset-token", {
    query: VerifyResetTokenQuerySchema,
    answer: VerifyResetTokenResponseSchema,
  }),
  resetPassword: endpoint("POST", "/api/auth/reset-password", { request: ResetPasswordRequestSchema, answer: ResetPasswordResponseSchema }),
  /** The confirmation link of an account's address (decision 0044): still good? Then confirm it. */
  verifyEmailLink: endpoint("GET", "/api/auth/verify-email", { query: VerifyEmailLinkQuerySchema, answer: VerifyEmailLinkResponseSchema }),
  verifyEmail: endpoint("POST", "/api/auth/verify-email", { request: VerifyEmailRequestSchema, answer: VerifyEmailResponseSchema }),
  /** The old address's 'undo' of an e-mail change (the link in the mail it got, decision 0045). */
  undoEmailChange: endpoint("POST", "/api/auth/email-change/undo", {
    request: UndoEmailChangeRequestSchema,
    answer: UndoEmailChangeResponseSchema,
  }),
  sessions: endpoint("GET", "/api/auth/sessions", { answer: SessionListResponseSchema }),
  revokeOtherSessions: endpoint("DELETE", "/api/auth/sessions"),
  revokeSession: endpoint("DELETE", "/api/auth/sessions/:id"),
  extensionSession: endpoint("POST", "/api/auth/extension-session", {
    request: ExtensionSessionRequestSchema,
    answer: ExtensionSessionResponseSchema,
  }),
  providers: endpoint("GET", "/api/auth/providers", { answer: ProvidersResponseSchema }),
  /** Browser navigations (redirects), not client calls. */
  oauthStart: endpoint("GET", "/api/auth/oauth/:provider/start", { query: OAuthStartQuerySchema }),
  oauthCallback: endpoint("GET", "/api/auth/oauth/:provider/callback"),
};

/** The signed-in user's own account: profile, password, claiming what this browser made signed out. */
export const userEndpoints = {
  updateMe: endpoint("PUT", "/api/users/me", { request: UpdateProfileRequestSchema, answer: MeResponseSchema }),
  changePassword: endpoint("PUT", "/api/users/me/password", { request: ChangePasswordRequestSchema }),
  claim: endpoint("POST", "/api/users/me/claim", { request: ClaimSchema, answer: ClaimResponseSchema }),
  /** Whether the account's address is confirmed (decision 0044); the POST mails a new link. */
  emailVerification: endpoint("GET", "/api/users/me/email-verification", { answer: EmailVerificationStateSchema }),
  sendEmailVerification: endpoint("POST", "/api/users/me/email-verification", { answer: EmailVerificationStateSchema }),
};
