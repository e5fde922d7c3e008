import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA } from "vite-plugin-pwa";
import { prerenderPages } from "./scripts/prerender-pages.mjs";
import { chunkGroups } from "./scripts/chunk-groups";
import { compileHints } from "./scripts/compile-hints";
import { appShell } from "./scripts/app-shell";
import { withStaticImports } from "./scripts/static-imports";

// The sign-in and sign-up forms come with the app's entry (in the chunk it shares with the visitor
// island, below): a visitor the app sends to sign in sees the form one round trip sooner than
// from a split chunk. The landing page is split: the island shows it to visitors, and the app only
// where a browser's session hint turned out stale.
const ENTRY_ROUTES = new Set<string>(["/auth/login", "/auth/signup"]);

/**
 * The visitor pages as static HTML (scripts/prerender-pages.mjs), which load the visitor island
 * (src/visitor.tsx, an entry of this build) on first use. In writeBundle, once the client build is
 * on disk: vite-plugin-pwa lists the files to precache later, in closeBundle.
 */
function prerenderVisitorPages(): Plugin {
  let outDir = "";
  return {
    name: "vj:prerender-visitor-pages",
    apply: "build",
    configResolved(config) {
      outDir = config.build.ssr ? "" : path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (!outDir) return;
      // The visitor island's entry and the chunks it imports, for the pages' inline script.
      const island = Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry && c.facadeModuleId?.endsWith("/src/visitor.tsx"));
      if (!island || island.type !== "chunk") throw new Error("prerender: no visitor island (src/visitor.tsx) in the build");
      // Every chunk it imports statically, directly or not, preloaded beside it: no waterfall.
      const visitor = { entry: `/${island.fileName}`, preloads: withStaticImports(bundle, island.imports).map((f) => `/${f}`) };
      const written = await prerenderPages(outDir, visitor);
      this.info(`prerendered ${written.join(", ")}`);
    },
  };
}

// The API (and its built-in auth) answer on the same origin in production; in dev Vite proxies to it.
const apiTarget = process.env.VJ_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are transformed first.
    // Loaders are split too (the default keeps them in the entry): they pull in the query layer
    // and its zod schemas, which a visitor's first screen does not use.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [["loader"], ["component"], ["errorComponent", "notFoundComponent", "pendingComponent"]],
        splitBehavior: ({ routeId }) => (ENTRY_ROUTES.has(routeId) ? [] : undefined),
      },
    }),
    react(),
    tailwindcss(),
    prerenderVisitorPages(),
    // The signed-in start in two chunks: the outbox's page start; the layout route and the main
    // screen's route pieces.
    chunkGroups({
      app: /\/src\/main\.tsx$/,
      visitor: /\/src\/visitor\.tsx$/,
      outbox: /\/src\/features\/outbox\/page-start\.ts$/,
      signedIn: /\/src\/routes\/_authed(\.tsx|\/\$slug\.tsx)(\?|$)/,
      lazy: /\/node_modules\/zod\/|\/packages\/core\/src\/(schemas\/|errors\.ts)/,
      zod: /\/node_modules\/zod\/|\/packages\/core\/src\/zod-runtime\.ts$/,
    }),
    // Every chunk that a page's start runs (the app's, the island's, and what they load around the
    // first screen: the outbox, the toasts, the transcripts' Markdown, and supabase-js where the
    // start needs it, without a fresh stored session) compiled off the main thread (the
    // figures are in the README).
    compileHints(["index", "visitor", "rolldown-runtime", "pages", "visitor-ui", "lazy-ui", "landing", "outbox", "signed-in", "answer-schemas", "zod", "supabase-client", "toaster", "react-markdown"]),
    // The installed app's shell names what the signed-in start loads before its first screen: the
    // outbox's start, the main screen's route, the toasts, zod and the answers' schemas.
    appShell(["outbox", "signed-in", "toaster", "zod", "answer-schemas"]),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      // Registered by hand in lib/register-sw.ts, in production builds only.
      injectRegister: false,
      // Each file precached once: the glob already finds every icon, and the plugin adds
      // manifest.webmanifest itself (so the glob leaves it out).
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png}"],
        // The worker answers the app's navigations with app-shell.html (scripts/app-shell.ts), never
        // with index.html, which only a first visit gets, from the API.
        globIgnores: ["**/node_modules/**/*", "index.html"],
      },
      manifest: {
        name: "Voice Journal",
        short_name: "Voice Journal",
        description: "Record spoken notes, get them transcribed and summarised.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        // Android's share sheet: audio files shared to the installed app land in its outbox (sw.ts).
        share_target: {
          action: "/share-target",
          method: "POST",
          enctype: "multipart/form-data",
          params: {
            title: "title",
            text: "text",
            files: [{ name: "audio", accept: ["audio/*", ".mp3", ".m4a", ".aac", ".wav", ".ogg", ".opus", ".webm", ".flac"] }],
          },
        },
        background_color: "#f8fafc",
        theme_color: "#4f46e5",
        icons: [
          { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      "/api": apiTarget,
      "/auth/v1": apiTarget,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // The app (index.html → src/main.tsx) and the visitor island the prerendered pages load.
      input: { index: path.resolve(import.meta.dirname, "index.html"), visitor: path.resolve(import.meta.dirname, "src/visitor.tsx") },
    },
  },
});
