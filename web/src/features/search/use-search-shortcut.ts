import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";

/** Whether a key press opens search: "/" outside a text field, or Ctrl/Cmd+K anywhere. */
export function isSearchShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">, typing: boolean): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") return true;
  return e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** On a keyboard (desktop), "/" or Ctrl/Cmd+K opens the search screen, or focuses its field there. */
export function useSearchShortcut(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e, isTyping(e.target))) return;
      // A dialog or menu keeps its keys.
      if (document.querySelector("[role=dialog], [role=alertdialog], [role=menu]")) return;
      e.preventDefault();
      const field = document.getElementById("journal-search");
      if (field) field.focus();
      else void navigate({ to: "/search" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);
}
