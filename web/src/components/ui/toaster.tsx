import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { cn } from "../../lib/cn";
import { dismissToast, useToasts, type ToastItem, type ToastVariant } from "../../lib/toast-store";
import { controlBoxes, toastLift, type Box } from "./toast-placement";

const variantClass: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
};

/**
 * How far the toast stack stands above its home so that it covers no control: measured whenever a
 * toast shows, and again when the page scrolls, the window resizes or the screen changes beneath it
 * (a recording panel opens, the empty state appears), once a frame at most.
 */
function useLift(viewport: RefObject<HTMLOListElement | null>, toasts: ToastItem[]): number {
  const [lift, setLift] = useState(0);
  const liftRef = useRef(0);
  const shown = toasts.some((t) => t.open);
  useLayoutEffect(() => {
    const ol = viewport.current;
    if (!ol || !shown) {
      liftRef.current = 0;
      setLift(0);
      return;
    }
    const place = () => {
      const items = Array.from(ol.children).filter((c): c is HTMLElement => c instanceof HTMLElement && c.dataset.state === "open");
      if (items.length === 0) return;
      // Offsets, not transformed boxes: a toast sliding in is measured where it comes to rest.
      const origin = ol.getBoundingClientRect();
      const stack: Box = { top: Infinity, bottom: -Infinity, left: Infinity, right: -Infinity };
      for (const item of items) {
        stack.top = Math.min(stack.top, origin.top + item.offsetTop);
        stack.bottom = Math.max(stack.bottom, origin.top + item.offsetTop + item.offsetHeight);
        stack.left = Math.min(stack.left, origin.left + item.offsetLeft);
        stack.right = Math.max(stack.right, origin.left + item.offsetLeft + item.offsetWidth);
      }
      const next = toastLift(liftRef.current, stack, controlBoxes(document, ol.parentElement), window.innerHeight);
      if (next !== liftRef.current) {
        liftRef.current = next;
        setLift(next);
      }
    };
    let frame = 0;
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(() => ((frame = 0), place()));
    };
    place();
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "hidden", "data-state"] });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(ol);
    window.addEventListener("scroll", schedule, { capture: true, passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      sizes.disconnect();
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
    };
  }, [viewport, shown, toasts]);
  return lift;
}

/**
 * Renders the toast queue bottom-right (SPEC §2), left of the record button: the width beside it on
 * phones, 420 px from md up. A toast never covers a control: where one would (the recording panel's
 * Finish and Cancel, the empty state's buttons on a short phone, a floating control) the stack
 * stands just above it instead.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const lift = useLift(viewport, toasts);
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
      {/* Bottom-right, beside the floating record button (right 1.5rem, 4rem wide) rather than over it;
          the empty strip of the viewport lets clicks through. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        style={{ transform: lift ? `translateY(${-lift}px)` : undefined }}
        className="pointer-events-none fixed bottom-[env(safe-area-inset-bottom)] left-0 right-20 z-[100] flex max-h-dvh flex-col gap-2 p-4 outline-none md:left-auto md:w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
