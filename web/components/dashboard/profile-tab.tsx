/**
 * The dashboard's profile tab (docs/product/screens.md, validation.md, messages.md): the profile form (first name, last name, email,
 * and the current password, asked for only when the email changes: decision 0045) and
 * the change-password form (current, new, confirm; each with a show/hide toggle). Validation uses the
 * API's schemas (core/api/auth.ts) so messages are the spec's; server field errors land on their
 * fields, and the first invalid field takes focus.
 */
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { ChangePasswordRequestSchema, UpdateProfileRequestSchema, type User } from "../../../core/api/auth.ts";
import { api } from "../../lib/api-client.ts";
import { fetchCurrentUser } from "../../lib/auth.ts";
import { failureMessage, fieldValidator, type FormFailure } from "../../lib/form-validation.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Form } from "../../ui/form.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { NameFields } from "../name-fields.tsx";
import { NewPasswordFields, PasswordField } from "../password-field.tsx";

const profile = UpdateProfileRequestSchema.shape;
const password = ChangePasswordRequestSchema.shape;

/** What the dashboard's action answered to a form of this tab sent without the script. */
export type ProfileFormAnswer =
  | { intent: "profile"; values: Record<string, string>; failure: FormFailure }
  | { intent: "password"; failure: FormFailure }
  | { intent: "delete-list" };
type Sent = ProfileFormAnswer;

export function ProfileTab({ user, sent }: { user: User; sent?: Sent }) {
  // A form saved without the script comes back as a new page (`?saved=profile|password`).
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="profile-tab">
      <ProfileForm user={user} sent={sent?.intent === "profile" ? sent : undefined} saved={saved === "profile"} />
      <ChangePasswordForm sent={sent?.intent === "password" ? sent : undefined} saved={saved === "password"} />
    </div>
  );
}

/** The status line of a form sent without the script: the server's refusal, or done. */
function SentStatus({ failure, done, failed }: { failure?: FormFailure; done: string; failed: string }) {
  return failure ? (
    <p className="auth-card__alert" role="alert">
      {failed}: {failure.message ?? "Please check the highlighted fields."}
    </p>
  ) : (
    <p role="status">{done}</p>
  );
}

/** What a change of address tells the user (decision 0045). */
const emailMovedNote = (old?: string) => `We sent ${old ?? "your previous address"} a note with a link to undo the change for 7 days.`;

function ProfileForm({ user, sent, saved }: { user: User; sent?: Extract<Sent, { intent: "profile" }>; saved: boolean }) {
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [currentPassword, setCurrentPassword] = useState("");
  const { pending, form } = useApiForm(
    async (data) => {
      const email = data.email ?? "";
      const moved = email.trim().toLowerCase() !== user.email.toLowerCase();
      await api.users.updateMe({
        firstName: data.firstName ?? "",
        lastName: data.lastName ?? "",
        email,
        ...(moved ? { currentPassword } : {}),
      });
      setCurrentPassword("");
      await fetchCurrentUser({ force: true });
      void revalidator.revalidate();
      toast({ title: "Profile updated", ...(moved ? { description: emailMovedNote(user.email) } : {}) });
    },
    (err) => toast({ title: "Update failed", description: failureMessage(err, "Failed to update profile."), variant: "destructive" }),
  );

  return (
    <section className="card profile-card" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p className="profile-card__lead">Your name and the email address you sign in with.</p>
      {/* Re-mounted when the saved user changes, so the fields show what the server stored. */}
      {sent || saved ? (
        <SentStatus
          failure={sent?.failure}
          done={params.get("moved") ? `Profile updated. ${emailMovedNote()}` : "Profile updated"}
          failed="Update failed"
        />
      ) : null}
      <Form
        key={user.updatedAt}
        {...form}
        validationErrors={sent ? { ...sent.failure.errors, ...form.validationErrors } : form.validationErrors}
        method="post"
        action="/dashboard?tab=profile"
        aria-labelledby="profile-title"
        liveErrors
      >
        <input type="hidden" name="intent" value="profile" />
        <NameFields
          defaults={sent ? { firstName: sent.values.firstName ?? "", lastName: sent.values.lastName ?? "" } : user}
          isReadOnly={pending}
        />
        <TextField
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={sent ? sent.values.email : user.email}
          isReadOnly={pending}
          validate={fieldValidator(profile.email)}
        />
        <PasswordField
          name="currentPassword"
          label="Your password"
          toggleName="your password"
          autoComplete="current-password"
          description="Needed only to change your email address. Signed up with Google or GitHub? Sign in with it again first."
          value={currentPassword}
          onChange={setCurrentPassword}
          isReadOnly={pending}
        />
        <div className="profile-card__actions">
          <Button type="submit" isPending={pending}>
            {pending ? "Please wait..." : "Save Changes"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function ChangePasswordForm({ sent, saved }: { sent?: Extract<Sent, { intent: "password" }>; saved: boolean }) {
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [generation, setGeneration] = useState(0);
  const set = (field: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [field]: v }));
  const { pending, form } = useApiForm(
    async () => {
      await api.users.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast({ title: "Password changed", description: "Your other devices have been signed out." });
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      // A fresh form: no leftover validation state on the emptied fields.
      setGeneration((g) => g + 1);
    },
    (err) =>
      toast({ title: "Password change failed", description: failureMessage(err, "Failed to change password."), variant: "destructive" }),
  );

  return (
    <section className="card profile-card" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p className="profile-card__lead">Changing your password signs you out everywhere else.</p>
      {sent || saved ? (
        <SentStatus
          failure={sent?.failure}
          done="Password changed. Your other devices have been signed out."
          failed="Password change failed"
        />
      ) : null}
      <Form
        key={generation}
        {...form}
        validationErrors={sent ? { ...sent.failure.errors, ...form.validationErrors } : form.validationErrors}
        method="post"
        action="/dashboard?tab=profile"
        aria-labelledby="password-title"
        liveErrors
      >
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          name="currentPassword"
          label="Current password"
          toggleName="current password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
          isReadOnly={pending}
          validate={fieldValidator(password.currentPassword)}
        />
        <NewPasswordFields
          name="newPassword"
          value={values.newPassword}
          onChange={set("newPassword")}
          confirm={values.confirmPassword}
          onConfirmChange={set("confirmPassword")}
          isReadOnly={pending}
          validate={fieldValidator(password.newPassword)}
        />
        <div className="profile-card__actions">
          <Button type="submit" isPending={pending}>
            {pending ? "Please wait..." : "Change Password"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
