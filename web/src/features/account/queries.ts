import { queryOptions } from "@tanstack/react-query";
import { answerSchema, apiRequest } from "../../lib/api-client";

export const accountKeys = {
  all: ["account"] as const,
  me: () => [...accountKeys.all, "me"] as const,
};

export const accountQueries = {
  /** Who is signed in, whether they run the instance (the account menu's Admin link) and today's allowances. */
  me: () =>
    queryOptions({
      queryKey: accountKeys.me(),
      queryFn: ({ signal }) => apiRequest("/api/account", { schema: answerSchema((s) => s.accountSchema), signal }),
      staleTime: 60_000,
    }),
};
