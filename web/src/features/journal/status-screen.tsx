import { Spinner } from "../../components/ui/spinner";

/** A full-screen wait with the spec's words ("Setting up your workspace...", "Loading..."). */
export function StatusScreen({ text }: { text: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 bg-slate-50 text-sm text-slate-500" role="status">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
