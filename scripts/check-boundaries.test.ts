import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkDecisionCites,
  checkFile,
  checkHandWrittenPaths,
  checkOutsideReferences,
  checkRepository,
  checkRepositoryCircles,
  checkRepositoryCites,
  checkRepositoryPaths,
  checkRepositoryReferences,
  checkRepositorySpelling,
  checkSpelling,
  findCircles,
  importsOf,
} from "./check-boundaries.ts";

const rules = (file: string, source: string) => checkFile(file, source).map((v) => `${v.line} ${v.specifier}`);

describe("import boundaries", () => {
  it("finds static, re-export, side-effect and dynamic imports with their lines", () => {
    const src = `import { a } from "./a.ts";\nexport { b } from "../b.ts";\nimport "./side.ts";\nconst c = await import("./c.ts");\nimport type { D } from "./d.ts";`;
    expect(importsOf(src)).toEqual([
      { specifier: "./a.ts", typeOnly: false, line: 1 },
      { specifier: "../b.ts", typeOnly: false, line: 2 },
      { specifier: "./side.ts", typeOnly: false, line: 3 },
      { specifier: "./c.ts", typeOnly: false, line: 4 },
      { specifier: "./d.ts", typeOnly: true, line: 5 },
    ]);
  });

  it("core/ imports only core/ and zod; its tests may add vitest, node: and the node/ driver, never cli/", () => {
    expect(rules("core/units/x.ts", `import { z } from "zod";\nimport { y } from "../combine/y.ts";`)).toEqual([]);
    expect(rules("core/units/x.ts", `import { readFileSync } from "node:fs";`)).toEqual(["1 node:fs"]);
    expect(rules("core/units/x.ts", `import { db } from "../../worker/db/client.ts";`)).toEqual(["1 ../../worker/db/client.ts"]);
    expect(rules("core/units/x.ts", `import { x } from "react";`)).toEqual(["1 react"]);
    expect(rules("core/units/x.ts", `const m = await import("cloudflare:workers");`)).toEqual(["1 cloudflare:workers"]);
    expect(rules("core/units/x.ts", `import { d } from "#web/lib/api.ts";`)).toEqual(["1 #web/lib/api.ts"]);
    const test = `import { it } from "vitest";\nimport fs from "node:fs";\nimport { nodeDriver } from "../../node/html-rewriter.ts";`;
    expect(rules("core/extract/x.test.ts", test)).toEqual([]);
    expect(rules("core/extract/x.test.ts", `import { run } from "../../cli/commands/extract.ts";`)).toEqual([
      "1 ../../cli/commands/extract.ts",
    ]);
  });

  it("web/ imports no worker/ runtime code (types are fine) and no Workers or database modules", () => {
    expect(rules("web/context.ts", `import type { Caller } from "../worker/services/caller.ts";`)).toEqual([]);
    expect(rules("web/lib/x.ts", `import { createDb } from "../../worker/db/client.ts";`)).toEqual(["1 ../../worker/db/client.ts"]);
    expect(rules("web/lib/x.ts", `import { env } from "cloudflare:workers";`)).toEqual(["1 cloudflare:workers"]);
    expect(rules("web/lib/x.ts", `import { eq } from "drizzle-orm";`)).toEqual(["1 drizzle-orm"]);
    expect(rules("web/lib/x.ts", `import { parse } from "../../core/ingredient/parse.ts";`)).toEqual([]);
  });

  it("a feature's server folder is Worker code; other web/ code imports it for types only", () => {
    const server = "web/features/household/server/routes.ts";
    expect(rules(server, `import { json } from "../../../../worker/http/problem.ts";\nimport { env } from "cloudflare:workers";`)).toEqual(
      [],
    );
    expect(rules("web/features/household/components/x.tsx", `import { moveList } from "../server/service.ts";`)).toEqual([
      "1 ../server/service.ts",
    ]);
    expect(rules("web/features/household/components/x.tsx", `import type { Household } from "../server/service.ts";`)).toEqual([]);
    expect(rules("web/routes/x.tsx", `import { HouseholdSchema } from "../features/household/contract.ts";`)).toEqual([]);
  });

  it("no feature reaches into another's internals: others import its contract (Worker code also its server modules but its queries)", () => {
    const inside = (file: string, spec: string) => rules(file, `import { x } from "${spec}";`);
    expect(inside("web/features/recipes/components/a.tsx", "../../household/contract.ts")).toEqual([]);
    expect(inside("web/features/recipes/components/a.tsx", "../../household/components/card.tsx")).toEqual([
      "1 ../../household/components/card.tsx",
    ]);
    expect(rules("web/features/recipes/server/a.ts", `import type { Row } from "../../household/server/queries.ts";`)).toEqual([
      "1 ../../household/server/queries.ts",
    ]);
    expect(inside("web/features/household/components/a.tsx", "../server/../contract.ts")).toEqual([]);
    expect(inside("web/features/household/components/a.tsx", "./card.tsx")).toEqual([]);
    expect(inside("web/routes/x.tsx", "../features/household/components/card.tsx")).toEqual([
      "1 ../features/household/components/card.tsx",
    ]);
    expect(inside("worker/api/index.ts", "../../web/features/household/server/routes.ts")).toEqual([]);
    expect(inside("worker/api/index.ts", "../../web/features/household/server/service.ts")).toEqual([]);
    expect(inside("worker/api/index.ts", "../../web/features/household/server/queries.ts")).toEqual([
      "1 ../../web/features/household/server/queries.ts",
    ]);
    expect(inside("web/features/share/server/service.ts", "../../household/server/service.ts")).toEqual([]);
    expect(rules("web/features/share/routes/x.tsx", `import type { X } from "../../household/server/service.ts";`)).toEqual([
      "1 ../../household/server/service.ts",
    ]);
    expect(inside("worker/live/a.test.ts", "../../web/features/household/server/service.ts")).toEqual([]);
  });

  it("the repository keeps them", () => {
    expect(checkRepository(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("no import circles", () => {
  it("finds files that import each other in a loop, and nothing else", () => {
    const graph = new Map(
      Object.entries({
        "a.ts": ["b.ts"],
        "b.ts": ["c.ts"],
        "c.ts": ["a.ts", "d.ts"],
        "d.ts": [],
        "e.ts": ["e.ts"],
        "f.ts": ["d.ts"],
      }),
    );
    expect(findCircles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    expect(
      findCircles(
        new Map([
          ["x.ts", ["y.ts"]],
          ["y.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("the repository has none", () => {
    expect(checkRepositoryCircles(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("one spelling of the domain words in names", () => {
  const words = (file: string, source = "") => checkSpelling(file, source).map((m) => `${m.line} ${m.word}`);
  it("finds the other spelling in declared names and file names, never in the UI's words or a CLI command's file", () => {
    expect(words("web/lib/x.ts", "const favouriteIds = 1;\nfunction categorizeAll() {}\ninterface NormalizedRow {}")).toEqual([
      "1 favouriteIds",
      "2 categorizeAll",
      "3 NormalizedRow",
    ]);
    expect(words("web/lib/x.tsx", 'const label = "Your favourites";\nconst s = text.normalize("NFC");')).toEqual([]);
    expect(words("core/categorise/categorize.ts")).toEqual(["0 categorize.ts"]);
    expect(words("cli/commands/categorize.ts")).toEqual([]);
  });

  it("the repository has one", () => {
    expect(checkRepositorySpelling(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("decision cites", () => {
  const records = ["0007-units-and-display.md", "0037-live-lists.md"];
  const stale = (source: string) => checkDecisionCites("web/x.ts", source, records).map((c) => `${c.line} ${c.cite}`);
  it("finds a cited number or record file that does not exist", () => {
    expect(stale("// decision 0007 and decisions 0037\n// docs/decisions/0007-units-and-display.md")).toEqual([]);
    expect(stale("// (decision 0164)\n// docs/decisions/0007-units-choice.md")).toEqual([
      "1 decision 0164",
      "2 docs/decisions/0007-units-choice.md",
    ]);
  });

  it("the repository cites only records that exist", () => {
    expect(checkRepositoryCites(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("each API path declared once", () => {
  const lines = (source: string) => checkHandWrittenPaths("web/x.ts", source).map((p) => p.line);
  it("finds a path written anywhere but an endpoint declaration", () => {
    expect(lines('export const a = { get: endpoint("GET", "/api/things/:id", { answer: S }) };')).toEqual([]);
    expect(lines('const ok = path.startsWith("/api/");')).toEqual([]);
    const source = ['call("GET", "/api/things")', `fetch(\`/api/things/\${id}\`)`, "const p = '/api/x';"].join("\n");
    expect(lines(source)).toEqual([1, 2, 3]);
    expect(lines("// GET /api/things in a comment is prose")).toEqual([]);
  });

  it("the clients and pages of the repository call declarations", () => {
    expect(checkRepositoryPaths(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("references to files outside the repository", () => {
  const lines = (file: string, source: string) => checkOutsideReferences(file, source).map((r) => r.line);
  // Strings built from pieces, so this test file itself carries none of them.
  const spec = ["SP", "EC"].join("");
  const up = ["..", "shared"].join("/");

  it("finds a spec section, the shared folder and the team's notes, in code and docs alike", () => {
    expect(lines("web/lib/x.ts", `/** Toasts (${spec} \u00a79): one at a time. */\nconst a = 1;`)).toEqual([1]);
    expect(lines("web/lib/x.ts", `// see ${spec} ${"\u00a7"}2 Home`)).toEqual([1]);
    expect(lines("docs/decisions/0001-stack-and-versions.md", `fine\n${up}/spec/${spec}.md says`)).toEqual([2]);
    expect(lines("cli/x.ts", `// (/work/${"shared"}/bench/README.md)`)).toEqual([1]);
    expect(lines("README.md", `See ${"INTEGRATIONS"}.md for the vendors.`)).toEqual([1]);
    expect(lines("e2e/x.spec.ts", `const page = "${up}/bench/fixtures/a.html";`)).toEqual([1]);
  });

  it("lets only the benchmark scripts and their docs name the data folder's default", () => {
    expect(lines("scripts/bench.ts", `const DATA = "${up}/data";`)).toEqual([]);
    expect(lines("README.md", `DATA_DIR defaults to \`${up}/data\``)).toEqual([]);
    expect(lines("core/extract/x.test.ts", `readFileSync("${up}/data/pages/a.html")`)).toEqual([1]);
    expect(lines("web/lib/x.ts", "// rules in docs/product/constants.md")).toEqual([]);
  });

  it("the repository has none", () => {
    expect(checkRepositoryReferences(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});
