/**
 * The Mailer interface and its two implementations (decision 0021):
 * - CloudflareEmailMailer: Cloudflare Email Service through the `send_email` binding
 *   (`env.EMAIL.send({ to, from, subject, html, text, replyTo, headers })`), used when the binding exists and MAIL_FROM
 *   names a sender;
 * - ConsoleMailer: with no provider configured (local `npm start`), prints each mail's recipient,
 *   subject and links in the terminal, and counts it as sent. The links (a reset link is a live secret) are
 *   printed only in local development (APP_ORIGIN on a loopback host); elsewhere the log says they were left out.
 */
import { isLocalDevelopment } from "../http/app-origin.ts";
import { linksIn } from "./templates.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Reply-To (decision 0021); null or absent: replies go to the From address. */
  replyTo?: string | null;
  /**
   * Extra headers (a list mail's List-Unsubscribe and List-Unsubscribe-Post, decision 0044). Email Service
   * accepts only headers on its allow-list (and X-*); From, To, Subject and Reply-To are fields, never headers.
   */
  headers?: Record<string, string> | null;
}

export interface Mailer {
  readonly name: "cloudflare-email" | "console";
  /** Sends or throws; the outbox retries a throw later. */
  send(mail: OutgoingMail): Promise<void>;
}

/** The slice of the send_email binding we use (structural, so tests can pass a fake). */
export interface EmailBinding {
  send(message: {
    to: string;
    from: string;
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

export class CloudflareEmailMailer implements Mailer {
  readonly name = "cloudflare-email";
  private readonly binding: EmailBinding;
  private readonly from: string;
  constructor(binding: EmailBinding, from: string) {
    this.binding = binding;
    this.from = from;
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.binding.send({
      to: mail.to,
      from: this.from,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.headers && Object.keys(mail.headers).length ? { headers: { ...mail.headers } } : {}),
    });
  }
}

export class ConsoleMailer implements Mailer {
  readonly name = "console";
  private readonly log: (line: string) => void;
  private readonly showLinks: boolean;
  constructor(log: (line: string) => void = (line) => console.log(line), options: { showLinks?: boolean } = {}) {
    this.log = log;
    this.showLinks = options.showLinks ?? true;
  }
  async send(mail: OutgoingMail): Promise<void> {
    const links = linksIn(mail.text);
    this.log(
      [
        `[mail] to: ${mail.to}`,
        ...(mail.replyTo ? [`[mail] reply-to: ${mail.replyTo}`] : []),
        `[mail] subject: ${mail.subject}`,
        ...Object.keys(mail.headers ?? {}).map((name) => `[mail] header: ${name}`),
        ...(this.showLinks
          ? links.map((l) => `[mail] link: ${l}`)
          : links.length
            ? [`[mail] ${links.length} link(s) left out: not local development (set MAIL_FROM and the EMAIL binding to send mail)`]
            : []),
      ].join("\n"),
    );
  }
}

export function mailerFromEnv(env: Env): Mailer {
  const from = String((env as { MAIL_FROM?: string }).MAIL_FROM ?? "").trim();
  const binding = (env as Partial<Pick<Env, "EMAIL">>).EMAIL as unknown as EmailBinding | undefined;
  return binding && from
    ? new CloudflareEmailMailer(binding, from)
    : new ConsoleMailer(undefined, { showLinks: isLocalDevelopment(env as { APP_ORIGIN?: string }) });
}

/** RECIPECART_DEV_OUTBOX=1: GET /api/dev/outbox lists the outbox (the end-to-end tests follow mailed links). */
export const devOutboxEnabled = (env: Env) => String((env as { RECIPECART_DEV_OUTBOX?: string }).RECIPECART_DEV_OUTBOX ?? "") === "1";

/**
 * Whether a sent mail keeps its secret in the stored copy: only for the development outbox in local development,
 * where the tests read reset and invitation links from it. Everywhere else the secret is cut out once sent.
 */
export const keepSentSecrets = (env: Env) => devOutboxEnabled(env) && isLocalDevelopment(env as { APP_ORIGIN?: string });
