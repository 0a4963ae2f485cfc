import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXTENSION_ICONS, GECKO_ID, makeManifest, TEST_HOST_PERMISSIONS } from "./manifest.ts";

const chrome = makeManifest({ target: "chrome", version: "1.2.3" });
const firefox = makeManifest({ target: "firefox", version: "1.2.3" });
const chromeTest = makeManifest({ target: "chrome", version: "1.2.3", test: true });

/** Top-level keys whose values differ between two manifests (or that only one has). */
function differingKeys(a: object, b: object): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys]
    .filter((k) => JSON.stringify((a as Record<string, unknown>)[k]) !== JSON.stringify((b as Record<string, unknown>)[k]))
    .sort();
}

describe("extension manifests", () => {
  it("Chrome and Firefox builds differ only in the background entry and Gecko's settings", () => {
    expect(differingKeys(chrome, firefox)).toEqual(["background", "browser_specific_settings"]);
    expect(chrome.background).toEqual({ service_worker: "src/background.ts", type: "module" });
    expect(firefox.background).toEqual({ scripts: ["src/background.ts"], type: "module" });
    expect(firefox).toMatchObject({
      browser_specific_settings: { gecko: { id: GECKO_ID, data_collection_permissions: { required: ["websiteContent"] } } },
    });
    expect(chrome).not.toHaveProperty("browser_specific_settings");
  });

  it("store builds ask for activeTab and scripting, never for host permissions", () => {
    for (const m of [chrome, firefox]) {
      expect(m.manifest_version).toBe(3);
      expect(m.permissions).toEqual(["activeTab", "scripting", "storage", "contextMenus"]);
      expect(m).not.toHaveProperty("host_permissions");
      expect(m).not.toHaveProperty("content_scripts");
      expect(m.version).toBe("1.2.3");
    }
  });

  it("the test build adds loopback host permissions, and is Chrome only", () => {
    expect(differingKeys(chrome, chromeTest)).toEqual(["host_permissions"]);
    expect(chromeTest.host_permissions).toEqual(TEST_HOST_PERMISSIONS);
    expect(TEST_HOST_PERMISSIONS.every((p) => /^http:\/\/127\.0\.0\.1\//.test(p))).toBe(true);
    expect(() => makeManifest({ target: "firefox", version: "1.2.3", test: true })).toThrow(/Chrome/);
  });

  it("both builds have their icons, 16 to 128 px, in the toolbar and the store, each a PNG of its size", () => {
    for (const m of [chrome, firefox, chromeTest]) {
      expect(m.icons).toEqual(EXTENSION_ICONS);
      expect(m.action.default_icon).toEqual(EXTENSION_ICONS);
    }
    expect(Object.keys(EXTENSION_ICONS)).toEqual(["16", "32", "48", "128"]);
    for (const [size, file] of Object.entries(EXTENSION_ICONS)) {
      const png = readFileSync(path.join(import.meta.dirname, file));
      // The PNG signature, then IHDR's width and height.
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
  });

  it("takes package.json's version and refuses one browsers cannot read", () => {
    expect(() => makeManifest({ target: "chrome", version: "1.2.3-beta.1" })).toThrow(/numeric/);
  });
});
