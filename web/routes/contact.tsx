import { type FormEvent, useRef, useState } from "react";
import { StaticPage } from "../components/static-page.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { toast } from "../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Form } from "../ui/form.tsx";
import { Link } from "../ui/link.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { TextArea } from "../ui/text-area.tsx";
import { TextField } from "../ui/text-field.tsx";
import type { Route } from "./+types/contact.ts";

export const meta = (args: Route.MetaArgs) =>
  pageMeta({
    title: "Contact Us",
    description:
      "Questions, bug reports or ideas for recipecart? Send us a message: we reply within 24 hours, Monday to Friday, 9AM to 6PM EST.",
    canonical: canonicalUrl(args),
  });

/** docs/product/constants.md: the contact form is simulated; "sending" lasts this long. */
export const CONTACT_SEND_DELAY_MS = 1000;

/** docs/product/data.md: contact categories. */
export const CONTACT_CATEGORIES: SelectOption[] = [
  { id: "general", label: "General question" },
  { id: "technical", label: "Technical support" },
  { id: "feature", label: "Feature request" },
  { id: "bug", label: "Bug report" },
  { id: "account", label: "Account help" },
];

// Deliberately simple: one "@", something either side, a dot in the domain. The browser's own
// type=email check runs too.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string) => (value: string) => (value.trim() ? null : message);

function validateEmail(value: string): string | null {
  if (!value.trim()) return "Please enter your email address.";
  return EMAIL_RE.test(value.trim()) ? null : "Please enter a valid email address.";
}

export default function Contact() {
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    // docs/product/behaviour.md: no request is made; the message is "sent" after a short pause.
    window.setTimeout(() => {
      setSending(false);
      formRef.current?.reset();
      toast({
        title: "Message sent!",
        description: "Thanks for getting in touch. We'll get back to you within 24 hours.",
      });
    }, CONTACT_SEND_DELAY_MS);
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
          <Form ref={formRef} onSubmit={onSubmit} className="contact__form" aria-busy={sending || undefined}>
            <div className="form-row">
              <TextField
                name="name"
                label="Name"
                autoComplete="name"
                isRequired
                isReadOnly={sending}
                validate={required("Please enter your name.")}
              />
              <TextField
                name="email"
                type="email"
                label="Email"
                autoComplete="email"
                isRequired
                isReadOnly={sending}
                validate={validateEmail}
              />
            </div>
            <TextField name="subject" label="Subject" isRequired isReadOnly={sending} validate={required("Please enter a subject.")} />
            <Select
              name="category"
              label="Category"
              placeholder="Choose a category (optional)"
              options={CONTACT_CATEGORIES}
              isDisabled={sending}
            />
            <TextArea
              name="message"
              label="Message"
              rows={6}
              isRequired
              isReadOnly={sending}
              validate={required("Please enter your message.")}
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
