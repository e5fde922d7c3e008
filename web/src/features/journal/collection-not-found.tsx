import { Link } from "@tanstack/react-router";
import { FolderSearch } from "lucide-react";
import { Card } from "../../components/ui/card";

/** An address that names none of the user's collections: say so and offer the way back. */
export function CollectionNotFound({ slug }: { slug: string }) {
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <Card className="text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FolderSearch className="size-6" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Collection not found</h1>
        <p className="mt-2 text-sm text-slate-600 [overflow-wrap:anywhere]">You have no collection at “/{slug}”.</p>
        <Link
          to="/collections"
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        >
          Manage Collections
        </Link>
      </Card>
    </main>
  );
}
