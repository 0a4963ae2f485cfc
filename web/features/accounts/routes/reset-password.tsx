/**
 * /reset-password?token=... (docs/product/screens.md, behaviour.md, validation.md, messages.md): without a token the loader sends the visitor to
 * /forgot-password; otherwise the loader checks the token on the server, and the page shows
 * 'Invalid Reset Link' or the new-password form, and 'Password Reset Complete' on success.
 * The token never leaves the page in a Referer header: `strict-origin` sends the origin alone (and, unlike
 * no-referrer, lets the form's POST carry its Origin, which the server's CSRF check asks for).
 */
import { type FormEvent, useRef, useState } from "react";
import { redirect, useSearchParams } from "react-router";
import { authEndpoints, PASSWORD_MIN, ResetPasswordRequestSchema } from "../../../../core/api/auth.ts";
import { AuthCard, ResultCard } from "../../../components/auth-card.tsx";
import { NewPasswordFields } from "../../../components/password-field.tsx";
import { api, ApiError } from "../../../lib/api-client.ts";
import { fetchCurrentUser } from "../../../lib/auth.ts";
import { useFocusHeadingOnChange } from "../../../lib/focus.ts";
import { fieldValidator } from "../../../lib/form-validation.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { formCall, formFields, serverApi } from "../../../lib/page-api.server.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../ui/button.tsx";
import { Form } from "../../../ui/form.tsx";
import type { Route } from "./+types/reset-password.ts";

/** The link is checked on the server, so the page opens on the form (or on 'Invalid Reset Link') with no wait. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/forgot-password");
  const valid = await serverApi(context)
    .auth.verifyResetToken(token)
    .then((r) => r.valid)
    .catch(() => false);
  return { valid };
}

/** The form's own POST (sent without the page's script): the same endpoint, in process. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { password, confirmPassword } = formFields(await request.formData(), ["password", "confirmPassword"]);
  if (password !== confirmPassword) {
    return { done: false as const, message: null, errors: { confirmPassword: ["Passwords don't match"] } };
  }
  const sent = await formCall(context, authEndpoints.resetPassword, { body: { token, password } });
  if (!sent.ok) return { done: false as const, message: sent.failure.message, errors: sent.failure.errors };
  const answer = (await sent.response.json()) as { success: boolean; message: string };
  return answer.success ? { done: true as const } : { done: false as const, message: answer.message, errors: {} };
}

export const meta = () => [
  ...pageMeta({ title: "Reset Password", description: "Choose a new password for your recipecart account.", noindex: true }),
  { name: "referrer", content: "strict-origin" },
];

type View = "invalid" | "form" | "success";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [view, setView] = useState<View>(actionData?.done ? "success" : loaderData.valid ? "form" : "invalid");
  const failure = actionData && !actionData.done && view === "form" ? actionData : null;
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnChange(headingRef, view);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const r = await api.auth.resetPassword({ token, password });
      if (!r.success) {
        toast({ title: "Reset Failed", description: r.message, variant: "destructive" });
        return;
      }
      toast({ title: "Password Reset Successful", description: r.message });
      setView("success");
      // The reset ended every session of this account, including one this browser may hold.
      void fetchCurrentUser({ force: true });
    } catch (err) {
      if (err instanceof ApiError && err.problem?.message && err.status < 500) {
        toast({ title: "Reset Failed", description: err.problem.message, variant: "destructive" });
      } else {
        toast({ title: "Error", description: "Failed to reset password. Please try again.", variant: "destructive" });
      }
    } finally {
      setPending(false);
    }
  }

  if (view === "invalid") {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="warning"
        title="Invalid Reset Link"
        lead="This password reset link is invalid or has expired. Reset links last 10 minutes and can only be used once."
        links={[
          { href: "/forgot-password", label: "Request a new link" },
          { href: "/auth", label: "Back to Login" },
        ]}
      />
    );
  }

  if (view === "success") {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="check"
        title="Password Reset Complete"
        lead="Your password has been changed. Sign in with your new password."
        links={[{ href: "/auth", label: "Go to Login" }]}
      />
    );
  }

  return (
    <AuthCard headingRef={headingRef} title="Create a new password" lead="Choose a new password for your account.">
      {failure ? (
        <p className="auth-card__alert" role="alert">
          {failure.message ? `Reset Failed: ${failure.message}` : "Please check the highlighted fields."}
        </p>
      ) : null}
      <Form
        method="post"
        onSubmit={onSubmit}
        validationErrors={failure?.errors}
        aria-label="Choose a new password"
        className="auth-form"
        liveErrors
      >
        <NewPasswordFields
          name="password"
          value={password}
          onChange={setPassword}
          confirm={confirm}
          onConfirmChange={setConfirm}
          isReadOnly={pending}
          validate={fieldValidator(ResetPasswordRequestSchema.shape.password)}
        />
        <div className="auth-tips">
          <p className="auth-tips__title">Tips for a strong password</p>
          <ul>
            <li>Use at least {PASSWORD_MIN} characters; a short phrase is easy to remember.</li>
            <li>Mix letters, numbers and symbols.</li>
            <li>Don't reuse a password from another site.</li>
          </ul>
        </div>
        <Button type="submit" size="lg" className="auth-form__submit" isPending={pending}>
          {pending ? "Please wait..." : "Reset Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
