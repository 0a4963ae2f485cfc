import { type FormEvent, useRef, useState } from "react";
import {
  CONTACT_CATEGORIES,
  CONTACT_CATEGORY_LABELS,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  ContactRequestSchema,
  isContactCategory,
  contactEndpoints,
} from "../../core/api/contact.ts";
import { EMAIL_MAX } from "../../core/api/email.ts";
import { StaticPage } from "../components/static-page.tsx";
import { api } from "../lib/api.ts";
import { failureMessage, fieldValidator, focusFirstInvalid, serverFieldErrors } from "../lib/form-validation.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { toast } from "../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Form } from "../ui/form.tsx";
import { Link } from "../ui/link.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { TextArea } from "../ui/text-area.tsx";
import { TextField } from "../ui/text-field.tsx";
import type { Route } from "./+types/contact.ts";
import { formCall, formFields } from "../lib/page-api.server.ts";

/** The form's own POST (sent without the page's script): the same endpoint, in process; a refused message comes back whole. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formFields(await request.formData(), ["name", "email", "subject", "category", "message"]);
  const done = await formCall(context, contactEndpoints.send, {
    body: { ...values, category: isContactCategory(values.category) ? values.category : null },
  });
  return done.ok ? { sent: true as const } : { sent: false as const, values, failure: done.failure };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta({
    title: "Contact Us",
    description:
      "Questions, bug reports or ideas for recipecart? Send us a message: we reply within 24 hours, Monday to Friday, 9AM to 6PM EST.",
    canonical: canonicalUrl(args),
  });

/** docs/product/data.md: contact categories. */
export const CONTACT_CATEGORY_OPTIONS: SelectOption[] = CONTACT_CATEGORIES.map((id) => ({ id, label: CONTACT_CATEGORY_LABELS[id] }));

// The server's own rules (core/api/contact.ts), so the browser and the API give the same messages.
const field = ContactRequestSchema.shape;
const validate = {
  name: fieldValidator(field.name),
  email: fieldValidator(field.email),
  subject: fieldValidator(field.subject),
  message: fieldValidator(field.message),
};

const text = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === "string" ? v : "";
};

export default function Contact({ actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.sent ? actionData : null;
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const formRef = useRef<HTMLFormElement>(null);

  // docs/product/behaviour.md "Contact form": stored and mailed to support (decision 0021). On failure
  // the typed text stays in the form.
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const data = new FormData(e.currentTarget);
    setSending(true);
    setServerErrors({});
    try {
      const category = data.get("category");
      await api.contact.send({
        name: text(data, "name"),
        email: text(data, "email"),
        subject: text(data, "subject"),
        category: isContactCategory(category) ? category : null,
        message: text(data, "message"),
      });
      formRef.current?.reset();
      toast({
        title: "Message sent!",
        description: "Thanks for getting in touch. We'll get back to you within 24 hours.",
      });
    } catch (err) {
      const errors = serverFieldErrors(err);
      if (errors) {
        setServerErrors(errors);
        focusFirstInvalid(formRef.current);
      }
      toast({
        title: "Message not sent",
        description: failureMessage(err, "Failed to send your message. Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <StaticPage
      eyebrow="Contact Us"
      title="We'd love to hear from you"
      lead="Question, problem, or an idea that would make your shopping easier? Send us a message and a real person will answer."
      width="wide"
    >
      <div className="contact">
        <section className="card contact__form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <p className="contact__required-note">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">as required</span> are required.
          </p>
          {actionData?.sent ? (
            <p className="contact__sent" role="status">
              Message sent! Thanks for getting in touch. We'll get back to you within 24 hours.
            </p>
          ) : refused ? (
            <p className="auth-card__alert" role="alert">
              Message not sent: {refused.failure.message ?? "Failed to send your message. Please try again."}
            </p>
          ) : null}
          <Form
            ref={formRef}
            method="post"
            onSubmit={onSubmit}
            className="contact__form"
            aria-busy={sending || undefined}
            validationErrors={refused ? { ...refused.failure.errors, ...serverErrors } : serverErrors}
            liveErrors
          >
            <div className="form-row">
              <TextField
                name="name"
                defaultValue={refused?.values.name}
                label="Name"
                autoComplete="name"
                isRequired
                maxLength={CONTACT_NAME_MAX}
                isReadOnly={sending}
                validate={validate.name}
              />
              <TextField
                name="email"
                defaultValue={refused?.values.email}
                type="email"
                label="Email"
                autoComplete="email"
                isRequired
                maxLength={EMAIL_MAX}
                isReadOnly={sending}
                validate={validate.email}
              />
            </div>
            <TextField
              name="subject"
              defaultValue={refused?.values.subject}
              label="Subject"
              isRequired
              maxLength={CONTACT_SUBJECT_MAX}
              isReadOnly={sending}
              validate={validate.subject}
            />
            <Select
              name="category"
              label="Category"
              placeholder="Choose a category (optional)"
              options={CONTACT_CATEGORY_OPTIONS}
              isDisabled={sending}
            />
            <TextArea
              name="message"
              defaultValue={refused?.values.message}
              label="Message"
              rows={6}
              isRequired
              maxLength={CONTACT_MESSAGE_MAX}
              isReadOnly={sending}
              validate={validate.message}
              description="Tell us what happened or what you'd like. For a recipe that didn't work, include its link."
            />
            <div className="contact__actions">
              <Button type="submit" size="lg" isPending={sending}>
                {sending ? "Sending…" : "Send Message"}
              </Button>
            </div>
          </Form>
        </section>

        <aside className="contact__info" aria-label="Support details">
          <div className="card info-card">
            <h2>Response time</h2>
            <p>We respond to every message within 24 hours.</p>
          </div>
          <div className="card info-card">
            <h2>Support hours</h2>
            <p>Monday to Friday, 9AM to 6PM EST.</p>
          </div>
          <div className="card info-card">
            <h2>Looking for a quick answer?</h2>
            <p>
              The <Link href="/help">Help Center</Link> covers adding recipes, sites that don't work, printing and sharing lists, accounts
              and more.
            </p>
          </div>
        </aside>
      </div>
    </StaticPage>
  );
}
