import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSummary, devVars, extensionIdForPath, localExtensionOrigins } from "./start-plan.ts";

const dir = mkdtempSync(path.join(tmpdir(), "rc-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The values of `--var NAME:value` pairs, by name. */
const vars = (args: string[]) =>
  Object.fromEntries(
    args.filter((_, i) => args[i - 1] === "--var").map((v) => [v.slice(0, v.indexOf(":")), v.slice(v.indexOf(":") + 1)] as const),
  );

describe("what npm start hands to wrangler dev", () => {
  it("passes EXTENSION_ORIGINS through like the other variables", () => {
    const args = devVars(
      {
        EXTENSION_ORIGINS: "chrome-extension://abcdefghijklmnopabcdefghijklmnop,moz-extension://*",
        APP_ORIGIN: "http://localhost:8787",
        PATH: "/bin",
      },
      ["chrome-extension://pppppppppppppppppppppppppppppppp"],
    );
    expect(vars(args)).toEqual({
      APP_ORIGIN: "http://localhost:8787",
      EXTENSION_ORIGINS: "chrome-extension://abcdefghijklmnopabcdefghijklmnop,moz-extension://*",
    });
  });

  it("without EXTENSION_ORIGINS, lets this checkout's unpacked Chrome builds call the API", () => {
    expect(vars(devVars({}, ["chrome-extension://aaaa", "chrome-extension://bbbb"]))).toEqual({
      EXTENSION_ORIGINS: "chrome-extension://aaaa,chrome-extension://bbbb",
    });
    expect(devVars({}, [])).toEqual([]);
  });

  it("finds the unpacked builds that exist, with the id Chromium gives an unpacked extension", () => {
    expect(localExtensionOrigins(dir)).toEqual([]);
    const chrome = path.join(dir, "dist", "extension", "chrome");
    mkdirSync(chrome, { recursive: true });
    const [origin, ...rest] = localExtensionOrigins(dir);
    expect(rest).toEqual([]);
    expect(origin).toBe(`chrome-extension://${extensionIdForPath(chrome)}`);
    expect(origin).toMatch(/^chrome-extension:\/\/[a-p]{32}$/);
  });

  it("sums the build up in one line instead of a table of every file", () => {
    const build = path.join(dir, "build");
    mkdirSync(path.join(build, "client", "assets"), { recursive: true });
    mkdirSync(path.join(build, "server"), { recursive: true });
    writeFileSync(path.join(build, "client", "assets", "a.js"), "x".repeat(1024 * 1024));
    writeFileSync(path.join(build, "client", "favicon.svg"), "<svg/>");
    writeFileSync(path.join(build, "server", "index.js"), "y".repeat(2 * 1024 * 1024));
    const line = buildSummary(build, 41.4);
    expect(line).toBe("Built in 41 s: the site (2 files, 1.0 MB) and the Worker (2.0 MB).");
    expect(line.split("\n")).toHaveLength(1);
  });
});
