/**
 * What a browser journey needs from an engine, whatever drives it (Marionette for Firefox,
 * WebKitWebDriver for WebKitGTK): the W3C WebDriver commands plus a real offline switch.
 */
export interface EngineSession {
  readonly engine: "firefox" | "webkit";
  navigate(url: string): Promise<void>;
  /** Runs `body` as a function body in the page (W3C "Execute Script"); `arguments` holds `args`. */
  execute<T>(body: string, args?: unknown[]): Promise<T>;
  /** Runs `body` with a callback as its last argument (W3C "Execute Async Script"). */
  executeAsync<T>(body: string, args?: unknown[]): Promise<T>;
  currentUrl(): Promise<string>;
  refresh(): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  /** Resizes the window so the page's viewport is `width`×`height` CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** navigator.onLine false and nothing reaches the server, or both back. */
  setOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Resizes the window until the page's inner size is what was asked (window chrome differs per engine). */
export async function fitViewport(
  session: Pick<EngineSession, "execute">,
  setWindowRect: (width: number, height: number) => Promise<void>,
  width: number,
  height: number,
  /** Device pixels per CSS pixel of the page, when a window cannot be made narrow enough otherwise. */
  scale = 1,
): Promise<void> {
  let [w, h] = [Math.round(width * scale), Math.round(height * scale)];
  for (let i = 0; i < 3; i++) {
    await setWindowRect(w, h);
    const [iw, ih] = await session.execute<[number, number]>("return [window.innerWidth, window.innerHeight]");
    if (iw === width && ih === height) return;
    [w, h] = [Math.round(w + (width - iw) * scale), Math.round(h + (height - ih) * scale)];
  }
}
