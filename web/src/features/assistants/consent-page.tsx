import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { BrandMark } from "../../components/brand-mark";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../auth/auth-provider";
import { useDecideConsent } from "./mutations";
import { assistantQueries } from "./queries";

/**
 * /authorize/:requestId: an assistant asks to read the journal (OAuth). The signed-in person sees
 * who asks and where the answer goes, and allows or denies; either way the browser goes back to
 * the assistant.
 */
export function ConsentPage({ requestId }: { requestId: string }) {
  const { user } = useAuth();
  const request = useQuery(assistantQueries.consent(requestId));
  const decide = useDecideConsent(requestId);
  const [leaving, setLeaving] = useState<"allow" | "deny" | null>(null);

  const answer = (allow: boolean) => {
    setLeaving(allow ? "allow" : "deny");
    decide.mutate(allow, {
      onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
      onError: () => setLeaving(null),
    });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10 sm:px-6">
        <div className="mb-8 flex justify-center">
          <BrandMark />
        </div>
        <Card>
          {request.data ? (
            <div className="flex flex-col gap-5">
              <div className="flex flex-col items-center gap-3 text-center">
                <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700" aria-hidden>
                  <ShieldCheck className="size-6" />
                </span>
                <h1 className="text-xl font-semibold tracking-tight text-balance text-slate-900" data-testid="consent-title">
                  {request.data.clientName} wants to read your notes, summaries and collections
                </h1>
              </div>
              <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-600">
                <li>It can search and read your transcripts, summaries and collections.</li>
                <li>It cannot change or delete anything, and it does not get your recordings.</li>
                <li>You can revoke it at any time in Settings, under Connected assistants.</li>
              </ul>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
                <dt className="font-medium text-slate-700">Signed in as</dt>
                <dd className="truncate">{user?.email}</dd>
                <dt className="font-medium text-slate-700">Returns to</dt>
                <dd className="truncate">{request.data.redirectHost}</dd>
              </dl>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button variant="secondary" className="sm:flex-1" disabled={leaving !== null} onClick={() => answer(false)}>
                  {leaving === "deny" ? "Denying..." : "Deny"}
                </Button>
                <Button className="sm:flex-1" disabled={leaving !== null} onClick={() => answer(true)}>
                  {leaving === "allow" ? "Allowing..." : "Allow"}
                </Button>
              </div>
            </div>
          ) : request.isError ? (
            <div className="flex flex-col gap-2 text-center">
              <h1 className="text-xl font-semibold text-slate-900">This request can't be answered</h1>
              <p className="text-sm text-slate-600">It has expired or was already answered. Start connecting again from your assistant.</p>
            </div>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          )}
        </Card>
      </main>
    </div>
  );
}
