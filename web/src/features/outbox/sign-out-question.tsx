import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Button } from "../../components/ui/button";

/**
 * Signing out with recordings or changes still only on this device asks first (DESIGN §13):
 * they stay and upload at the next sign-in, or the person deletes them. Nothing is lost by
 * signing out either way.
 */
export function SignOutQuestion({
  sentence,
  busy,
  onStay,
  onSignOut,
  onDeleteAndSignOut,
}: {
  /** The waiting sentence (waiting.ts), or null when closed. */
  sentence: string | null;
  busy: boolean;
  onStay(): void;
  onSignOut(): void;
  onDeleteAndSignOut(): void;
}) {
  return (
    <AlertDialog.Root open={sentence !== null} onOpenChange={(open) => !open && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Sign out?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600" data-testid="sign-out-waiting">
            {sentence}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={busy} onClick={onDeleteAndSignOut}>
              Delete them and sign out
            </Button>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Stay
              </Button>
            </AlertDialog.Cancel>
            <Button disabled={busy} onClick={onSignOut}>
              Sign out
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
