import { MessageCircle } from "lucide-react";
import { MessageCard } from "../../components/ui/message-card";

/** SPEC §2: the conversation feature is only a placeholder for now. */
export function ChatTab() {
  return (
    <MessageCard icon={MessageCircle} title="Chat Coming Soon">
      <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
        We're working on an intelligent chat that lets you talk with your notes and summaries to uncover new insights.
      </p>
    </MessageCard>
  );
}
