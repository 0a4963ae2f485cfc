/**
 * Where the sign-in page goes after signing in: an invitation's page when it sent the visitor there
 * (`/auth?next=/invite/{token}`, decision 0036), else home. Nothing else is followed, so the parameter
 * cannot send anyone to another site or page.
 */
const INVITE_PATH = /^\/invite\/[A-Za-z0-9_-]{40,64}$/;

export function afterSignIn(next: string | null): string {
  return next && INVITE_PATH.test(next) ? next : "/";
}

/** The sign-in page's address that comes back to this invitation afterwards. */
export function signInFor(token: string, mode: "login" | "register" = "login"): string {
  return `/auth?${mode === "register" ? "mode=register&" : ""}next=${encodeURIComponent(`/invite/${token}`)}`;
}
