/**
 * /household (docs/product/households.md, decision 0036): the signed-in user's household. Without one:
 * start one. With one: its people (the owner removes members), invitations (a link to copy, or an
 * e-mail sent for them; waiting ones can be withdrawn), its lists, and leaving (a member, one click)
 * or deleting it (the owner, after a confirm step). Every form posts to this route's action, which
 * calls the endpoint in process, so the page works without its script; with it, the same forms are
 * sent by React Router and the page reads the household again.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, useNavigation, useSubmit } from "react-router";
import { pageUser } from "../../../lib/page-access.server.ts";
import { LocalDate } from "../../../components/local-date.tsx";
import { pageMeta } from "../../../lib/meta.ts";
import { formCall, formFields, type FormFailure } from "../../../lib/page-api.server.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../ui/button.tsx";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { Link } from "../../../ui/link.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import { type CreatedInvite, HOUSEHOLD_NAME_MAX, type Household, householdEndpoints, INVITE_EMAIL_MAX } from "../contract.ts";
import type { Route } from "./+types/household.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = pageUser(context, request, "user");
  const answer = await formCall(context, householdEndpoints.get);
  if (!answer.ok) throw data("Failed to load your household", { status: 503 });
  const { household } = (await answer.response.json()) as { household: Household | null };
  return { household, firstName: user.firstName };
}

export const headers = privatePageHeaders;

type Intent = "create" | "invite-link" | "invite-email" | "revoke" | "remove" | "leave" | "delete";

export async function action({ request, context }: Route.ActionArgs) {
  const f = formFields(await request.formData(), ["intent", "name", "email", "id"]);
  const intent = f.intent as Intent;
  const id = f.id;
  const ep = householdEndpoints;
  const done =
    intent === "create"
      ? await formCall(context, ep.create, { body: { name: f.name } })
      : intent === "invite-link"
        ? await formCall(context, ep.invite, { body: {} })
        : intent === "invite-email"
          ? await formCall(context, ep.invite, { body: { email: f.email } })
          : intent === "revoke"
            ? await formCall(context, ep.revokeInvite, { params: { inviteId: id } })
            : intent === "remove"
              ? await formCall(context, ep.removeMember, { params: { userId: id } })
              : intent === "leave"
                ? await formCall(context, ep.leave)
                : intent === "delete"
                  ? await formCall(context, ep.remove)
                  : null;
  if (!done) return { intent, failure: { status: 400, message: "Unknown request.", errors: {} } as FormFailure, link: null };
  if (!done.ok) return { intent, failure: done.failure, link: null, email: f.email };
  const link = intent === "invite-link" ? (((await done.response.json()) as CreatedInvite).link ?? null) : null;
  return { intent, failure: null, link, email: intent === "invite-email" ? f.email : "" };
}

export const meta = () =>
  pageMeta({ title: "Your household", description: "Share shopping lists with the people you shop with.", personal: true });

export default function HouseholdPage({ loaderData, actionData }: Route.ComponentProps) {
  const { household } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const failure = actionData?.failure ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = household ? household.name : "Your household";

  // What just happened, said once (the form's own message stays on the page for a failure).
  useEffect(() => {
    if (!actionData || actionData.failure) return;
    const said: Partial<Record<Intent, string>> = {
      create: "Household created",
      "invite-email": `Invitation sent to ${actionData.email}`,
      revoke: "Invitation withdrawn",
      remove: "Member removed",
      leave: "You left the household",
      delete: "Household deleted",
    };
    const text = said[actionData.intent];
    if (text) toast({ title: text });
  }, [actionData]);

  return (
    <div className="household-page container">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {failure ? (
        <p className="household-page__failure" role="alert">
          {failure.message ?? "Something went wrong. Please try again."}
        </p>
      ) : null}
      {household ? (
        <HouseholdView household={household} busy={busy} link={actionData?.link ?? null} />
      ) : (
        <section className="household-page__section" aria-labelledby="household-start">
          <h2 id="household-start">Shop together</h2>
          <p>
            A household shares shopping lists: everyone in it sees and changes them, and sees each tick as it happens, from any phone or
            computer.
          </p>
          <Form method="post" className="household-page__form">
            <input type="hidden" name="intent" value="create" />
            <TextField
              name="name"
              label="Household name"
              defaultValue={loaderData.firstName ? `${loaderData.firstName}'s household` : "Our household"}
              maxLength={HOUSEHOLD_NAME_MAX}
              isRequired
              errorMessage={failure?.errors.name?.[0]}
            />
            <Button type="submit" isPending={busy("create")}>
              Start a household
            </Button>
          </Form>
        </section>
      )}
      <p className="household-page__back">
        <Link href="/dashboard">Back to Dashboard</Link>
      </p>
    </div>
  );
}

function HouseholdView({ household, busy, link }: { household: Household; busy: (i: Intent) => boolean; link: string | null }) {
  const owner = household.role === "owner";
  const submit = useSubmit();
  const [confirm, setConfirm] = useState<null | { intent: "remove" | "delete"; id?: string; name?: string }>(null);
  return (
    <>
      <section className="household-page__section" aria-labelledby="household-people">
        <h2 id="household-people">People</h2>
        <ul className="household-page__list">
          {household.members.map((m) => (
            <li key={m.id} className="household-page__row">
              <span>
                <strong>{m.name}</strong>
                {m.you ? " (you)" : ""}
                {m.role === "owner" ? " · owner" : ""}
                {m.email ? <span className="household-page__muted"> · {m.email}</span> : null}
              </span>
              {owner && m.role === "member" ? (
                <Form
                  method="post"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setConfirm({ intent: "remove", id: m.id, name: m.name });
                  }}
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={m.id} />
                  <Button type="submit" variant="outline" size="sm" aria-label={`Remove ${m.name}`} isPending={busy("remove")}>
                    Remove
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="household-page__section" aria-labelledby="household-invite">
        <h2 id="household-invite">Invite someone</h2>
        <p className="household-page__muted">An invitation works once, for 7 days.</p>
        <Form method="post" className="household-page__form">
          <input type="hidden" name="intent" value="invite-link" />
          <Button type="submit" variant="outline" isPending={busy("invite-link")}>
            Create an invitation link
          </Button>
        </Form>
        {link ? <InviteLink link={link} /> : null}
        <Form method="post" className="household-page__form household-page__form--inline">
          <input type="hidden" name="intent" value="invite-email" />
          <TextField name="email" type="email" label="Or send it by e-mail" maxLength={INVITE_EMAIL_MAX} isRequired autoComplete="off" />
          <Button type="submit" isPending={busy("invite-email")}>
            Send invitation
          </Button>
        </Form>
        {household.invites.length ? (
          <>
            <h3>Waiting invitations</h3>
            <ul className="household-page__list">
              {household.invites.map((i) => (
                <li key={i.id} className="household-page__row">
                  <span>
                    {i.email ?? "Invitation link"}
                    <span className="household-page__muted">
                      {" "}
                      · until <LocalDate iso={i.expiresAt} />
                    </span>
                  </span>
                  {i.canRevoke ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={i.id} />
                      <Button type="submit" variant="ghost" size="sm" aria-label={`Withdraw the invitation ${i.email ?? "link"}`}>
                        Withdraw
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="household-page__section" aria-labelledby="household-lists">
        <h2 id="household-lists">Household lists</h2>
        {household.lists.length ? (
          <ul className="household-page__list">
            {household.lists.map((l) => (
              <li key={l.id} className="household-page__row">
                <Link href={`/shopping-list/${encodeURIComponent(l.id)}`}>{l.name}</Link>
                <span className="household-page__muted">
                  {l.itemCount} {l.itemCount === 1 ? "item" : "items"}
                  {l.by ? ` · by ${l.by}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="household-page__muted">
            No household lists yet. Open one of your lists and press 'Share with household' to share it.
          </p>
        )}
      </section>

      <section className="household-page__section" aria-labelledby="household-leave">
        <h2 id="household-leave">{owner ? "Delete the household" : "Leave the household"}</h2>
        {owner ? (
          <Form
            method="post"
            onSubmit={(e) => {
              e.preventDefault();
              setConfirm({ intent: "delete" });
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <p className="household-page__muted">Everyone leaves it; each list goes back to the person who made it.</p>
            <Button type="submit" variant="destructive" isPending={busy("delete")}>
              Delete household
            </Button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="leave" />
            <p className="household-page__muted">You lose the household's lists at once, also the ones you shared.</p>
            <Button type="submit" variant="outline" isPending={busy("leave")}>
              Leave household
            </Button>
          </Form>
        )}
      </section>

      <ConfirmDialog
        isOpen={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm?.intent === "delete" ? "Delete the household?" : `Remove ${confirm?.name ?? "this person"}?`}
        message={
          confirm?.intent === "delete"
            ? "Everyone leaves it and its lists go back to the people who made them. This cannot be undone."
            : "They lose the household's lists at once. You can invite them again later."
        }
        confirmLabel={confirm?.intent === "delete" ? "Delete household" : "Remove"}
        onConfirm={() => {
          const c = confirm;
          setConfirm(null);
          if (c) void submit({ intent: c.intent, id: c.id ?? "" }, { method: "post" });
        }}
      />
    </>
  );
}

/** A new invitation link, shown once, with Copy. */
function InviteLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="household-page__link">
      <TextField label="Invitation link (send it to the person you invite)" value={link} isReadOnly />
      <Button
        variant="outline"
        size="sm"
        onPress={() =>
          void navigator.clipboard.writeText(link).then(
            () => {
              setCopied(true);
              toast({ title: "Copied to clipboard" });
            },
            () => toast({ title: "Copy failed", variant: "destructive" }),
          )
        }
      >
        {copied ? "Copied" : "Copy link"}
      </Button>
    </div>
  );
}
