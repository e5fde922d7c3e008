/**
 * Import first in a browser entry (web/src/main.tsx), before any schema exists. The server's
 * CSP has no 'unsafe-eval' (DESIGN §9); zod compiles object parsers with `new Function` when
 * it may and probes for that as each object schema is defined: under the CSP the probe is
 * refused and reported as a violation. Its interpreted parsers give the same results.
 *
 * Set without importing zod: zod 4 keeps its global configuration on `globalThis` (what
 * `config()` writes and every parser reads), so the web's start does not load zod at all; the
 * schemas come later in a chunk of their own. test/zod-csp.test.ts checks that zod
 * reads the setting, so an upgrade that moves it fails there.
 */
export {};
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
