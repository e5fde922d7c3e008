import type { TestProject } from "vitest/node";
import { buildApiIfStale, startCompiledApi } from "../scripts/compiled-api.mjs";
import { buildDistIfStale } from "../scripts/build-dist-if-stale.mjs";
import { CHROMIUM_PATH, chromiumMissingReason } from "./chromium";
import { startScriptedOpenAI } from "./support/fake-openai";

declare module "vitest" {
  export interface ProvidedContext {
    /** The API serving the built app: transcription by the scripted OpenAI server, summaries by the offline extractive engine. */
    baseUrl: string;
    /** A second API on its own data whose summaries also come from the scripted OpenAI server. */
    openaiSummaryBaseUrl: string;
    /** A third API with no transcription engine (TRANSCRIBE_ENGINE=none), as a fresh machine without a key runs. */
    noEngineBaseUrl: string;
    /** POST /script here to change what the OpenAI test server answers (see support/fake-openai.ts). */
    openaiControlUrl: string;
    /** The OpenAI test server itself, for an API a journey starts on its own (the admin screen's AI settings). */
    openaiBaseUrl: string;
  }
}

type RunningApi = { baseUrl: string; stop(): Promise<void> };

async function startApi(name: string, env: Record<string, string>): Promise<RunningApi> {
  const api = await startCompiledApi(env);
  console.log(`[e2e] ${name} API on ${api.baseUrl} (data ${api.dataDir})`);
  return {
    baseUrl: api.baseUrl,
    async stop() {
      const log = api.log();
      await api.stop();
      if (log.trim()) console.log(`[e2e] ${name} API output:\n${log}`);
    },
  };
}

export default async function setup(project: TestProject) {
  const missing = chromiumMissingReason();
  if (missing) {
    if (process.env.CI === "true") throw new Error(`E2E cannot run in CI: ${missing}`);
    // The suites skip themselves and print the reason; no API needed.
    project.provide("baseUrl", "");
    project.provide("openaiSummaryBaseUrl", "");
    project.provide("noEngineBaseUrl", "");
    project.provide("openaiControlUrl", "");
    project.provide("openaiBaseUrl", "");
    return;
  }

  await buildDistIfStale();
  // The compiled API, as production runs it (DESIGN §10).
  await buildApiIfStale();
  const openai = await startScriptedOpenAI();
  const engines = {
    OPENAI_API_KEY: "sk-e2e-test",
    OPENAI_BASE_URL: openai.server.baseURL,
    TRANSCRIBE_ENGINE: "openai",
    // A note that fails its three attempts reaches the error state in about a second, not 15 s.
    TRANSCRIBE_RETRY_BASE_MS: "200",
    TRANSCRIBE_POLL_MS: "250",
  };
  const started: RunningApi[] = [];
  try {
    started.push(await startApi(`${project.name}: main`, { ...engines, SUMMARY_ENGINE: "extractive" }));
    started.push(await startApi(`${project.name}: openai-summaries`, { ...engines, SUMMARY_ENGINE: "openai" }));
    started.push(await startApi(`${project.name}: no-engine`, { TRANSCRIBE_ENGINE: "none", SUMMARY_ENGINE: "extractive", TRANSCRIBE_POLL_MS: "250" }));
  } catch (err) {
    await Promise.all(started.map((api) => api.stop()));
    await openai.close();
    throw err;
  }
  const [main, openaiSummaries, noEngine] = started as [RunningApi, RunningApi, RunningApi];
  console.log(`[e2e] ${project.name}: browser ${CHROMIUM_PATH}; OpenAI test server ${openai.server.baseURL}`);
  project.provide("baseUrl", main.baseUrl);
  project.provide("openaiSummaryBaseUrl", openaiSummaries.baseUrl);
  project.provide("noEngineBaseUrl", noEngine.baseUrl);
  project.provide("openaiControlUrl", openai.controlUrl);
  project.provide("openaiBaseUrl", openai.server.baseURL);

  return async () => {
    await Promise.all(started.map((api) => api.stop()));
    await openai.close();
  };
}
