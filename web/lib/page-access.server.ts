/**
 * A page's loader under an access rule (core/api/access.ts), the same rule and the same answer the API
 * router gives its endpoints: a signed-out visitor is sent to sign in (the endpoint's 401), coming back
 * here afterwards; a signed-in one the rule refuses gets a 403 page (the endpoint's 403). So a page states
 * no access rule of its own. Server only (the `.server` name keeps it out of the browser).
 */
import type { RouterContextProvider } from "react-router";
import { data, redirect } from "react-router";
import { type Access, refusal } from "../../core/api/access.ts";
import { pathOf, signInPath } from "../../core/lib/return-path.ts";
import { type CallerUser, callerContext } from "../context.ts";

/** The signed-in user, when `access` lets them open the page at `request`; else the refusal is thrown (a redirect or a 403). */
export function pageUser(context: Readonly<RouterContextProvider>, request: Request, access: Exclude<Access, "public">): CallerUser {
  const { user } = context.get(callerContext);
  const refused = refusal(access, user);
  if (!refused && user) return user;
  if (refused && refused.status !== 401) throw data(refused.message, { status: refused.status });
  throw redirect(signInPath(pathOf(request)));
}
