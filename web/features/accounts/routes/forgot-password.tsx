/**
 * /forgot-password (docs/product/screens.md, behaviour.md): the e-mail form, then the sent view (check inbox and spam, click the
 * link, create a new password; the link lasts 10 minutes and works once) with 'Send another email'
 * (back to the form) and 'Back to Login'. The server answers the same whether or not the address has
 * an account, so the page does too.
 */
import { type FormEvent, useRef, useState } from "react";
import { authEndpoints, ForgotPasswordRequestSchema } from "../../../../core/api/auth.ts";
import { AuthCard, StatusIcon } from "../../../components/auth-card.tsx";
import { api, ApiError } from "../../../lib/api-client.ts";
import { useFocusHeadingOnChange } from "../../../lib/focus.ts";
import { fieldValidator } from "../../../lib/form-validation.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { formCall, formFields } from "../../../lib/page-api.server.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../ui/button.tsx";
import { Form } from "../../../ui/form.tsx";
import { Link } from "../../../ui/link.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/forgot-password.ts";

/** The form's own POST (sent without the page's script): the same endpoint, in process. */
export async function action({ request, context }: Route.ActionArgs) {
  const { email } = formFields(await request.formData(), ["email"]);
  const done = await formCall(context, authEndpoints.forgotPassword, { body: { email } });
  return done.ok ? { email, sent: true as const } : { email, sent: false as const, failure: done.failure };
}

export const meta = () =>
  pageMeta({
    title: "Forgot Password",
    description: "Forgot your recipecart password? Enter your email address and we'll send you a link to create a new one.",
  });

/** docs/product/constants.md: a reset link lasts this many minutes. */
export const RESET_LINK_MINUTES = 10;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [view, setView] = useState<"form" | "sent">(actionData?.sent ? "sent" : "form");
  const [email, setEmail] = useState(actionData?.email ?? "");
  const failure = actionData && !actionData.sent && view === "form" ? actionData.failure : null;
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnChange(headingRef, view);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const answer = await api.auth.forgotPassword({ email });
      toast({ title: "Reset Email Sent", description: answer.message });
      setView("sent");
    } catch (err) {
      // Too many requests is worth saying as the server words it; anything else is the spec's message.
      const description =
        err instanceof ApiError && err.status === 429 && err.problem?.message
          ? err.problem.message
          : "Failed to send reset email. Please try again.";
      toast({ title: "Error", description, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  if (view === "sent") {
    return (
      <AuthCard
        headingRef={headingRef}
        icon={<StatusIcon kind="mail" />}
        title="Check your email"
        lead={
          <>
            If an account exists for <strong className="auth-card__email">{email.trim()}</strong>, we've sent it a link to reset your
            password.
          </>
        }
      >
        <ol className="auth-steps">
          <li>Check your inbox, and your spam folder if you don't see it.</li>
          <li>Click the link in the email.</li>
          <li>Create a new password.</li>
        </ol>
        <p className="auth-note">The link expires in {RESET_LINK_MINUTES} minutes and can only be used once.</p>
        <div className="auth-actions">
          <Button variant="outline" size="lg" onPress={() => setView("form")}>
            Send another email
          </Button>
          <Link href="/auth" variant="primary" size="lg">
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      headingRef={headingRef}
      title="Forgot your password?"
      lead="Enter the email address you signed up with and we'll send you a link to create a new password."
      footer={
        <Link href="/auth" className="auth-card__home">
          Back to Login
        </Link>
      }
    >
      {failure ? (
        <p className="auth-card__alert" role="alert">
          {failure.status === 429 && failure.message ? failure.message : "Failed to send reset email. Please try again."}
        </p>
      ) : null}
      <Form
        method="post"
        onSubmit={onSubmit}
        validationErrors={failure?.errors}
        aria-label="Request a password reset"
        className="auth-form"
        liveErrors
      >
        <TextField
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={setEmail}
          isReadOnly={pending}
          validate={fieldValidator(ForgotPasswordRequestSchema.shape.email)}
        />
        <Button type="submit" size="lg" className="auth-form__submit" isPending={pending}>
          {pending ? "Please wait..." : "Send Reset Link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
