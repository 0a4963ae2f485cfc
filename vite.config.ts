import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** The dev server's own address (`npm run dev`, PORT or 5173), unless APP_ORIGIN names another. */
function devAppOrigin(): string {
  return process.env.APP_ORIGIN?.trim() || `http://localhost:${process.env.PORT ?? "5173"}`;
}

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` serves on its own address, which is then the base of every link the server hands out
      // (APP_ORIGIN, worker/http/app-origin.ts). A build keeps wrangler.toml's value: a deploy sets its own.
      ...(command === "serve" ? { config: { vars: { APP_ORIGIN: devAppOrigin() } } } : {}),
    }),
    reactRouter(),
  ],
  optimizeDeps: { include: ["react-aria-components"] },
  resolve: {
    // React 19 has useSyncExternalStore: react-aria's import of the pre-18 shim gets React's own (decision 0017).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./web/lib/use-sync-external-store-shim.ts", import.meta.url)),
      },
    ],
  },
  environments: {
    client: {
      build: {
        // No preload helper around dynamic imports (decision 0017): it appended a <link rel=modulepreload>
        // per dependency of each on-demand chunk, and on the returning visitor's home page that DOM work
        // (in the hydration task, where the slots start loading) cost more than the round trip it saves.
        modulePreload: false,
        rolldownOptions: {
          output: {
            // React, ReactDOM and React Router are loaded by every page: one chunk instead of seven
            // compresses better and needs fewer requests (decision 0017).
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                // Small modules every page's first load has (the root and the header import them): one chunk
                // instead of one each, so no page loads more and none pays each small file's imports and
                // exports (decision 0017).
                {
                  name: "app-shell",
                  test: /(web[\\/]lib[\\/](api-client|api|auth|interaction|idle|lazy-part|offline|toast|use-sync-external-store-shim)\.ts|core[\\/]api[\\/]errors\.ts|preload-helper)/,
                },
              ],
            },
          },
        },
      },
    },
  },
}));
