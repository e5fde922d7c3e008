import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import type { Domain } from "@vj/core";
import { Check, ChevronDown, Download, FolderCog, LogOut, Search, Settings, ShieldCheck, Trash2, Upload, UserRound } from "lucide-react";
import { useState } from "react";
import { BrandMark } from "../components/brand-mark";
import { DropdownMenu, Menu, menuItem } from "../components/ui/dropdown-menu";
import { cn } from "../lib/cn";
import { DeleteAccountDialog } from "../features/account/delete-account-dialog";
import { accountQueries } from "../features/account/queries";
import { useAuth } from "../features/auth/auth-provider";
import { useLogout } from "../features/auth/use-logout";
import { SignOutQuestion } from "../features/outbox/sign-out-question";
import { collectionQueries } from "../features/collections/queries";
import { rememberSelected } from "../features/collections/selection";
import { ImportDialog } from "../features/portability/import-dialog";
import { useExportJournal } from "../features/portability/mutations";
import { useSearchShortcut } from "../features/search/use-search-shortcut";

/** The top bar of every signed-in screen (SPEC §2): logo, search, the current collection with its menu, and the account menu. */
export function AppHeader({ current }: { current: Domain | null }) {
  const location = useLocation();
  // SPEC §2: away from it (/collections, /search, /settings) the logo returns to the current
  // collection; on its own screen, or with none, it stays on the current path.
  const logoTarget = current ? `/${current.slug}` : location.pathname;
  useSearchShortcut();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a href={logoTarget} aria-label="Voice Journal" className="shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <BrandMark className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
        </a>
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to="/search"
            aria-label="Search"
            title="Search (/)"
            className="flex size-10 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <Search className="size-5" aria-hidden />
          </Link>
          <CollectionMenu current={current} />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

function CollectionMenu({ current }: { current: Domain | null }) {
  const collections = useQuery(collectionQueries.list());
  const navigate = useNavigate();
  // Nothing to switch to or manage before the first collection exists (onboarding).
  if (collections.data?.length === 0) return null;
  return (
    <DropdownMenu
      label={current ? `Collection: ${current.name}` : "Collections"}
      triggerClassName="flex h-10 min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      trigger={
        <>
          <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: current?.primaryColor ?? "#94a3b8" }} aria-hidden />
          <span className="max-w-[9rem] truncate sm:max-w-[14rem]" data-testid="current-collection">
            {current?.name ?? "Collections"}
          </span>
          <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
        </>
      }
    >
      <Menu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">Collections</Menu.Label>
      <div className="max-h-72 overflow-y-auto">
        {(collections.data ?? []).map((c) => {
          const isCurrent = c.id === current?.id;
          return (
            <Menu.Item
              key={c.id}
              className={cn(menuItem, isCurrent && "bg-slate-50 font-semibold text-slate-900")}
              aria-current={isCurrent ? "true" : undefined}
              onSelect={() => {
                rememberSelected(c.id);
                void navigate({ to: "/$slug", params: { slug: c.slug } });
              }}
            >
              <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: c.primaryColor }} aria-hidden />
              <span className="min-w-0 flex-1 truncate">{c.name}</span>
              {isCurrent ? <Check className="size-4 text-slate-500" aria-hidden /> : null}
            </Menu.Item>
          );
        })}
      </div>
      <Menu.Separator className="my-1 h-px bg-slate-100" />
      <Menu.Item asChild className={menuItem}>
        <Link to="/collections">
          <FolderCog className="size-4" aria-hidden />
          Manage Collections
        </Link>
      </Menu.Item>
    </DropdownMenu>
  );
}

function AccountMenu() {
  const { user } = useAuth();
  const { logout, busy } = useLogout();
  const [deleting, setDeleting] = useState(false);
  const [importing, setImporting] = useState(false);
  const exporting = useExportJournal();
  const [question, setQuestion] = useState<string | null>(null);
  const [settling, setSettling] = useState(false);
  // Recordings or changes still only on this device: ask first (the outbox's code loads on demand).
  const askThenLogout = async () => {
    const ownerId = user?.id;
    if (!ownerId) return logout();
    const waiting = await import("../features/outbox/waiting").then(({ waitingFor, waitingSentence }) =>
      waitingFor(ownerId).then((w) => (w.recordings + w.changes > 0 ? waitingSentence(w) : null)),
    ).catch(() => null);
    if (waiting) setQuestion(waiting);
    else await logout();
  };
  const signOutAnyway = async (deleteThem: boolean) => {
    setSettling(true);
    try {
      if (deleteThem && user) await import("../features/outbox/waiting").then(({ deleteWaiting }) => deleteWaiting(user.id));
      setQuestion(null);
      await logout();
    } finally {
      setSettling(false);
    }
  };
  return (
    <>
      <DropdownMenu
        label="Account"
        triggerClassName="flex size-10 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        trigger={<UserRound className="size-5" aria-hidden />}
      >
        <div className="px-3 pb-2 pt-2">
          <p className="text-xs text-slate-500">Signed in as</p>
          <p className="truncate font-medium text-slate-900" data-testid="user-email">
            {user?.email}
          </p>
        </div>
        <Menu.Separator className="my-1 h-px bg-slate-100" />
        <Menu.Item asChild className={menuItem}>
          <Link to="/settings">
            <Settings className="size-4" aria-hidden />
            Settings
          </Link>
        </Menu.Item>
        <AdminMenuItem />
        <Menu.Item className={menuItem} disabled={exporting.isPending} onSelect={() => exporting.mutate(undefined)}>
          <Download className="size-4" aria-hidden />
          Export my journal
        </Menu.Item>
        <Menu.Item className={menuItem} onSelect={() => setImporting(true)}>
          <Upload className="size-4" aria-hidden />
          Import a journal export
        </Menu.Item>
        <Menu.Separator className="my-1 h-px bg-slate-100" />
        <Menu.Item className={menuItem} disabled={busy} onSelect={() => void askThenLogout()}>
          <LogOut className="size-4" aria-hidden />
          Logout
        </Menu.Item>
        <Menu.Item className={cn(menuItem, "text-red-600 data-[highlighted]:bg-red-50")} onSelect={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden />
          Delete Account
        </Menu.Item>
      </DropdownMenu>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
      <SignOutQuestion
        sentence={question}
        busy={settling || busy}
        onStay={() => setQuestion(null)}
        onSignOut={() => void signOutAnyway(false)}
        onDeleteAndSignOut={() => void signOutAnyway(true)}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}

/**
 * The admin screen's entry, for admins only. It asks who the account is when the menu first
 * opens (the menu's items mount then), not as every screen starts.
 */
function AdminMenuItem() {
  const account = useQuery(accountQueries.me());
  if (!account.data?.isAdmin) return null;
  return (
    <Menu.Item asChild className={menuItem}>
      <Link to="/admin">
        <ShieldCheck className="size-4" aria-hidden />
        Admin
      </Link>
    </Menu.Item>
  );
}
