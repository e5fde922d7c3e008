import { useMutation } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../lib/toast-store";
import { useOnline } from "../../lib/use-online";
import { getSupabase } from "../../lib/supabase";
import { useAuth } from "../auth/auth-provider";
import { canConfirmDeletion, deleteAccount, deletionFailureMessage } from "./delete-account";

/** SPEC §2/§4: type "delete" to confirm; success signs out and reloads at "/". */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { session } = useAuth();
  const [confirmText, setConfirmText] = useState("");
  const inputId = useId();
  const online = useOnline();
  const mutation = useMutation({
    // Offline it fails at once with the spec's toast, never a "Deleting..." that waits unseen.
    networkMode: "always",
    mutationFn: () => deleteAccount(session?.access_token ?? null),
    onSuccess: async () => {
      // The account and its sessions are gone on the server; clear the local session, then a hard reload.
      const supabase = await getSupabase();
      await supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
      window.location.href = "/";
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: deletionFailureMessage(error) }),
  });

  function close(next: boolean) {
    // Nothing closes the dialog half-way through a deletion; a closed dialog forgets the typed word.
    if (mutation.isPending) return;
    if (!next) setConfirmText("");
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close}
      title="Delete Account"
      description="This permanently deletes your account, every collection, recording, transcript and summary. This action cannot be undone."
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (online && canConfirmDeletion(confirmText, mutation.isPending)) mutation.mutate();
        }}
        className="space-y-5"
      >
        <div className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>Your recordings cannot be recovered once the account is deleted.</p>
        </div>
        <div className="space-y-2">
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">delete</span> to confirm
          </Label>
          <Input
            id={inputId}
            value={confirmText}
            onChange={(e) => setConfirmText(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="delete"
          />
        </div>
        {!online && (
          <p role="status" className="text-sm text-slate-600">
            Deleting your account needs a connection. You're offline: nothing is deleted until you try again online.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!online || !canConfirmDeletion(confirmText, mutation.isPending)}>
            {mutation.isPending ? "Deleting..." : "Delete Account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
