import { Spinner } from "../../components/ui/spinner";

/** A wait in the space below the header, with the spec's words ("Setting up your workspace...", "Loading..."). */
export function StatusScreen({ text }: { text: string }) {
  return (
    <div className="flex flex-1 items-center justify-center gap-3 text-sm text-slate-500" role="status">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
