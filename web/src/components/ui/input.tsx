import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** The look every text field shares (inputs, text areas), without a height. */
export const fieldClass = cn(
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm",
  "placeholder:text-slate-400 transition-colors",
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30",
  "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30",
  "disabled:cursor-not-allowed disabled:bg-slate-50",
);

export const inputClass = cn(fieldClass, "h-11");

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}
