/**
 * The extension's manifest for each build (docs/decisions/0024-browser-extension.md). One source,
 * three builds: the Chrome and Firefox store builds differ only where the browsers do (background
 * worker vs. background scripts, Gecko's id and data-collection statement, options page style); the
 * Chrome test build adds host permissions for loopback addresses, because automation cannot grant
 * `activeTab` (the store builds have no host permissions at all).
 */
import type { ManifestV3Export } from "@crxjs/vite-plugin";

export type Target = "chrome" | "firefox";

export interface ManifestOptions {
  target: Target;
  /** package.json's version (x.y.z). */
  version: string;
  /** The end-to-end test build: host access to loopback pages (Chrome only). */
  test?: boolean;
}

/** The Firefox add-on id (a stable id is required for MV3 storage and signing). */
export const GECKO_ID = "extension@recipecart.app";
/** Loopback match patterns the test build may read without a click (any port). */
export const TEST_HOST_PERMISSIONS = ["http://127.0.0.1/*"];

/** Toolbar and store icons in both builds (extension/icons, made by scripts/make-extension-icons.ts). */
export const EXTENSION_ICONS = {
  "16": "icons/icon-16.png",
  "32": "icons/icon-32.png",
  "48": "icons/icon-48.png",
  "128": "icons/icon-128.png",
} as const;

export const EXTENSION_NAME = "recipecart";
export const EXTENSION_DESCRIPTION = "Add the recipe on the page you are reading to your recipecart shopping list in one click.";

type Manifest = Exclude<ManifestV3Export, (...args: never[]) => unknown | Promise<unknown>>;

export function makeManifest(opts: ManifestOptions) {
  const { target, version } = opts;
  if (!/^\d+(\.\d+){0,3}$/.test(version)) throw new Error(`Extension version must be numeric (x.y.z), got ${version}`);
  const manifest = {
    manifest_version: 3,
    // Words from _locales/<lang>/messages.json (extension/locales.ts) in the browser's language.
    name: "__MSG_extName__",
    description: "__MSG_extDescription__",
    default_locale: "en",
    version,
    icons: EXTENSION_ICONS,
    action: { default_popup: "popup.html", default_title: "__MSG_actionTitle__", default_icon: EXTENSION_ICONS },
    // Chrome runs a service worker; Firefox has none in MV3 and takes background scripts.
    background:
      target === "chrome" ? { service_worker: "src/background.ts", type: "module" } : { scripts: ["src/background.ts"], type: "module" },
    permissions: ["activeTab", "scripting", "storage", "contextMenus"],
    options_ui: { page: "options.html", open_in_tab: false },
    // The app's connect page sends the browser here with the new session (decision 0024).
    web_accessible_resources: [{ resources: ["connected.html"], matches: ["<all_urls>"] }],
    ...(opts.test && target === "chrome" ? { host_permissions: TEST_HOST_PERMISSIONS } : {}),
    ...(target === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: "142.0",
              // Firefox's data-collection statement: the page the user chooses to send is website content.
              data_collection_permissions: { required: ["websiteContent"] },
            },
          },
        }
      : {}),
  } satisfies Manifest;
  if (opts.test && target !== "chrome") throw new Error("The test build is a Chrome build");
  return manifest;
}
