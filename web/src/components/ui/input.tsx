import type { InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export const inputClass = cn(
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm",
  "placeholder:text-slate-400 transition-colors",
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30",
  "disabled:cursor-not-allowed disabled:bg-slate-50",
);

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(inputClass, className)} {...props} />;
}
