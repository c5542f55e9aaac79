import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

// Single-key shortcuts for people who work the leads all day, as in Gmail or Linear. A key
// typed into a field is the field's: shortcuts only act when focus is elsewhere, and never
// with Ctrl, Alt or ⌘ (the browser's own shortcuts). "?" lists them in a dialog.

export type Shortcut = { key: string; label: string; run: () => void };

/** Where a typed key belongs to what has focus (typing, choosing, editing). */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
  }
  return false;
}

export function useShortcuts(shortcuts: readonly Shortcut[]) {
  const [helpOpen, setHelpOpen] = useState(false);
  // The latest list, without re-adding the listener on every render.
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingInto(event.target)) return;
      if (document.querySelector("dialog[open]") && event.key !== "?") return;
      if (event.key === "?") {
        event.preventDefault();
        setHelpOpen((open) => !open);
        return;
      }
      const shortcut = current.current.find((entry) => entry.key === event.key);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return { helpOpen, setHelpOpen };
}

/** The list of shortcuts in a modal dialog (Escape or the button closes it). */
export function ShortcutHelp({
  shortcuts,
  open,
  onClose,
  note = "Shortcuts work when no field has focus.",
}: {
  shortcuts: readonly Pick<Shortcut, "key" | "label">[];
  open: boolean;
  onClose: () => void;
  /** Said under the list: when the keys work, and what else the page's keys do. */
  note?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-ink shadow-xl backdrop:bg-ink/40"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="shortcuts-heading" className="font-display text-xl font-bold">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-m-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {[...shortcuts, { key: "?", label: "Show or hide this list" }].map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="inline-flex min-w-7 justify-center rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-sm">
                {shortcut.key}
              </kbd>
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-ink-soft">{note}</p>
    </dialog>
  );
}

/** A line under a list saying that shortcuts exist, and a button to see them. */
export function ShortcutHint({ onShow }: { onShow: () => void }) {
  return (
    <p className="hidden text-sm text-ink-soft lg:block">
      Press{" "}
      <button
        type="button"
        onClick={onShow}
        className="font-semibold text-brand-700 underline underline-offset-2"
      >
        <kbd className="font-mono">?</kbd> for keyboard shortcuts
      </button>
    </p>
  );
}
