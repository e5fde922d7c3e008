import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { failedForNoConnection } from "./connection-failure";
import { toast, type ToastInput } from "./toast-store";

type Feedback<TArgs, TResult> = ToastInput | ((result: TResult, args: TArgs) => ToastInput | null) | null;
type FailureFeedback<TArgs> = ToastInput | ((error: Error, args: TArgs) => ToastInput | null) | null;

export type AppMutationOptions<TArgs, TResult> = {
  mutationFn: (args: TArgs) => Promise<TResult>;
  /** Key prefixes refreshed after success (and after failure, when `invalidateOnError`). */
  invalidate?: (args: TArgs, result?: TResult) => QueryKey[];
  invalidateOnError?: boolean;
  success?: Feedback<TArgs, TResult>;
  failure?: FailureFeedback<TArgs>;
  onSuccess?: (result: TResult, args: TArgs) => void;
  /**
   * "always" by default: a call that needs the server fails at once offline, with a toast that
   * says so, rather than waiting unseen as a spinner that never ends (and firing later). Changes
   * that only write the device's outbox run offline too.
   */
  networkMode?: "online" | "always" | "offlineFirst";
};

export const NEEDS_CONNECTION = "You're offline. This needs a connection: try again when you're back online.";

/** A failure's toast, saying so when the cause was no connection rather than the server's answer. */
export function failureToast(shown: ToastInput, error: unknown, online?: boolean): ToastInput {
  return failedForNoConnection(error, online) ? { ...shown, description: NEEDS_CONNECTION } : shown;
}

function resolve<A, B>(feedback: ToastInput | ((a: A, b: B) => ToastInput | null) | null | undefined, a: A, b: B) {
  if (!feedback) return null;
  return typeof feedback === "function" ? feedback(a, b) : feedback;
}

/**
 * Every action's mutation hook is built here, so the spec's "toast and refresh" step is written
 * once: invalidate by key prefix, then report with the spec's toast (SPEC §8).
 */
export function useAppMutation<TArgs = void, TResult = unknown>(options: AppMutationOptions<TArgs, TResult>) {
  const queryClient = useQueryClient();
  const refresh = (args: TArgs, result?: TResult) =>
    Promise.all((options.invalidate?.(args, result) ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<TResult, Error, TArgs>({
    mutationFn: options.mutationFn,
    networkMode: options.networkMode ?? "always",
    onSuccess: async (result, args) => {
      const shown = resolve(options.success, result, args);
      if (shown) toast(shown);
      options.onSuccess?.(result, args);
      await refresh(args, result);
    },
    onError: async (error, args) => {
      const shown = resolve(options.failure, error, args);
      if (shown) toast({ variant: "destructive", ...failureToast(shown, error) });
      if (options.invalidateOnError) await refresh(args);
    },
  });
}
