/**
 * /reset-password?token=... (docs/product/screens.md, behaviour.md, validation.md, messages.md): without a token the loader sends the visitor to
 * /forgot-password; otherwise the page verifies the token ('Verifying reset link...'), then shows
 * 'Invalid Reset Link' or the new-password form, and 'Password Reset Complete' on success.
 * The token never leaves the page in a Referer header (no-referrer).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { redirect, useSearchParams } from "react-router";
import { PASSWORD_MIN, ResetPasswordRequestSchema } from "../../core/api/auth.ts";
import { AuthCard, StatusIcon } from "../components/auth-card.tsx";
import { NewPasswordFields } from "../components/password-field.tsx";
import { api, ApiError } from "../lib/api-client.ts";
import { fetchCurrentUser } from "../lib/auth.ts";
import { useFocusHeadingOnChange } from "../lib/focus.ts";
import { fieldValidator } from "../lib/form-validation.ts";
import { pageMeta } from "../lib/meta.ts";
import { toast } from "../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Form } from "../ui/form.tsx";
import { Link } from "../ui/link.tsx";
import { Spinner } from "../ui/spinner.tsx";
import type { Route } from "./+types/reset-password.ts";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/forgot-password");
  return null;
}

export const meta = () => [
  ...pageMeta({ title: "Reset Password", description: "Choose a new password for your recipecart account.", noindex: true }),
  { name: "referrer", content: "no-referrer" },
];

type View = "verifying" | "invalid" | "form" | "success";

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [view, setView] = useState<View>("verifying");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnChange(headingRef, view);

  useEffect(() => {
    let live = true;
    setView("verifying");
    api.auth
      .verifyResetToken(token)
      .then((r) => live && setView(r.valid ? "form" : "invalid"))
      .catch(() => live && setView("invalid"));
    return () => {
      live = false;
    };
  }, [token]);

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

  if (view === "verifying") {
    return (
      <AuthCard headingRef={headingRef} title="Reset your password">
        <p className="auth-verifying" role="status">
          <Spinner size={20} />
          <span>Verifying reset link...</span>
        </p>
      </AuthCard>
    );
  }

  if (view === "invalid") {
    return (
      <AuthCard
        headingRef={headingRef}
        icon={<StatusIcon kind="warning" />}
        title="Invalid Reset Link"
        lead="This password reset link is invalid or has expired. Reset links last 10 minutes and can only be used once."
      >
        <div className="auth-actions">
          <Link href="/forgot-password" variant="primary" size="lg">
            Request a new link
          </Link>
          <Link href="/auth" variant="outline" size="lg">
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (view === "success") {
    return (
      <AuthCard
        headingRef={headingRef}
        icon={<StatusIcon kind="check" />}
        title="Password Reset Complete"
        lead="Your password has been changed. Sign in with your new password."
      >
        <div className="auth-actions">
          <Link href="/auth" variant="primary" size="lg">
            Go to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard headingRef={headingRef} title="Create a new password" lead="Choose a new password for your account.">
      <Form onSubmit={onSubmit} aria-label="Choose a new password" className="auth-form" liveErrors>
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
