/**
 * Gate for personal pages (dashboard, favourites, history): a full-page spinner until the auth
 * status is known, then the page for signed-in users or `signedOut` for everyone else (by
 * default a redirect to /auth). Public pages never use it: they render straight from the
 * server (docs/decisions/0020-sign-in-and-sessions.md).
 */
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { type AuthUser, useAuth } from "../lib/auth.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";

export function RequireAuth({
  children,
  signedOut = <Navigate to="/auth" replace />,
}: {
  children: ReactNode | ((user: AuthUser) => ReactNode);
  signedOut?: ReactNode;
}) {
  const { status, user } = useAuth();
  if (status === "loading") return <FullPageSpinner />;
  if (!user) return <>{signedOut}</>;
  return <>{typeof children === "function" ? children(user) : children}</>;
}
