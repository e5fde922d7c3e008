import { safeSessionStorage } from "./safe-storage";

const KEY = "vj:after-sign-in";

/**
 * A page a visitor was on when sign-in was asked for (an assistant's consent page): remembered for
 * this tab, and where sign-in leads instead of home. Only paths of this app are kept.
 */
export function rememberAfterSignIn(path: string): void {
  if (isAppPath(path)) safeSessionStorage()?.setItem(KEY, path);
}

/** The remembered page, once: it is forgotten as it is read. */
export function takeAfterSignIn(): string | null {
  const storage = safeSessionStorage();
  const path = storage?.getItem(KEY) ?? null;
  storage?.removeItem(KEY);
  return path && isAppPath(path) ? path : null;
}

const isAppPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
