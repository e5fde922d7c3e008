/**
 * zod's module, for a browser that evaluates it before the schemas built with it
 * (web/src/lib/api-client.ts): each in a task of its own. Only a flag, so that a bundler
 * keeps of zod what the schemas use, not its whole namespace (every locale).
 */
import { z } from "zod";

export const zodLoaded = typeof z.object === "function";
