/**
 * Code the app loads on demand (a chunk of the build) can fail to arrive: the connection drops
 * while the page starts, before the service worker has cached the build, or the server is briefly
 * away. A failed `import()` is not the end: the browsers that no longer keep a failed module fetch
 * (whatwg/html#10327) fetch it again on the next call, so this tries again, each time once the
 * browser counts itself online and a moment has passed. Where a browser keeps the failure, the
 * last error is what the caller gets, and the caller decides what the screen does without it.
 */
export type RetryOptions = {
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** Wait before the second try; doubled before each one after it (default 1 s). */
  delayMs?: number;
  /** Resolves after `ms` (injectable for tests). */
  sleep?: (ms: number) => Promise<void>;
  /** Resolves once the browser counts itself online (injectable for tests). */
  whenOnline?: () => Promise<void>;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function browserOnline(): Promise<void> {
  if (typeof navigator === "undefined" || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

export async function importWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 3, delayMs = 1000, sleep = sleepFor, whenOnline = browserOnline } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await whenOnline();
      await sleep(delayMs * 2 ** (attempt - 1));
    }
  }
}

/**
 * One shared load that retries (above); after its last failure it is forgotten, so the next
 * caller starts again instead of getting the old failure.
 */
export function sharedImport<T>(load: () => Promise<T>, options?: RetryOptions): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= importWithRetry(load, options).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
