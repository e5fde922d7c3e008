import type { Config } from "../../config.js";
import { DEFAULT_SUMMARY_MODEL } from "../default-models.js";
import { createOpenAIChatModel } from "./openai.js";
import type { ChatModel } from "./types.js";

/**
 * The chat model follows the summary engine setting (DESIGN §12): where summaries are written by an
 * OpenAI-compatible model, so are answers (CHAT_MODEL, default SUMMARY_MODEL). Otherwise null:
 * Ask quotes the best passages itself and makes no model call.
 */
export function resolveChatModel(config: Pick<Config, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "SUMMARY_ENGINE" | "SUMMARY_MODEL" | "CHAT_MODEL">): ChatModel | null {
  const apiKey = config.OPENAI_API_KEY ?? (config.OPENAI_BASE_URL ? "not-needed" : undefined);
  const wanted = (config.SUMMARY_ENGINE === "auto" && config.OPENAI_API_KEY) || (config.SUMMARY_ENGINE === "openai" && apiKey);
  if (!wanted) return null;
  return createOpenAIChatModel({ apiKey: apiKey!, baseURL: config.OPENAI_BASE_URL, model: config.CHAT_MODEL ?? config.SUMMARY_MODEL ?? DEFAULT_SUMMARY_MODEL });
}
