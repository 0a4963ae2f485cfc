import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { users } from "../../worker/db/schema.ts";
import { verifyPassword } from "../../worker/lib/crypto.ts";
import { findLocalD1File, openLocalDb } from "../local-d1.ts";
import { run } from "./admin.ts";
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

  it("refuses an invalid e-mail with exit code 2 and writes nothing", async () => {
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(await run(["create", "--email", "not-an-email", "--persist-to", dir])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});
