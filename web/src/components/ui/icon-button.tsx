import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** "danger" turns red on hover (delete). */
  tone?: "default" | "danger";
};

/**
 * A square button holding one icon, named by its aria-label: the edit and delete actions of note
 * cards, summary cards and summary types. Not `Button` with its padding taken away: `cn` joins
 * classes without merging them, so `px-0` beside `Button`'s own `px-4` lost to it and squeezed the
 * icon to 8 px.
 */
export function IconButton({ tone = "default", className, type = "button", ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        tone === "danger" ? "hover:bg-red-50 hover:text-red-700" : "hover:bg-slate-100 hover:text-slate-900",
        className,
      )}
      {...props}
    />
  );
}
