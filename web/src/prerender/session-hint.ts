import { SESSION_HINT_KEYS, storedSessionHint } from "../features/auth/stored-session";

/** Set on <html> before a prerendered page paints when the browser may hold a session. */
export const SESSION_HINT_CLASS = "vj-may-have-session";

/**
 * The inline script at the top of each prerendered page. A signed-in person opening "/" goes on
 * to their collection (SPEC §2), so the landing page must not flash for them: when the browser
 * may hold a session (the same rule the app's auth store starts from), the class hides the
 * prerendered markup and the app's loading screen shows instead (prerender-style.ts). The API
 * allows exactly this script by its hash in the CSP.
 */
export function sessionHintSource(): string {
  const args = SESSION_HINT_KEYS.map((k) => JSON.stringify(k)).join(",");
  return `(function(){var s=null;try{s=window.localStorage}catch(e){}if((${storedSessionHint.toString()})(s,new URL(location.href),${args}))document.documentElement.classList.add(${JSON.stringify(SESSION_HINT_CLASS)})})()`;
}
