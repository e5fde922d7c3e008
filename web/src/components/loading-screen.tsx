import { Spinner } from "./ui/spinner";

/** SPEC §2: shown instead of any route while the user state loads. */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 text-sm text-slate-500" role="status">
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}
