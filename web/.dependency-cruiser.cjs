// The rooms of web/src and the one direction imports run between them (STYLE habit 13), checked by
// dependency-cruiser as part of `pnpm typecheck` (so by `npm test` and CI). From the floor up:
//
//   lib/             plumbing: API client, query client, toasts' store, Supabase, small helpers
//   components/ui/   accessible primitives (button, dialog, toaster, ...)
//   components/      app-wide pieces (error screen, 404, markdown text, brand mark)
//   features/<name>/ one capability each (notes, outbox, search, ...); features may use each other
//                    as long as no two reach each other (what two share moves below both, as
//                    journal-view holds the journal's shared view); the screens that compose
//                    others (SCREENS below) are used by routes only
//   shell/           what every signed-in screen has: the header, the live-updates stream
//   routes/, router.tsx, main.tsx, sw.ts, visitor.tsx, prerender/   the app that composes it all
//
// A room imports only the rooms below it and itself. `npx depcruise src --config .dependency-cruiser.cjs`
// in web/ runs the check alone.

/** Features that compose other features into a screen: nothing but routes (and themselves) import them. */
const SCREENS = ["journal", "settings"];

/** Every module of the app, for the "to" side of the rules below. */
const APP = "^src/";

module.exports = {
  forbidden: [
    {
      name: "lib-is-the-floor",
      comment: "lib/ is shared plumbing: it imports nothing of the app above it.",
      severity: "error",
      from: { path: "^src/lib/" },
      to: { path: APP, pathNot: "^src/lib/" },
    },
    {
      name: "ui-primitives-stay-primitive",
      comment: "components/ui/ holds primitives: they import lib/ and each other only.",
      severity: "error",
      from: { path: "^src/components/ui/" },
      to: { path: APP, pathNot: "^src/(lib|components/ui)/" },
    },
    {
      name: "components-below-features",
      comment: "components/ is app-wide and feature-free: lib/ and components/ only.",
      severity: "error",
      from: { path: "^src/components/" },
      to: { path: APP, pathNot: "^src/(lib|components)/" },
    },
    {
      name: "features-below-the-shell",
      comment: "A feature never imports the shell, a route or the app's entry: they compose it, not the other way.",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: APP, pathNot: "^src/(lib|components|features)/" },
    },
    {
      name: "screens-are-composed-by-routes",
      comment: `The screens that compose features (${SCREENS.join(", ")}) are imported by routes only: what another feature needs of them moves below both (e.g. features/journal-view).`,
      severity: "error",
      from: { path: "^src/(features/[^/]+|shell)/" },
      to: { path: `^src/features/(${SCREENS.join("|")})/`, pathNot: "^src/$1/" },
    },
    {
      name: "outbox-imports-no-feature",
      comment:
        "The outbox is shared by the page and the service worker and sits below every feature that records or shows notes: it is handed what it must refresh (main.tsx) instead of importing those features. Only auth's types may come in.",
      severity: "error",
      from: { path: "^src/features/outbox/" },
      to: { path: "^src/features/", pathNot: "^src/features/(outbox|auth)/" },
    },
    {
      name: "shell-below-routes",
      comment: "The shell is used by the routes; it imports lib/, components/ and features/ only.",
      severity: "error",
      from: { path: "^src/shell/" },
      to: { path: APP, pathNot: "^src/(lib|components|features|shell)/" },
    },
    {
      name: "no-feature-cycle",
      comment: "Two features (or rooms) that import each other are one tangle: move what both need below both.",
      severity: "error",
      scope: "folder",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycle",
      comment: "A module cycle makes the order of evaluation depend on which module loads first.",
      severity: "error",
      from: { path: APP },
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "An import that resolves to nothing.",
      severity: "error",
      from: { path: APP },
      to: { couldNotResolve: true, pathNot: "^virtual:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a feature that needs another's types depends on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // The service worker's own tsconfig adds nothing that resolves differently.
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
