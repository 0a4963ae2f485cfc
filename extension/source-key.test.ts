import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIsStale, defaultAppOrigin, extensionSourceKey, extensionSources, sourceKeyFile } from "./source-key.ts";

const ORIGIN = "https://recipecart.app";

/** A small repository: an extension that imports one core file, which imports another; a core file nobody imports. */
let root: string;
let buildDir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What the build does: the build folder with its manifest, and the key beside it. */
const build = () => {
  mkdirSync(buildDir, { recursive: true });
  writeFileSync(path.join(buildDir, "manifest.json"), "{}");
  writeFileSync(sourceKeyFile(buildDir), `${extensionSourceKey(root, ORIGIN)}\n`);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "source-key-"));
  buildDir = path.join(root, "dist", "extension", "chrome-test");
  write("package.json", '{"version":"1.0.0"}');
  write("extension/popup.html", '<script type="module" src="/src/popup.ts"></script>');
  write("extension/src/popup.ts", 'import { send } from "../../core/api/client.ts";\nsend();\n');
  write("extension/src/popup.test.ts", 'import "./popup.ts";\n');
  write("extension/src/ui.css", "body { margin: 0 }\n");
  write("core/api/client.ts", 'import { LIMIT } from "./constants";\nexport const send = () => LIMIT;\n');
  write("core/api/constants.ts", "export const LIMIT = 3;\n");
  write("core/api/unrelated.ts", "export const OTHER = 1;\n");
  write("core/api/client.test.ts", 'import "./client.ts";\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("extension sources", () => {
  it("are the extension's files, what they import from core (followed, with or without an ending) and package.json; no tests", () => {
    expect(extensionSources(root)).toEqual([
      "core/api/client.ts",
      "core/api/constants.ts",
      "extension/popup.html",
      "extension/src/popup.ts",
      "extension/src/ui.css",
      "package.json",
    ]);
  });
});

describe("buildIsStale", () => {
  it("is true without a build, or with a build but no key", () => {
    expect(buildIsStale(root, buildDir, ORIGIN)).toBe(true);
    mkdirSync(buildDir, { recursive: true });
    writeFileSync(path.join(buildDir, "manifest.json"), "{}");
    expect(buildIsStale(root, buildDir, ORIGIN)).toBe(true);
  });

  it("is false right after a build", () => {
    build();
    expect(buildIsStale(root, buildDir, ORIGIN)).toBe(false);
  });

  it.each([
    ["an extension script", "extension/src/popup.ts", 'import { send } from "../../core/api/client.ts";\nsend(); send();\n'],
    ["an extension page", "extension/popup.html", "<p>changed</p>"],
    ["an extension stylesheet", "extension/src/ui.css", "body { margin: 1px }\n"],
    ["a new extension file", "extension/src/new.ts", "export {};\n"],
    [
      "a core file the extension imports",
      "core/api/client.ts",
      'import { LIMIT } from "./constants";\nexport const send = () => LIMIT + 1;\n',
    ],
    ["a core file imported through another", "core/api/constants.ts", "export const LIMIT = 4;\n"],
    ["package.json (the version)", "package.json", '{"version":"1.0.1"}'],
  ])("is true after a change to %s", (_what, file, text) => {
    build();
    write(file, text);
    expect(buildIsStale(root, buildDir, ORIGIN)).toBe(true);
  });

  it("is true when the build bakes in another app address", () => {
    build();
    expect(buildIsStale(root, buildDir, "https://other.example")).toBe(true);
  });

  it("is false after changes to tests or to core files the extension does not import, or a touch without a change", () => {
    build();
    write("extension/src/popup.test.ts", 'import "./popup.ts";\n// more\n');
    write("core/api/client.test.ts", "// more\n");
    write("core/api/unrelated.ts", "export const OTHER = 2;\n");
    write("extension/src/popup.ts", 'import { send } from "../../core/api/client.ts";\nsend();\n');
    expect(buildIsStale(root, buildDir, ORIGIN)).toBe(false);
  });

  it("is true when the build folder lost its manifest (a failed build emptied it)", () => {
    build();
    rmSync(path.join(buildDir, "manifest.json"));
    expect(buildIsStale(root, buildDir, ORIGIN)).toBe(true);
  });
});

describe("defaultAppOrigin", () => {
  it("is RECIPECART_APP_ORIGIN's origin, else the production address", () => {
    expect(defaultAppOrigin({})).toBe("https://recipecart.app");
    expect(defaultAppOrigin({ RECIPECART_APP_ORIGIN: "https://cart.example.org/path" })).toBe("https://cart.example.org");
  });
});
