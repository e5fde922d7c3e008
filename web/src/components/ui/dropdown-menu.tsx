import * as Menu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";

export { Menu };

export const menuPanel =
  "z-50 min-w-56 overflow-hidden rounded-xl border border-slate-200 bg-white p-1.5 text-sm text-slate-700 shadow-xl data-[state=open]:animate-[toast-in_120ms_ease-out]";
export const menuItem =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-3 py-2.5 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50";

export type DropdownMenuProps = {
  /** The trigger's accessible name. */
  label: string;
  triggerClassName: string;
  /** What the trigger shows. */
  trigger: ReactNode;
  /** The menu's items (Menu.Item, Menu.Label, Menu.Separator…). */
  children: ReactNode;
};

const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A menu button (Radix DropdownMenu: roles, arrow keys, typeahead, Escape, focus return) whose
 * Radix parts mount on first use. Until then the screen holds a plain button that looks the
 * same: Radix's trigger, mounted, records its anchor in state inside React's commit, and that one
 * synchronous update runs every effect of the screen in the same task (a long task on a slow
 * phone). The first press, or Enter, Space or Arrow Down on it, puts Radix's menu in
 * its place, open; from then on it is Radix's own. A key that opened it is pressed again on
 * Radix's trigger once Radix is mounted, so the menu opens as Radix opens it from the keyboard
 * (its first item focused): Radix notes the keyboard only from keys it has seen.
 */
export function DropdownMenu({ label, triggerClassName, trigger, children }: DropdownMenuProps) {
  const [armed, setArmed] = useState<{ key: string | null } | null>(null);
  const radixTrigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!armed?.key) return;
    // After Radix's own effects (its keyboard listener on the document): the same key, on its trigger.
    radixTrigger.current?.focus();
    radixTrigger.current?.dispatchEvent(new globalThis.KeyboardEvent("keydown", { key: armed.key, bubbles: true, cancelable: true }));
  }, [armed]);
  if (!armed) {
    const arm = (e: PointerEvent | KeyboardEvent) => {
      e.preventDefault();
      setArmed({ key: e.type === "keydown" ? (e as KeyboardEvent).key : null });
    };
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        className={triggerClassName}
        // As Radix's trigger: the primary button's press opens it (not the click after it).
        onPointerDown={(e) => e.button === 0 && !e.ctrlKey && arm(e)}
        onKeyDown={(e) => OPEN_KEYS.has(e.key) && arm(e)}
      >
        {trigger}
      </button>
    );
  }
  return (
    <Menu.Root defaultOpen={armed.key === null}>
      <Menu.Trigger ref={radixTrigger} aria-label={label} className={triggerClassName}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className={menuPanel}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
