import { useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { supabase } from "../../lib/supabase";

export function LogoutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
      await navigate({ to: "/auth/login" });
    } catch {
      toast({ variant: "destructive", title: "Error signing out", description: "There was an error signing out. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={logout} disabled={busy} className="h-10">
      <LogOut className="size-4" aria-hidden />
      Logout
    </Button>
  );
}
