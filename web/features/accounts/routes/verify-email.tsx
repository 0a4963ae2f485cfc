/**
 * /verify-email?token=… (decision 0044): the link mailed to a new account's address. The page checks the link on
 * the server and asks for one press of 'Confirm' (a POST: a mail scanner that opens links confirms nothing);
 * then 'E-mail address confirmed', or 'Invalid confirmation link' for an unknown, used or expired link.
 * Works without the page's script (a plain form POST). The token never leaves in a Referer (strict-origin).
 */
import { useRef } from "react";
import { redirect } from "react-router";
import { authEndpoints } from "../../../../core/api/auth.ts";
import { ResultCard } from "../../../components/auth-card.tsx";
import { useFocusHeadingOnChange } from "../../../lib/focus.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { formCall, serverApi } from "../../../lib/page-api.server.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import type { Route } from "./+types/verify-email.ts";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  if (!token) throw redirect("/");
  const valid = await serverApi(context)
    .auth.verifyEmailLink(token)
    .then((r) => r.valid)
    .catch(() => false);
  return { valid };
}

export const headers = privatePageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const done = await formCall(context, authEndpoints.verifyEmail, { body: { token: tokenOf(request) } });
  return done.ok ? { confirmed: true as const, message: null } : { confirmed: false as const, message: done.failure.message };
}

export const meta = () => [
  ...pageMeta({
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address of your recipecart account.",
    noindex: true,
  }),
  { name: "referrer", content: "strict-origin" },
];

const HOME = { href: "/", label: "Back to Home" };

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const view = actionData?.confirmed ? "done" : actionData || !loaderData.valid ? "invalid" : "confirm";
  useFocusHeadingOnChange(headingRef, view);

  if (view === "done") {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="check"
        title="E-mail address confirmed"
        lead="Thank you. You can now e-mail shopping lists to other people."
        links={[HOME]}
      />
    );
  }
  if (view === "invalid") {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="warning"
        title="Invalid confirmation link"
        lead={
          actionData?.message ??
          "This link is invalid or has expired. Links last 24 hours and work once; the Email dialog of any of your lists sends a new one."
        }
        links={[HOME]}
      />
    );
  }
  return (
    <ResultCard
      headingRef={headingRef}
      kind="mail"
      title="Confirm your e-mail address"
      lead="Press Confirm to finish. Then you can e-mail shopping lists to other people."
      post={{ label: "Confirm" }}
    />
  );
}
