import { Link } from "@tanstack/react-router";
import { FolderSearch } from "lucide-react";
import { MessageCard } from "../../components/ui/message-card";

/** An address that names none of the user's collections: say so and offer the way back. */
export function CollectionNotFound({ slug }: { slug: string }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-12">
      <MessageCard icon={FolderSearch} title="Collection not found" heading="h1" variant="card">
        <p className="mt-2 text-sm text-slate-600 [overflow-wrap:anywhere]">You have no collection at “/{slug}”.</p>
        <Link
          to="/collections"
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        >
          Manage Collections
        </Link>
      </MessageCard>
    </main>
  );
}
