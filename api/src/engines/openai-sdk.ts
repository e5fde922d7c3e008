import type * as OpenAISdk from "openai";
import type { ClientOptions, OpenAI } from "openai";

type Sdk = typeof OpenAISdk;

let loaded: Sdk | undefined;
let loading: Promise<Sdk> | undefined;

/**
 * The openai SDK, loaded on an OpenAI engine's first call. It is 390 kB of the server's bundle,
 * which every start parsed and evaluated, though the embedded default (pocketsphinx and the
 * extractive summaries) never calls it. esbuild puts it in a chunk of its own.
 */
export function loadOpenAISdk(): Promise<Sdk> {
  loading ??= import("openai").then(
    (sdk) => (loaded = sdk),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The SDK once an engine has loaded it; before that, no error can have come from it. */
export function loadedOpenAISdk(): Sdk | undefined {
  return loaded;
}

/** An SDK client with these options, made on the first call. */
export function lazyOpenAIClient(options: ClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () => {
    client ??= loadOpenAISdk().then(
      (sdk) => new sdk.OpenAI(options),
      (err: unknown) => {
        client = undefined;
        throw err;
      },
    );
    return client;
  };
}
