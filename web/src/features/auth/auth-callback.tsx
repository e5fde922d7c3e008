import { useEffect } from "react";
import { useNavigate } from "@tanstack/react-router";
import { Spinner } from "../../components/ui/spinner";
import { getSupabase } from "../../lib/supabase";

/** SPEC §2: supabase-js reads the tokens from the URL; with a session go home, otherwise to sign-in. */
export function AuthCallback() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    getSupabase()
      .then((supabase) => supabase.auth.getSession())
      .then(({ data, error }) => (!error && data.session ? "/" : "/auth/login"))
      .catch(() => "/auth/login" as const)
      .then((to) => {
        if (!cancelled) void navigate({ to, replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 text-slate-600" role="status">
      <Spinner className="size-8" />
      <p className="text-sm">Completing authentication...</p>
    </div>
  );
}
