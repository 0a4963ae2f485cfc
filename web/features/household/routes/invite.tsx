/**
 * /invite/{token} (docs/product/households.md, decision 0036): an invitation to a household. Signed out:
 * sign in or create an account, and come back here. Signed in: who invited, to which household, and
 * 'Join household'; a used, withdrawn, expired or unknown invitation says which, in words.
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { callerContext } from "../../../context.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { formCall, type FormFailure } from "../../../lib/page-api.server.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import { Button } from "../../../ui/button.tsx";
import { Link } from "../../../ui/link.tsx";
import { householdEndpoints, type InvitePreview, InviteTokenSchema } from "../contract.ts";
import { signInFor } from "../contract.ts";
import type { Route } from "./+types/invite.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.token ?? "";
  if (!InviteTokenSchema.safeParse(token).success) {
    return { token, signedIn: true, preview: null, refusal: "This invitation link is not valid. Ask for a new one." };
  }
  if (!context.get(callerContext).user) return { token, signedIn: false, preview: null, refusal: null };
  const done = await formCall(context, householdEndpoints.preview, { body: { token } });
  if (done.ok) return { token, signedIn: true, preview: (await done.response.json()) as InvitePreview, refusal: null };
  if (done.failure.status >= 500) throw data("Failed to load the invitation", { status: 503 });
  return { token, signedIn: true, preview: null, refusal: done.failure.message ?? "This invitation cannot be used." };
}

export const headers = privatePageHeaders;

export async function action({ params, context }: Route.ActionArgs) {
  const done = await formCall(context, householdEndpoints.accept, { body: { token: params.token ?? "" } });
  if (done.ok) throw redirect("/household");
  return { failure: done.failure as FormFailure };
}

export const meta = () =>
  pageMeta({ title: "Join a household", description: "An invitation to share shopping lists on recipecart.", personal: true });

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { preview, refusal, signedIn, token } = loaderData;
  const failed = actionData?.failure?.message ?? null;
  return (
    <div className="household-page container">
      {!signedIn ? (
        <>
          <h1>You're invited to a household</h1>
          <p>
            Sign in, or create a free account, to see the invitation and join: its members share shopping lists and see every tick as it
            happens.
          </p>
          <p className="household-page__actions">
            <Link variant="primary" href={signInFor(token)}>
              Sign in
            </Link>
            <Link variant="outline" href={signInFor(token, "register")}>
              Create an account
            </Link>
          </p>
        </>
      ) : preview ? (
        <>
          <h1>Join {preview.household}</h1>
          <p>
            {preview.invitedBy ? `${preview.invitedBy} invited you` : "You are invited"} to join the household {preview.household} (
            {preview.members} {preview.members === 1 ? "person" : "people"}). Its members see and change its shopping lists, live.
          </p>
          {failed ? (
            <p className="household-page__failure" role="alert">
              {failed}
            </p>
          ) : null}
          <Form method="post">
            <Button type="submit" isPending={navigation.state !== "idle"}>
              Join household
            </Button>
          </Form>
        </>
      ) : (
        <>
          <h1>This invitation cannot be used</h1>
          <p role="alert">{refusal}</p>
          <p>
            <Link href="/household">Your household</Link>
          </p>
        </>
      )}
    </div>
  );
}
