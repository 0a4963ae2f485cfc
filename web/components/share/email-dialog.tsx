/**
 * The Email dialog (docs/product/screens.md, validation.md, messages.md): one address field, prefilled with the signed-in user's address
 * ('No email found' when they have none); blank or without '@' gives 'Invalid email' / 'Please enter a
 * valid email address.'; success 'Email sent'; failures 'Error sending email' with the server's
 * message, or 'Email failed' / 'Failed to send shopping list.' when there is none.
 * An account whose address is not confirmed yet sends to its own address only (decision 0044): the dialog says
 * so, with a button that mails a new confirmation link; a refused send to another address shows the same.
 * Loaded on demand by email-button.tsx.
 */
import { useEffect, useState, type FormEvent } from "react";
import { ApiError, api, errorText } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TextField } from "../../ui/text-field.tsx";
import "../../styles/grocery.css";

export function EmailDialog({ listId, isOpen, onOpenChange }: { listId: string; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      title="Email shopping list"
      description="We send the list, grouped by category, with a link back to it."
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
    >
      {({ close }) => <EmailForm listId={listId} onDone={close} />}
    </Dialog>
  );
}

function EmailForm({ listId, onDone }: { listId: string; onDone: () => void }) {
  const auth = useAuth();
  const own = auth.user?.email ?? "";
  const [email, setEmail] = useState(own);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (own) setEmail((e) => e || own);
  }, [own]);
  const noEmail = auth.isAuthenticated && !own;
  // null: not known (signed out, or not asked yet); false: the account's address still needs confirming.
  const [verified, setVerified] = useState<boolean | null>(null);
  const [resending, setResending] = useState(false);
  useEffect(() => {
    if (!auth.isAuthenticated) return;
    let live = true;
    api.users
      .emailVerification()
      .then((s) => live && setVerified(s.verified))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [auth.isAuthenticated]);

  async function resend() {
    setResending(true);
    try {
      const s = await api.users.sendEmailVerification();
      setVerified(s.verified);
      toast(
        s.verified
          ? { title: "Address confirmed", description: "You can send lists to any address." }
          : { title: "Link sent", description: `We sent a confirmation link to ${s.email}. It works for 24 hours.` },
      );
    } catch (err) {
      toast({ title: "Link not sent", description: errorText(err), variant: "destructive" });
    } finally {
      setResending(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value || !value.includes("@")) {
      setError("Please enter a valid email address.");
      toast({ title: "Invalid email", description: "Please enter a valid email address.", variant: "destructive" });
      return;
    }
    setError(null);
    setSending(true);
    try {
      await api.email.list(listId, { email: value });
      toast({ title: "Email sent", description: `The list is on its way to ${value}.` });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.problem?.code === "sender_unverified") setVerified(false);
      if (err instanceof ApiError && err.problem?.message) {
        toast({ title: "Error sending email", description: errorText(err), variant: "destructive" });
      } else {
        toast({ title: "Email failed", description: "Failed to send shopping list.", variant: "destructive" });
      }
    } finally {
      setSending(false);
    }
  }

  return (
    // method="post": a submit that reaches the server without the script is the list page's action.
    <form method="post" onSubmit={submit} noValidate className="email-form">
      <input type="hidden" name="intent" value="email" />
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(v) => {
          setEmail(v);
          if (error) setError(null);
        }}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
        description={noEmail ? "No email found" : undefined}
        autoFocus
      />
      {verified === false ? (
        <div className="email-form__verify" role="note">
          <p>
            <strong>Confirm your e-mail address</strong> to send lists to other people. Until then they go to your own address
            {own ? ` (${own})` : ""} only. Open the link we mailed you, or ask for a new one.
          </p>
          <Button variant="outline" size="sm" onPress={resend} isPending={resending}>
            Send a new link
          </Button>
        </div>
      ) : null}
      <div className="email-form__buttons">
        <Button variant="ghost" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={sending}>
          Send
        </Button>
      </div>
    </form>
  );
}
