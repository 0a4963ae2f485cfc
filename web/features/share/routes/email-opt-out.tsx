/**
 * /email-opt-out/{token} (decision 0044): the 'Don't send me lists' link of a shopping-list mail, also its
 * List-Unsubscribe header. Opening it (GET) changes nothing: it shows a button. A POST stops list mails to the
 * address the mail went to: the button, or a mail provider's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`). Once stopped, 'Send me lists again' undoes it. Works without the page's script.
 */
import { useRef } from "react";
import { data } from "react-router";
import { emailEndpoints } from "../../../../core/api/email.ts";
import { ResultCard } from "../../../components/auth-card.tsx";
import { useFocusHeadingOnChange } from "../../../lib/focus.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { formCall, formFields } from "../../../lib/page-api.server.ts";
import { privatePageHeaders } from "../../../lib/private-page.ts";
import type { Route } from "./+types/email-opt-out.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const done = await formCall(context, emailEndpoints.optOutState, { params: { token: params.token ?? "" } });
  if (done.ok) return { valid: true, optedOut: ((await done.response.json()) as { optedOut: boolean }).optedOut };
  if (done.failure.status >= 500) throw data("Failed to load the page", { status: 503 });
  return { valid: false, optedOut: false };
}

export const headers = privatePageHeaders;

export async function action({ params, request, context }: Route.ActionArgs) {
  // 'resume' is the page's own button; anything else (the page's 'stop', a provider's one-click body) stops.
  const { intent } = formFields(await request.formData(), ["intent"]);
  const done = await formCall(context, intent === "resume" ? emailEndpoints.optBackIn : emailEndpoints.optOut, {
    params: { token: params.token ?? "" },
  });
  if (done.ok) return { optedOut: ((await done.response.json()) as { optedOut: boolean }).optedOut, message: null };
  return { optedOut: null, message: done.failure.message };
}

export const meta = () => [
  ...pageMeta({ title: "Don't send me lists", description: "Stop shopping lists e-mailed through recipecart.", noindex: true }),
  { name: "referrer", content: "strict-origin" },
];

export default function EmailOptOut({ loaderData, actionData }: Route.ComponentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const optedOut = actionData?.optedOut ?? loaderData.optedOut;
  const view = !loaderData.valid || actionData?.message ? "invalid" : optedOut ? "stopped" : "ask";
  useFocusHeadingOnChange(headingRef, view);

  if (view === "invalid") {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="warning"
        title="This link is not valid"
        lead={actionData?.message ?? "This link is not valid. Please use the link from the e-mail you received."}
        links={[{ href: "/", label: "Back to Home" }]}
      />
    );
  }
  if (view === "stopped") {
    return (
      <ResultCard
        headingRef={headingRef}
        kind="check"
        title="No more lists to this address"
        lead="recipecart will not send shopping lists to this address again, whoever asks. Mails about your own account, such as password resets, still come."
        post={{ label: "Send me lists again", intent: "resume", variant: "outline" }}
      />
    );
  }
  return (
    <ResultCard
      headingRef={headingRef}
      kind="mail"
      title="Don't send me lists"
      lead="Someone used recipecart to e-mail you a shopping list. Press the button and we will not send lists to this address again."
      post={{ label: "Don't send me lists", intent: "stop" }}
    />
  );
}
