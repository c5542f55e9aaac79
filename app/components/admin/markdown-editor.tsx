import { Bold, Code, Heading2, Italic, Link, List, type LucideIcon, Quote } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { type FormattingAction, formattingActions } from "#app/components/admin/markdown-format.ts";
import { type ControlProps, Textarea } from "#app/components/ui/field.tsx";

const actionIcons: Record<FormattingAction["name"], LucideIcon> = {
  heading: Heading2,
  bold: Bold,
  italic: Italic,
  link: Link,
  list: List,
  quote: Quote,
  code: Code,
};

/** The textarea's selection, as CodeMirror's anchor and head. */
function selectionOf(area: HTMLTextAreaElement) {
  const { selectionStart: start, selectionEnd: end, selectionDirection } = area;
  return selectionDirection === "backward"
    ? { anchor: end, head: start }
    : { anchor: start, head: end };
}

/**
 * The post's Markdown: a plain textarea (the form field the server reads, and all there is
 * before hydration or without JavaScript), replaced on screen by CodeMirror once it has
 * loaded; CodeMirror writes every change back to the textarea.
 */
export function MarkdownEditor({
  control,
  label,
  value,
  onChange,
  onCaret,
}: {
  /** The textarea's id and aria props, from its Field; CodeMirror is described the same way. */
  control: ControlProps;
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Told the caret's line (from 0) as it moves, in the textarea or the code editor. */
  onCaret?: (line: number) => void;
}) {
  const describedBy = control["aria-describedby"];
  const invalid = control["aria-invalid"];
  const latestDescription = useRef({ describedBy, invalid });
  latestDescription.current = { describedBy, invalid };
  // Describes the code editor again (its field's problem comes and goes), once it exists.
  const describe = useRef<((description: typeof latestDescription.current) => void) | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const latestOnCaret = useRef(onCaret);
  latestOnCaret.current = onCaret;
  const latestValue = useRef(value);
  latestValue.current = value;
  const [enhanced, setEnhanced] = useState(false);
  // What the toolbar's buttons do once the code editor exists.
  const format = useRef<((action: FormattingAction) => void) | null>(null);

  // Mounted once per post (the page keys this component), so the editor's own history
  // and cursor survive every re-render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, reads the latest through refs
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import("#app/components/admin/markdown-codemirror.client.ts")
      .then(({ applyFormatting, createMarkdownEditor, describeMarkdownEditor }) => {
        if (cancelled || !host.current) return;
        // What the textarea holds now, not the first `value`: the writer may have typed
        // into it before and since hydration. The caret and focus move over with it, so
        // the next key lands in the editor, where it was going.
        const area = textarea.current;
        const view = createMarkdownEditor(host.current, {
          doc: area?.value ?? "",
          selection: area ? selectionOf(area) : undefined,
          label,
          ...latestDescription.current,
          onChange: (text) => latestOnChange.current(text),
          onCaret: (line) => latestOnCaret.current?.(line),
        });
        describe.current = (description) => describeMarkdownEditor(view, description);
        format.current = (action) => {
          applyFormatting(view, action);
          view.focus();
        };
        const focused = area !== null && document.activeElement === area;
        // Typed before the page's state knew of it: unlike the server's text, which the
        // textarea may hold in another form (its line breaks), without anyone typing.
        if (area && area.value !== area.defaultValue && area.value !== latestValue.current) {
          latestOnChange.current(area.value);
        }
        destroy = () => {
          describe.current = null;
          format.current = null;
          view.destroy();
        };
        // Shown at once, in this task: no key can land in the textarea in between.
        flushSync(() => setEnhanced(true));
        if (focused) view.focus();
      })
      .catch(() => {
        // The textarea keeps working.
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, []);
  useEffect(() => {
    describe.current?.({ describedBy, invalid });
  }, [describedBy, invalid]);

  return (
    <>
      <Textarea
        ref={textarea}
        {...control}
        name="markdown"
        rows={20}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onSelect={(event) => {
          const area = event.currentTarget;
          onCaret?.(area.value.slice(0, area.selectionStart).split("\n").length - 1);
        }}
        hidden={enhanced}
        className="font-mono"
      />
      {enhanced ? (
        <fieldset
          aria-label="Formatting"
          className="mt-2 flex flex-wrap gap-0.5 rounded-t-lg border border-b-0 border-slate-400 bg-slate-50 p-0.5"
        >
          {formattingActions.map((action) => {
            const Icon = actionIcons[action.name];
            return (
              <button
                key={action.name}
                type="button"
                // Keeps the selection in the editor, where the action applies.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => format.current?.(action)}
                aria-keyshortcuts={
                  "shortcut" in action ? `Control+${action.shortcut.toUpperCase()}` : undefined
                }
                title={
                  "shortcut" in action
                    ? `${action.label} (Ctrl+${action.shortcut.toUpperCase()}, ⌘${action.shortcut.toUpperCase()} on a Mac)`
                    : action.label
                }
                className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Icon aria-hidden="true" className="size-5" />
                <span className="sr-only">{action.label}</span>
              </button>
            );
          })}
        </fieldset>
      ) : null}
      <div
        ref={host}
        data-markdown-editor=""
        className={
          enhanced
            ? "overflow-hidden rounded-b-lg border border-slate-400 bg-white focus-within:ring-2 focus-within:ring-brand-600"
            : "hidden"
        }
      />
    </>
  );
}
