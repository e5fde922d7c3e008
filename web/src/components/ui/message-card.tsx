import type { ComponentType, ReactNode } from "react";
import { cn } from "../../lib/cn";

const tones = {
  slate: "bg-slate-100 text-slate-500",
  brand: "bg-brand-50 text-brand-700",
  red: "bg-red-50 text-red-600",
} as const;

type Props = {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  tone?: keyof typeof tones;
  title: string;
  /** The heading level the screen needs: h1 for a whole-page message, h3 inside a tab. */
  heading?: "h1" | "h3";
  /** Dashed for an empty list that waits to be filled; solid (a raised card) for a page message. */
  variant?: "dashed" | "card";
  className?: string;
  children?: ReactNode;
};

/** A centred message with a round icon, a heading and what follows: empty states, not-found, errors. */
export function MessageCard({ icon: Icon, tone = "slate", title, heading: Heading = "h3", variant = "dashed", className, children }: Props) {
  return (
    <div
      className={cn(
        "rounded-2xl bg-white text-center",
        variant === "dashed"
          ? "border border-dashed border-slate-300 px-6 py-12"
          : "border border-slate-200/80 p-6 shadow-sm shadow-slate-200/60 sm:p-8",
        className,
      )}
    >
      <div className={cn("mx-auto mb-4 flex size-12 items-center justify-center rounded-full", tones[tone])}>
        <Icon className="size-6" aria-hidden />
      </div>
      <Heading className={cn("font-semibold text-slate-900", Heading === "h1" ? "text-xl" : "text-lg")}>{title}</Heading>
      {children}
    </div>
  );
}
