/**
 * The mails recipecart sends, each with a plain-text and an HTML part. Links are absolute, built
 * on APP_ORIGIN only (worker/http/app-origin.ts), never on the request's Host.
 */

export interface MailContent {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (a contact message: the sender's address); absent: to the From address. */
  replyTo?: string;
  /** A live secret in the text, HTML or headers (a reset or invitation token): the outbox cuts it out once sent. */
  secret?: string;
  /** Extra headers (List-Unsubscribe, decision 0044). */
  headers?: Record<string, string>;
}

/** What stands in a sent mail's stored copy where its secret was. */
export const REDACTED = "REDACTED";

/** A stored text with every copy of `secret` (as written, and as URL-encoded) replaced by REDACTED. */
export function redact(text: string, secret: string): string {
  if (!secret) return text;
  let out = text.split(secret).join(REDACTED);
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  return out;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

const paras = (list: string[]) => list.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");

export function layout(title: string, before: string[], button: { label: string; href: string } | null, after: string[] = []): string {
  const body = paras(before);
  const cta = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: <br><a href="${escapeHtml(button.href)}">${escapeHtml(button.href)}</a></p>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${cta}${paras(after)}
<p style="margin-top:32px;font-size:12px;color:#6b7280">recipecart</p></body></html>`;
}

/** docs/product/screens.md /forgot-password: the link expires in 10 minutes and works once. */
export function passwordResetMail(to: string, link: string, secret?: string): MailContent {
  const subject = "Reset your recipecart password";
  const lines = [
    "Someone (hopefully you) asked to reset the password of your recipecart account.",
    "Open the link below to choose a new password. The link expires in 10 minutes and can be used once.",
    "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
  ];
  return {
    kind: "password_reset",
    to,
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: layout(subject, lines.slice(0, 2), { label: "Reset password", href: link }, lines.slice(2)),
    ...(secret ? { secret } : {}),
  };
}

/** One line of header-safe text: control characters (CR, LF, tabs) become spaces. */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

/**
 * A sender address fit for a Reply-To header: one plain addr-spec (local@domain.tld), no spaces,
 * control characters, angle brackets, commas or quotes (nothing that could name a second address or
 * add a header), at most 254 characters. The contact schema admits only such addresses; this is the
 * mail's own check, so a row written any other way never carries a header it should not.
 */
export function replyToAddress(email: string): string | null {
  const e = email.trim();
  return e.length <= 254 &&
    /^[^\s@<>(),;:"\\[\]\u0000-\u001f\u007f]+@[^\s@<>(),;:"\\[\]\u0000-\u001f\u007f]+\.[^\s@<>(),;:"\\[\]\u0000-\u001f\u007f]+$/.test(e)
    ? e
    : null;
}

/**
 * A contact-form message, to the support address (decision 0021). The sender's text is quoted as
 * typed (escaped in the HTML part); the subject is one line, so nothing typed can add a header.
 * Reply-To is the sender's address when it is a plain valid address (decision 0021), so support
 * answers with one click.
 */
export function contactMail(
  to: string,
  m: { name: string; email: string; subject: string; category: string | null; message: string; receivedAt: Date },
): MailContent {
  const replyTo = replyToAddress(m.email);
  const subject = `[recipecart contact${m.category ? `: ${m.category}` : ""}] ${oneLine(m.subject)}`.slice(0, 250);
  const from = `${oneLine(m.name)} <${oneLine(m.email)}>`;
  const head = [
    `From: ${from}`,
    `Category: ${m.category ?? "none"}`,
    `Received: ${m.receivedAt.toISOString()}`,
    `Subject: ${oneLine(m.subject)}`,
  ];
  return {
    kind: "contact_message",
    to,
    subject,
    text: `${head.join("\n")}\n\n${m.message}\n\nReply to ${oneLine(m.email)} (the support page promises an answer within 24 hours).\n`,
    html: layout(subject, [...head, ...m.message.split(/\n{2,}/)], null, [`Reply to ${oneLine(m.email)}.`]),
    ...(replyTo ? { replyTo } : {}),
  };
}

/** Every http(s) link in a text part (the development console prints them). */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** The link that proves an account's address (decision 0044): lasts 24 hours. */
export function emailVerificationMail(to: string, link: string, secret?: string): MailContent {
  const subject = "Confirm your recipecart e-mail address";
  const lines = [
    "Please confirm that this address belongs to your recipecart account.",
    "Open the link below and press Confirm. Then you can e-mail shopping lists to other people. The link expires in 24 hours.",
    "If you did not create a recipecart account, you can ignore this e-mail.",
  ];
  return {
    kind: "email_verification",
    to,
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: layout(subject, lines.slice(0, 2), { label: "Confirm my address", href: link }, lines.slice(2)),
    ...(secret ? { secret } : {}),
  };
}
