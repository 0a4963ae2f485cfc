import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  optimizeDeps: { include: ["react-aria-components"] },
  environments: {
    client: {
      build: {
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
