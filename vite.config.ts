import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every first view pays a request per chunk: icons and the small pieces shared
            // by the layout travel together instead of as dozens of tiny files.
            codeSplitting: {
              groups: [
                { name: "icons", test: /node_modules[\\/]lucide-react/, priority: 20 },
                {
                  name: "shared",
                  test: /app[\\/](components|content|lib)[\\/]/,
                  minShareCount: 4,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
});
