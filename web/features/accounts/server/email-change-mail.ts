/**
 * The notice an e-mail change sends to the OLD address (decision 0045): what changed, and a link to
 * undo it for 7 days. The link is the mail's live secret (the outbox cuts it out once sent).
 */
import { layout, type MailContent } from "../../../../worker/mail/templates.ts";

export function emailChangedMail(to: string, change: { newEmail: string; at: Date }, link: string, secret: string): MailContent {
  const subject = "The email address of your recipecart account was changed";
  const when = `${change.at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const lines = [
    `On ${when} the email address of your recipecart account was changed from ${to} to ${change.newEmail}.`,
    "If you made this change, there is nothing to do.",
    "If you did not, open the link below within 7 days to put your address back. Every device signed in to your account is signed out and the password is removed, so whoever changed it cannot sign in; you then choose a new password.",
  ];
  return {
    kind: "email_changed",
    to,
    subject,
    text: `${lines.join("\n\n")}\n\n${link}\n`,
    html: layout(subject, lines, { label: "Undo the change", href: link }),
    secret,
  };
}
