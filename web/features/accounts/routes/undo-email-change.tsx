/**
 * /undo-email-change?token=... (decision 0045): the link in the notice an e-mail change sends to the old
 * address. Opening it changes nothing (mail scanners open links); the button posts the form, which works
 * with or without the page's script, and the server puts the old address back, signs out every device and
 * removes the password. The token never leaves the page in a Referer header (`strict-origin`).
 */
import { useRef } from "react";
import { data, redirect } from "react-router";
import { authEndpoints } from "../../../../core/api/auth.ts";
import { AuthCard, ResultCard } from "../../../components/auth-card.tsx";
import { useFocusHeadingOnChange } from "../../../lib/focus.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { cookiesOf, formCall } from "../../../lib/page-api.server.ts";
import { Button } from "../../../ui/button.tsx";
import { Form } from "../../../ui/form.tsx";
import type { Route } from "./+types/undo-email-change.ts";

export function loader({ request }: Route.LoaderArgs) {
  if (!new URL(request.url).searchParams.get("token")) throw redirect("/");
  return null;
}

/** The button's POST: the undo endpoint, in process; its answer ends this browser's session cookie when it held one. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const sent = await formCall(context, authEndpoints.undoEmailChange, { body: { token } });
  if (!sent.ok) return { done: false as const, message: sent.failure.message ?? "Something went wrong. Please try again." };
  const { email } = (await sent.response.json()) as { email: string };
  return data({ done: true as const, email }, { headers: cookiesOf(sent.response) });
}

export const meta = () => [
  ...pageMeta({ title: "Undo email change", description: "Put back your recipecart account's email address.", noindex: true }),
  { name: "referrer", content: "strict-origin" },
];

export default function UndoEmailChange({ actionData }: Route.ComponentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnChange(headingRef, actionData ? (actionData.done ? "done" : "failed") : "ask");

  if (actionData?.done) {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="check"
        title="Email address restored"
        lead={`Your account's email address is ${actionData.email} again. Every device was signed out and the password removed: choose a new password to sign in.`}
        links={[{ href: "/forgot-password", label: "Choose a new password" }]}
      />
    );
  }

  if (actionData) {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="warning"
        title="Link not valid"
        lead={actionData.message}
        links={[
          { href: "/contact", label: "Contact us" },
          { href: "/auth", label: "Back to Login" },
        ]}
      />
    );
  }

  return (
    <AuthCard
      headingRef={headingRef}
      title="Undo the email change"
      lead="This puts back the email address your account had before the change. Every device signed in to the account is signed out and its password is removed, so whoever changed it cannot sign in; you then choose a new password."
    >
      <Form method="post" aria-label="Undo the email change" className="auth-form">
        <Button type="submit" size="lg" className="auth-form__submit">
          Restore my address
        </Button>
      </Form>
    </AuthCard>
  );
}
