/**
 * Builds the extension (docs/decisions/0024-browser-extension.md): `vite build --config
 * extension/vite.config.ts --mode chrome|firefox|chrome-test` writes dist/extension/<mode>/.
 * `npm run build:extension` builds both store builds and packs them as zips.
 */
import { crx } from "@crxjs/vite-plugin";
import react from "@vitejs/plugin-react";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { localeFiles } from "./locales.ts";
import { makeManifest, type Target } from "./manifest.ts";
import { defaultAppOrigin, extensionSourceKey, sourceKeyFile } from "./source-key.ts";

const MODES: Record<string, { target: Target; test: boolean }> = {
  chrome: { target: "chrome", test: false },
  firefox: { target: "firefox", test: false },
  "chrome-test": { target: "chrome", test: true },
};

/** The app's production address (or RECIPECART_APP_ORIGIN), used until the user sets another on the options page. */
const DEFAULT_APP_ORIGIN = defaultAppOrigin();

/**
 * `<link rel="stylesheet" href="/src/x.css" data-inline />` in an extension page becomes
 * `<style>` with that file's text before Vite reads the page: the popup's shell paints with its
 * styles and no stylesheet request (decision 0024).
 */
function inlineStylesheets(): Plugin {
  return {
    name: "recipecart:inline-stylesheets",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        const out = html.replace(/<link rel="stylesheet" href="\/(src\/[\w.-]+\.css)" data-inline \/>/g, (_tag, file: string) => {
          const css = readFileSync(path.resolve(import.meta.dirname, file), "utf8");
          if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains "</style"`);
          return `<style>\n${css}</style>`;
        });
        if (/<link[^>]*data-inline/.test(out))
          throw new Error('data-inline takes exactly <link rel="stylesheet" href="/src/<file>.css" data-inline />');
        return out;
      },
    },
  };
}

/**
 * Writes what the build was made from (extension/source-key.ts) beside it once it is written, taken
 * before the build reads anything, so the e2e tests can tell a build older than its sources.
 */
function sourceKey(outDir: string): Plugin {
  const root = path.resolve(import.meta.dirname, "..");
  let key = "";
  return {
    name: "recipecart:source-key",
    apply: "build",
    buildStart() {
      key = extensionSourceKey(root, DEFAULT_APP_ORIGIN);
      rmSync(sourceKeyFile(outDir), { force: true });
    },
    writeBundle() {
      writeFileSync(sourceKeyFile(outDir), `${key}\n`);
    },
  };
}

/** The `_locales` folder the manifest's `__MSG_…__` names and `chrome.i18n` read (extension/locales.ts). */
function locales(): Plugin {
  return {
    name: "recipecart:locales",
    apply: "build",
    generateBundle() {
      for (const [fileName, source] of Object.entries(localeFiles())) this.emitFile({ type: "asset", fileName, source });
    },
  };
}

export default defineConfig(({ mode }) => {
  const build = MODES[mode];
  if (!build) throw new Error(`Unknown extension build mode "${mode}" (use ${Object.keys(MODES).join(", ")})`);
  const { version } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8")) as { version: string };
  const outDir = path.resolve(import.meta.dirname, "../dist/extension", mode);
  return {
    root: import.meta.dirname,
    // No public/ copy or .env lookup outside this folder.
    envDir: false,
    plugins: [
      inlineStylesheets(),
      react(),
      crx({ manifest: makeManifest({ ...build, version }), browser: build.target }),
      locales(),
      sourceKey(outDir),
    ],
    define: {
      __APP_ORIGIN__: JSON.stringify(DEFAULT_APP_ORIGIN),
      __TEST_BUILD__: JSON.stringify(build.test),
    },
    // Absolute: in dev mode crxjs resolves a relative outDir against the cwd, not `root`.
    build: {
      outDir,
      emptyOutDir: true,
      target: ["chrome120", "firefox128"],
      reportCompressedSize: false,
      // Both targets support <link rel="modulepreload">: no polyfill chunk in front of every page.
      modulePreload: { polyfill: false },
      // Pages the manifest names only as web-accessible are built too.
      rollupOptions: { input: { connected: path.resolve(import.meta.dirname, "connected.html") } },
    },
    server: { port: 5174, strictPort: true },
  };
});
