import { config } from "zod";

/**
 * Import first in a browser entry (web/src/main.tsx), before any schema exists. The server's
 * CSP has no 'unsafe-eval' (DESIGN §9); zod compiles object parsers with `new Function` when
 * it may and probes for that as each object schema is defined: under the CSP the probe is
 * refused and reported as a violation. Its interpreted parsers give the same results.
 */
config({ jitless: true });
