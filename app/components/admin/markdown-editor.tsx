import {
  Bold,
  Code,
  Heading2,
  ImagePlus,
  Italic,
  Link,
  List,
  type LucideIcon,
  Quote,
} from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { type FormattingAction, formattingActions } from "#app/components/admin/markdown-format.ts";
import { Button } from "#app/components/ui/button.tsx";
import { type ControlProps, Input, Textarea } from "#app/components/ui/field.tsx";
import { imageUrl } from "#app/lib/images.ts";
import { findPassage } from "#app/lib/quoted-passages.ts";
import type { LinkTarget } from "./link-suggestions.ts";
import { imageTypes, type UploadedImage, uploadImage } from "./upload-image.ts";

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
  imageUploadUrl,
  revealRef,
  linkTargets,
  initialPassage,
}: {
  /** The textarea's id and aria props, from its Field; CodeMirror is described the same way. */
  control: ControlProps;
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Told the caret's line (from 0) as it moves, in the textarea or the code editor. */
  onCaret?: (line: number) => void;
  /** Where images dropped, pasted or chosen for the text are uploaded. */
  imageUploadUrl: string;
  /**
   * Given a way to select a passage (text as the post's page shows it) in the text, scrolled
   * into view and focused; it says whether the passage was found.
   */
  revealRef?: RefObject<((passage: string) => boolean) | null>;
  /** The site's pages and posts suggested while a link's address is typed. */
  linkTargets?: readonly LinkTarget[];
  /** A passage to select once the code editor is on screen (one a sign-off note quotes). */
  initialPassage?: string | null;
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
  const latestTargets = useRef(linkTargets);
  latestTargets.current = linkTargets;
  const latestValue = useRef(value);
  latestValue.current = value;
  const [enhanced, setEnhanced] = useState(false);
  // What the toolbar's buttons do once the code editor exists.
  const format = useRef<((action: FormattingAction) => void) | null>(null);
  // Images for the text: uploaded, then described, then placed where they were dropped.
  const place = useRef<((at: number, alt: string, url: string, caption: string) => void) | null>(
    null,
  );
  const caretAt = useRef<() => number>(() => 0);
  // Selects a passage in the code editor once it exists.
  const select = useRef<((passage: string) => boolean) | null>(null);
  const imagePicker = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<
    | { state: "uploading" }
    | { state: "describe"; image: UploadedImage; at: number; problem?: string }
    | { state: "failed"; message: string }
    // Not an upload: what a paste left out (its images that are not the site's own).
    | { state: "note"; message: string }
    | null
  >(null);
  const uploadTo = useRef(imageUploadUrl);
  uploadTo.current = imageUploadUrl;
  const startUpload = useRef(async (file: File, at: number) => {
    setUpload({ state: "uploading" });
    const outcome = await uploadImage(uploadTo.current, file);
    setUpload(
      outcome.ok
        ? { state: "describe", image: outcome.image, at }
        : { state: "failed", message: outcome.message },
    );
  });

  // Mounted once per post (the page keys this component), so the editor's own history
  // and cursor survive every re-render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, reads the latest through refs
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import("#app/components/admin/markdown-codemirror.client.ts")
      .then(
        ({
          applyFormatting,
          createMarkdownEditor,
          describeMarkdownEditor,
          insertImage,
          selectPassage,
        }) => {
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
            onImageFiles: (files, at) => {
              const [file] = files;
              if (file) void startUpload.current(file, at);
            },
            onPasteNote: (message) => setUpload({ state: "note", message }),
            linkTargets: () => latestTargets.current ?? [],
          });
          place.current = (at, alt, url, caption) => insertImage(view, at, alt, url, caption);
          caretAt.current = () => view.state.selection.main.head;
          select.current = (passage) => {
            const at = findPassage(view.state.doc.toString(), passage);
            if (at) selectPassage(view, at.from, at.to);
            return at !== null;
          };
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
            select.current = null;
            describe.current = null;
            format.current = null;
            place.current = null;
            view.destroy();
          };
          // Shown at once, in this task: no key can land in the textarea in between.
          flushSync(() => setEnhanced(true));
          if (focused) view.focus();
          if (initialPassage) select.current?.(initialPassage);
        },
      )
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
  useEffect(() => {
    if (!revealRef) return;
    revealRef.current = (passage) => {
      if (select.current) return select.current(passage);
      // The plain textarea, before the code editor has loaded.
      const area = textarea.current;
      const at = area ? findPassage(area.value, passage) : null;
      if (!area || !at) return false;
      area.focus();
      area.setSelectionRange(at.from, at.to);
      return true;
    };
    return () => {
      revealRef.current = null;
    };
  }, [revealRef]);

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
        className="leading-relaxed"
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
          <button
            type="button"
            onClick={() => imagePicker.current?.click()}
            title="Insert an image (or drop or paste one into the text)"
            className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ImagePlus aria-hidden="true" className="size-5" />
            <span className="sr-only">Insert an image</span>
          </button>
          <input
            ref={imagePicker}
            type="file"
            accept={imageTypes}
            className="sr-only"
            tabIndex={-1}
            aria-label="Image for the text"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void startUpload.current(file, caretAt.current());
            }}
          />
        </fieldset>
      ) : null}
      {upload ? (
        <ImageDescription
          upload={upload}
          onPlace={(image, at, alt, caption) => {
            place.current?.(
              at,
              alt,
              imageUrl(image.id, image.widths.at(-1) ?? image.width, "webp"),
              caption,
            );
            setUpload(null);
          }}
          onProblem={(problem) =>
            setUpload((current) =>
              current?.state === "describe" ? { ...current, problem } : current,
            )
          }
          onCancel={() => setUpload(null)}
        />
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

/**
 * Under the toolbar while an image for the text is on its way: "Uploading…", why it
 * failed, or, once stored, its required description and the button that places it. Also
 * what a paste left out.
 */
function ImageDescription({
  upload,
  onPlace,
  onProblem,
  onCancel,
}: {
  upload:
    | { state: "uploading" }
    | { state: "describe"; image: UploadedImage; at: number; problem?: string }
    | { state: "failed"; message: string }
    | { state: "note"; message: string };
  onPlace: (image: UploadedImage, at: number, alt: string, caption: string) => void;
  onProblem: (problem: string) => void;
  onCancel: () => void;
}) {
  const alt = useRef<HTMLInputElement>(null);
  const caption = useRef<HTMLInputElement>(null);
  const describing = upload.state === "describe";
  useEffect(() => {
    if (describing) alt.current?.focus();
  }, [describing]);
  if (upload.state !== "describe") {
    return (
      <div
        className="flex flex-wrap items-center gap-x-3 gap-y-2 border-x border-slate-400 bg-brand-50 px-3 py-2 text-sm"
        role="status"
      >
        {upload.state === "uploading" ? (
          "Uploading the image…"
        ) : (
          <>
            <span
              className={
                upload.state === "failed" ? "font-semibold text-red-800" : "max-w-prose text-ink"
              }
            >
              {upload.message}
            </span>
            <Button type="button" variant="outline" size="small" onClick={onCancel}>
              Dismiss
            </Button>
          </>
        )}
      </div>
    );
  }
  const place = () => {
    const text = alt.current?.value.trim() ?? "";
    if (!text) {
      onProblem("Describe the image first: what someone who cannot see it needs to know.");
      alt.current?.focus();
      return;
    }
    onPlace(upload.image, upload.at, text, caption.current?.value.trim() ?? "");
  };
  // In either field, Enter places the image (it must not submit the post's form) and Escape
  // cancels it.
  const keys = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      place();
    }
    if (event.key === "Escape") onCancel();
  };
  return (
    <fieldset className="mt-2 space-y-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
      <legend className="float-left mb-2 w-full text-sm font-semibold text-ink">
        Image uploaded: describe it to place it in the text.
      </legend>
      <label htmlFor="text-image-alt" className="block text-sm font-semibold text-ink">
        Describe the image (alt text)
      </label>
      <Input
        ref={alt}
        id="text-image-alt"
        maxLength={300}
        aria-invalid={upload.problem ? true : undefined}
        aria-describedby={upload.problem ? "text-image-alt-error" : undefined}
        onKeyDown={keys}
      />
      {upload.problem ? (
        <p id="text-image-alt-error" className="text-sm font-semibold text-red-800">
          {upload.problem}
        </p>
      ) : null}
      <label htmlFor="text-image-caption" className="block text-sm font-semibold text-ink">
        Caption (optional)
      </label>
      <p id="text-image-caption-hint" className="text-sm text-ink-soft">
        Shown under the image, for every reader: a source, a credit, what to notice.
      </p>
      <Input
        ref={caption}
        id="text-image-caption"
        maxLength={300}
        aria-describedby="text-image-caption-hint"
        onKeyDown={keys}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="small" onClick={place}>
          Insert the image
        </Button>
        <Button type="button" variant="outline" size="small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
