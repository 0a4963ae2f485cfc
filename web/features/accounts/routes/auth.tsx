/**
 * /auth (docs/product/screens.md, behaviour.md, validation.md, messages.md): sign in and create an account, toggled in place. Signed-in visitors
 * are sent to / (by the loader when the session cookie names them, by the page when only the
 * browser's token does), or to the page that sent them here (`?next=`, decision 0042), as is
 * everyone once signed in. Validation uses the API's own schemas, so messages are the spec's words;
 * the first invalid field takes focus, and the heading takes focus when the mode changes.
 * Google/GitHub buttons appear only for providers the server reports as configured.
 */
import { useEffect, useRef, useState } from "react";
import { Navigate, redirect, useNavigate } from "react-router";
import {
  authEndpoints,
  LoginRequestSchema,
  oauthErrorMessage,
  RegisterRequestSchema,
  type ProvidersResponse,
} from "../../../../core/api/auth.ts";
import { RETURN_PARAM, safeReturnPath } from "../../../../core/lib/return-path.ts";
import { AuthCard } from "../../../components/auth-card.tsx";
import { NameFields } from "../../../components/name-fields.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { callerContext } from "../../../context.ts";
import { api } from "../../../lib/api-client.ts";
import { signIn, useAuth } from "../../../lib/auth.ts";
import { useFocusHeadingOnChange } from "../../../lib/focus.ts";
import { failureMessage, fieldValidator } from "../../../lib/form-validation.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { toast } from "../../../lib/toast.ts";
import { cookiesOf, type FormFailure, formCall, formFields, serverApi } from "../../../lib/page-api.server.ts";
import { useApiForm } from "../../../lib/use-api-form.ts";
import { Button } from "../../../ui/button.tsx";
import { Form } from "../../../ui/form.tsx";
import { Link } from "../../../ui/link.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/auth.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  // The page that sent the visitor here (`?next=`, a path on this site only), where sign-in returns.
  const next = safeReturnPath(q.get(RETURN_PARAM));
  if (context.get(callerContext).user) throw redirect(next ?? "/");
  return {
    next,
    // Rendered with the page: no button pops in after hydration (decision 0022).
    providers: (await serverApi(context).auth.providers()).oauth,
    /** Why a Google/GitHub sign-in came back here (`?oauth_error=CODE&provider=ID`), in words. */
    oauthError: oauthErrorMessage(q.get("oauth_error"), q.get("provider")),
    mode: (q.get("mode") === "register" ? "register" : "login") as AuthMode,
  };
}

/**
 * The forms' own POST (method="post"): what runs when they are sent without the page's script (JavaScript
 * off, or a submit before it loaded). Sign-in, account creation and sign-out call their endpoints in
 * process (the same schema, rate limits and cookie); a refused submit comes back with the server's
 * message and field errors, and the e-mail address typed (never the password).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "logout") {
    const done = await formCall(context, authEndpoints.logout, { body: {} });
    throw redirect("/", done.ok ? { headers: cookiesOf(done.response) } : undefined);
  }
  const mode: AuthMode = intent === "register" ? "register" : "login";
  const fields = formFields(form, ["firstName", "lastName", "email", "password"]);
  const body = mode === "register" ? fields : { email: fields.email, password: fields.password };
  const done = await formCall(context, mode === "register" ? authEndpoints.register : authEndpoints.login, { body });
  const next = safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM));
  if (done.ok) throw redirect(next ?? "/", { headers: cookiesOf(done.response) });
  return { mode, firstName: fields.firstName, lastName: fields.lastName, email: fields.email, failure: done.failure };
}

export const meta = () =>
  pageMeta({
    title: "Sign In",
    description: "Sign in to recipecart, or create a free account to keep favourite recipes and your shopping list history.",
  });

export type AuthMode = "login" | "register";

/** Where a form of this mode posts: /auth, with the mode and the page to return to. */
function authAddress(mode: AuthMode, next: string | null): string {
  const q = new URLSearchParams();
  if (mode === "register") q.set("mode", "register");
  if (next) q.set(RETURN_PARAM, next);
  return q.size ? `/auth?${q}` : "/auth";
}

const login = LoginRequestSchema.shape;
const register = RegisterRequestSchema.shape;

/** The refused submit's heading and message as the page shows it (the same words as the script's toast). */
function failureText(mode: AuthMode, failure: FormFailure): string {
  return mode === "login"
    ? `Login failed: ${failure.message ?? "Please check your credentials and try again."}`
    : `Registration failed: ${failure.message ?? "Please try again with different information."}`;
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  // A form sent without the script comes back in its mode; `?mode=register` opens on account creation.
  const [mode, setMode] = useState<AuthMode>(actionData?.mode ?? loaderData.mode);
  const [done, setDone] = useState(false);
  const [cleared, setCleared] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnChange(headingRef, mode);
  const { oauthError, next } = loaderData;
  useEffect(() => {
    if (oauthError) toast({ title: "Sign-in failed", description: oauthError, variant: "destructive" });
  }, [oauthError]);
  const { pending, form, clearErrors } = useApiForm(
    async (data) => {
      if (mode === "login") await api.auth.login({ email: data.email ?? "", password: data.password ?? "" });
      else
        await api.auth.register({
          firstName: data.firstName ?? "",
          lastName: data.lastName ?? "",
          email: data.email ?? "",
          password: data.password ?? "",
        });
      setDone(true);
      await signIn();
      toast(mode === "login" ? { title: "Welcome back!" } : { title: "Account created!", description: "You're signed in." });
      await navigate(next ?? "/", { replace: true });
    },
    (err) =>
      toast(
        mode === "login"
          ? {
              title: "Login failed",
              description: failureMessage(err, "Please check your credentials and try again."),
              variant: "destructive",
            }
          : {
              title: "Registration failed",
              description: failureMessage(err, "Please try again with different information."),
              variant: "destructive",
            },
      ),
  );

  // Signed in already (the session cookie): leave for the page asked for.
  if (auth.isAuthenticated && !pending && !done) return <Navigate to={next ?? "/"} replace />;

  function switchTo(next: AuthMode) {
    clearErrors();
    setCleared(true);
    setMode(next);
  }

  const isLogin = mode === "login";
  // What the server answered to this mode's form sent without the script (cleared by a mode switch).
  const sent = actionData?.mode === mode && !cleared ? actionData : undefined;
  const failed = sent?.failure;
  return (
    <AuthCard
      headingRef={headingRef}
      title={isLogin ? "Welcome back" : "Create your account"}
      lead={
        isLogin
          ? "Sign in to see your favourite recipes and shopping lists."
          : "Save favourite recipes and keep your shopping list history. It's free."
      }
      footer={
        <>
          <div className="auth-card__toggle">
            {isLogin ? "Don't have an account? " : "Already have an account? "}
            {/* A GET form, so it works before the script too (/auth?mode=register); the script switches in place. */}
            <form
              method="get"
              action="/auth"
              className="auth-card__toggle-form"
              onSubmit={(e) => {
                e.preventDefault();
                switchTo(isLogin ? "register" : "login");
              }}
            >
              {isLogin ? <input type="hidden" name="mode" value="register" /> : null}
              {next ? <input type="hidden" name={RETURN_PARAM} value={next} /> : null}
              <button type="submit" className="link link-button">
                {isLogin ? "Sign up" : "Sign in"}
              </button>
            </form>
          </div>
          <Link href="/" className="auth-card__home">
            Back to Home
          </Link>
        </>
      }
    >
      {oauthError ? (
        <p className="auth-card__alert" role="alert">
          {oauthError}
        </p>
      ) : null}
      {failed ? (
        <p className="auth-card__alert" role="alert">
          {failureText(mode, failed)}
        </p>
      ) : null}
      <OAuthButtons providers={loaderData.providers} next={next} />
      <Form
        key={mode}
        {...form}
        validationErrors={failed ? { ...failed.errors, ...form.validationErrors } : form.validationErrors}
        method="post"
        action={authAddress(mode, next)}
        aria-label={isLogin ? "Sign in" : "Create account"}
        className="auth-form"
        liveErrors
      >
        <input type="hidden" name="intent" value={mode} />
        {isLogin ? null : (
          <NameFields isReadOnly={pending} defaults={sent ? { firstName: sent.firstName, lastName: sent.lastName } : undefined} />
        )}
        <TextField
          name="email"
          defaultValue={sent?.email}
          type="email"
          label="Email"
          autoComplete="email"
          placeholder="you@example.com"
          isReadOnly={pending}
          validate={fieldValidator(login.email)}
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete={isLogin ? "current-password" : "new-password"}
          isReadOnly={pending}
          description={isLogin ? undefined : "At least 8 characters."}
          validate={fieldValidator(isLogin ? login.password : register.password)}
        />
        {isLogin ? (
          <p className="auth-form__forgot">
            <Link href="/forgot-password">Forgot password?</Link>
          </p>
        ) : null}
        <Button type="submit" size="lg" className="auth-form__submit" isPending={pending}>
          {pending ? "Please wait..." : isLogin ? "Sign In" : "Create Account"}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** Sign-in buttons for the OAuth providers the server has configured (none by default). */
function OAuthButtons({ providers, next }: { providers: ProvidersResponse["oauth"]; next: string | null }) {
  if (providers.length === 0) return null;
  return (
    <div className="oauth">
      <ul className="oauth__list">
        {providers.map((p) => (
          <li key={p.id}>
            {/* A full page load: the server redirects on to the provider. */}
            <a
              href={next ? `${p.startUrl}?${new URLSearchParams({ [RETURN_PARAM]: next })}` : p.startUrl}
              className="btn btn--outline btn--lg oauth__button"
              data-provider={p.id}
            >
              <ProviderIcon id={p.id} />
              Continue with {p.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="oauth__divider">
        <span>or use your email</span>
      </p>
    </div>
  );
}

function ProviderIcon({ id }: { id: string }) {
  if (id === "github") {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
        <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.05-.71.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.68 0-1.25.45-2.28 1.18-3.08-.12-.29-.51-1.46.11-3.04 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.62 1.58.23 2.75.11 3.04.74.8 1.18 1.83 1.18 3.08 0 4.41-2.69 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5z" />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z" />
    </svg>
  );
}
