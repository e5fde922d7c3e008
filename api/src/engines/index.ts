export { probeDurationSeconds } from "./audio/probe.js";
export { resolveEngines, type EngineInfo, type Engines } from "./resolve.js";
export * from "./summaries/index.js";
export * from "./transcription/index.js";
