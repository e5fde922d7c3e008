import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import { dismissToast, useToasts, type ToastVariant } from "../../lib/toast-store";

const variantClass: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
};

/** Renders the toast queue bottom-right (SPEC §2), left of the record button: the width beside it on phones, 420 px from md up. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map((t) => {
        const variant = t.variant ?? "default";
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            data-variant={variant}
            className={cn(
              "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg",
              "data-[state=open]:animate-[toast-in_200ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in_forwards]",
              "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-[toast-out_150ms_ease-in_forwards]",
              variantClass[variant],
            )}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
              {t.description ? (
                <ToastPrimitive.Description className={cn("text-sm", variant === "destructive" ? "text-red-50" : "text-slate-600")}>
                  {t.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className={cn(
                "absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2",
                variant === "destructive" ? "text-red-50 focus-visible:ring-white" : "text-slate-500 focus-visible:ring-brand-500",
              )}
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Bottom-right, beside the floating record button (right 1.5rem, 4rem wide) rather than over
          it or over the recording panel above it, so a toast after Finish never takes the next tap;
          the empty strip of the viewport lets clicks through. On a phone a toast spans the width up
          to that button, so while the page shows a floating control at the bottom-left (marked
          `data-floating-control`, 4.5rem tall with its margin) the toasts stand above it. */}
      <ToastPrimitive.Viewport className="pointer-events-none fixed bottom-[env(safe-area-inset-bottom)] left-0 right-20 z-[100] flex max-h-dvh flex-col gap-2 p-4 outline-none max-md:[:root:has([data-floating-control])_&]:bottom-[calc(4rem+env(safe-area-inset-bottom))] md:left-auto md:w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
