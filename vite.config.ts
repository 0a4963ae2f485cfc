import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  optimizeDeps: { include: ["react-aria-components"] },
  environments: {
    client: {
      build: {
        // No preload helper around dynamic imports (decision 0152): it appended a <link rel=modulepreload>
        // per dependency of each on-demand chunk, and on the returning visitor's home page that DOM work
        // (in the hydration task, where the slots start loading) cost more than the round trip it saves.
        modulePreload: false,
        rolldownOptions: {
          output: {
            // React, ReactDOM and React Router are loaded by every page: one chunk instead of seven
            // compresses better and needs fewer requests (decision 0097).
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
            },
          },
        },
      },
    },
  },
});
