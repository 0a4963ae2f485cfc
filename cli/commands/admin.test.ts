import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { users } from "../../worker/db/schema.ts";
import { verifyPassword } from "../../worker/lib/crypto.ts";
import { findLocalD1File, openLocalDb } from "../local-d1.ts";
import { nameFromEmail, run } from "./admin.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const dir = mkdtempSync(path.join(tmpdir(), "rc-admin-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("recipecart admin create", () => {
  it("creates an admin in a freshly migrated local D1, then promotes case-insensitively", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      expect(await run(["create", "--email", "Chief@Example.org", "--password", "correct horse", "--persist-to", dir])).toBe(0);
      expect(await run(["create", "--email", "chief@example.ORG", "--first-name", "Ada", "--persist-to", dir])).toBe(0);
    } finally {
      out.mockRestore();
    }
    const { db, close } = openLocalDb(findLocalD1File(dir));
    try {
      const rows = await db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(expectDefined(rows[0]).isAdmin).toBe(true);
      expect(expectDefined(rows[0]).firstName).toBe("Ada");
      expect(expectDefined(rows[0]).passwordHash).not.toContain("correct horse");
      // Promotion without --password keeps the password that was set.
      expect(await verifyPassword("correct horse", expectDefined(rows[0]).passwordHash)).toBe(true);
      expect(await verifyPassword("wrong", expectDefined(rows[0]).passwordHash)).toBe(false);
    } finally {
      close();
    }
  }, 180_000); // wrangler migrations apply + two scrypt hashes: ~11 s of CPU, over a minute of wall time on a busy host

  it("names a new admin made without a name after the e-mail's name part, and prints the generated password with what to do", async () => {
    const printed: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      expect(await run(["create", "--email", "grace.hopper@example.org", "--persist-to", dir])).toBe(0);
    } finally {
      out.mockRestore();
    }
    const text = printed.join("");
    const password = expectDefined(/Generated password \(shown once, not stored in clear\): (\S+)/.exec(text)?.[1]);
    expect(text).toMatch(/change it on the dashboard's Profile tab/);
    const { db, close } = openLocalDb(findLocalD1File(dir));
    try {
      const row = expectDefined((await db.select().from(users)).find((u) => u.email === "grace.hopper@example.org"));
      expect(row).toMatchObject({ firstName: "Grace", lastName: "Hopper", isAdmin: true });
      expect(await verifyPassword(password, row.passwordHash)).toBe(true);
    } finally {
      close();
    }
  }, 180_000);

  it("--help explains the generated password and the default name", async () => {
    for (const args of [["--help"], ["create", "--help"]]) {
      const printed: string[] = [];
      const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
        printed.push(String(chunk));
        return true;
      });
      try {
        expect(await run(args)).toBe(0);
      } finally {
        out.mockRestore();
      }
      const text = printed.join("");
      expect(text).toMatch(/random 20-character\s+password, printed once/);
      expect(text).toMatch(/change\s+it on the dashboard's Profile tab/);
      expect(text).toMatch(/named after the e-mail's name part/);
    }
  });

  it("a name from an e-mail address", () => {
    expect(nameFromEmail("chief.cook+ops@example.org")).toEqual({ firstName: "Chief", lastName: "Cook" });
    expect(nameFromEmail("e2e-admin@example.com")).toEqual({ firstName: "E2e", lastName: "Admin" });
    expect(nameFromEmail("ops@example.com")).toEqual({ firstName: "Ops", lastName: "" });
    expect(nameFromEmail("12345@example.com")).toEqual({ firstName: "Admin", lastName: "" });
    expect(nameFromEmail("JOSÉ_MARÍA@example.es")).toEqual({ firstName: "José", lastName: "María" });
  });

  it("refuses an invalid e-mail with exit code 2 and writes nothing", async () => {
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(await run(["create", "--email", "not-an-email", "--persist-to", dir])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});
