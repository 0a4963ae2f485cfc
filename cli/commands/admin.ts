/**
 * `recipecart admin create --email E [--password P] [--first-name F] [--last-name L] [--persist-to DIR]`
 * Creates an admin account in the local D1 (or promotes an existing account, matched
 * case-insensitively). Without --password a strong one is generated and printed once. Without
 * --first-name a new admin is named after the e-mail's name part ('chief.cook@…' is Chief Cook), so
 * the header and the admin desk never show a blank name.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../worker/db/schema.ts";
import { hashPassword } from "../../worker/lib/crypto.ts";
import { newId, newToken } from "../../worker/lib/ids.ts";
import { applyLocalMigrations, findLocalD1File, openLocalDb } from "../local-d1.ts";

const USAGE = "Usage: recipecart admin create --email E [--password P] [--first-name F] [--last-name L] [--persist-to DIR]";

const HELP = `${USAGE}

Creates an admin account in the local database, or makes the account with that e-mail address
(in any case) an admin.

  --email E          the admin's e-mail address (required)
  --password P       at least 8 characters. Without it, a new account gets a random 20-character
                     password, printed once and never stored in clear: copy it, sign in, and change
                     it on the dashboard's Profile tab. An existing account keeps its password.
  --first-name F     the name shown in the header and the admin desk; without it, a new admin is
  --last-name L      named after the e-mail's name part ('chief.cook@example.org' is Chief Cook)
  --persist-to DIR   the local database folder (default: .wrangler/state, the one npm start uses)
`;

/** A name from an e-mail address's name part: 'chief.cook+ops@x' gives Chief Cook ('Admin' when nothing is left). */
export function nameFromEmail(email: string): { firstName: string; lastName: string } {
  const local = (email.split("@")[0] ?? "").split("+")[0] ?? "";
  const words = local
    .split(/[._-]+/)
    .filter((w) => /\p{L}/u.test(w))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
  return { firstName: (words[0] ?? "Admin").slice(0, 100), lastName: words.slice(1).join(" ").slice(0, 100) };
}

const InputSchema = z.object({
  email: z.email("Invalid email address"),
  password: z.string().min(8, "Password must be at least 8 characters"),
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
});

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== "create") {
    if (sub === "--help" || sub === "-h") {
      process.stdout.write(HELP);
      return 0;
    }
    process.stdout.write(`${USAGE}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string", default: "" },
      "last-name": { type: "string", default: "" },
      "persist-to": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const generated = values.password ? null : newToken().slice(0, 20);
  const parsed = InputSchema.safeParse({
    email: values.email?.trim(),
    password: values.password ?? generated,
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) process.stderr.write(`${issue.path.join(".")}: ${issue.message}\n`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const input = parsed.data;
  applyLocalMigrations(values["persist-to"]);
  const { db, close } = openLocalDb(findLocalD1File(values["persist-to"]));
  try {
    const passwordHash = await hashPassword(input.password);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${input.email})`).limit(1);
    if (existing[0]) {
      await db
        .update(users)
        .set({
          isAdmin: true,
          ...(values.password ? { passwordHash } : {}),
          ...(input.firstName ? { firstName: input.firstName } : {}),
          ...(input.lastName ? { lastName: input.lastName } : {}),
        })
        .where(sql`${users.id} = ${existing[0].id}`);
      process.stdout.write(`Promoted ${input.email} to admin${values.password ? " and set the new password" : ""}.\n`);
    } else {
      const named = input.firstName ? { firstName: input.firstName, lastName: input.lastName } : nameFromEmail(input.email);
      await db.insert(users).values({
        id: newId(),
        email: input.email,
        passwordHash,
        firstName: named.firstName,
        lastName: input.lastName || named.lastName,
        isAdmin: true,
      });
      process.stdout.write(`Created admin ${input.email}.\n`);
      if (generated)
        process.stdout.write(
          `Generated password (shown once, not stored in clear): ${generated}\nSign in with it and change it on the dashboard's Profile tab.\n`,
        );
    }
    return 0;
  } finally {
    close();
  }
}
