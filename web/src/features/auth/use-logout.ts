import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "../../lib/toast-store";
import { getSupabase } from "../../lib/supabase";

/** Sign-out with the spec's failure toast (SPEC §8); the user stays signed in when it fails. */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
      await navigate({ to: "/auth/login" });
    } catch {
      toast({ variant: "destructive", title: "Error signing out", description: "There was an error signing out. Please try again." });
    } finally {
      setBusy(false);
    }
  }
  return { logout, busy };
}
