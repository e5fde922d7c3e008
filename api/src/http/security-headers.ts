import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.js";

/** The origin of a configured URL ("https://x.supabase.co/" -> "https://x.supabase.co"); undefined when unset or not http(s). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Security headers on every response (DESIGN §9). The CSP is what the built app needs and no
 * more: its own scripts only (vite emits files, the service worker is registered from one), and
 * inline only the prerendered pages' session hint, by its hash;
 * inline styles (the API reference page has a <style>, and components may set style
 * attributes); recordings played from the API and, offline, from blob: URLs of the outbox;
 * fetches to this origin and to a configured Supabase project. Framing is refused outright,
 * so the sign-in and delete-account screens cannot be clickjacked.
 */
export function securityHeaders(
  config: Pick<Config, "SUPABASE_URL" | "VITE_SUPABASE_URL">,
  /** 'sha256-…' of the few inline scripts the built app has (the prerendered pages' session hint). */
  inlineScripts: readonly string[] = [],
): MiddlewareHandler {
  const supabase = [...new Set([originOf(config.SUPABASE_URL), originOf(config.VITE_SUPABASE_URL)].filter((o) => o !== undefined))];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      mediaSrc: ["'self'", "blob:"],
      connectSrc: ["'self'", ...supabase],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    // The recorder needs the microphone; nothing here needs the rest, nor may embedded content.
    permissionsPolicy: { microphone: ["self"], camera: [], geolocation: [], payment: [], usb: [] },
  });
}
