import { MessageCircle } from "lucide-react";

/** SPEC §2: the conversation feature is only a placeholder for now. */
export function ChatTab() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <MessageCircle className="size-6" aria-hidden />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">Chat Coming Soon</h3>
      <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
        We're working on an intelligent chat that lets you talk with your notes and summaries to uncover new insights.
      </p>
    </div>
  );
}
