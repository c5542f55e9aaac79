import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { Card } from "#app/components/ui/card.tsx";
import type { Leader } from "#app/content/leaders.ts";

export type LeadershipCopy = {
  viewLinkedIn: string;
  linkedInLabel: (name: string) => string;
  close: string;
  openHint: string;
  photoAlt: (name: string, title: string) => string;
};

/**
 * lucide-react has no brand icons, so the LinkedIn mark is drawn as text in LinkedIn's blue
 * (white on #0a66c2 is 5.7:1). Decorative: the link carries its own accessible name.
 */
function LinkedInMark({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-7 w-7 items-center justify-center rounded-md bg-[#0a66c2] font-sans text-base leading-none font-bold text-white ${className}`}
    >
      in
    </span>
  );
}

/**
 * The leadership grid. Each card has a name button that opens the leader's dialog and a
 * separate LinkedIn link, so no interactive element sits inside another. The button's
 * ::after stretches over the card, making the whole card clickable; the link sits above it.
 *
 * Every leader's dialog is in the server HTML (closed), so names, titles and full bios are
 * readable by search engines; `selectedId` decides which one is open.
 */
export function LeadershipGrid({
  leaders,
  copy,
}: {
  leaders: readonly Leader[];
  copy: LeadershipCopy;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const openers = useRef(new Map<number, HTMLButtonElement>());

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {leaders.map((leader) => (
        <li key={leader.id}>
          <Card
            as="article"
            padding="snug"
            className="group relative flex h-full items-start gap-4 transition-shadow hover:shadow-lg"
          >
            <img
              src={leader.photo.src}
              width={leader.photo.width}
              height={leader.photo.height}
              alt={copy.photoAlt(leader.name, leader.title)}
              loading="lazy"
              decoding="async"
              className="h-20 w-20 shrink-0 rounded-2xl bg-brand-100 object-cover"
            />
            <div className="min-w-0 flex-1">
              <h3 className="text-lg leading-snug font-bold">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) openers.current.set(leader.id, element);
                    else openers.current.delete(leader.id);
                  }}
                  aria-haspopup="dialog"
                  aria-expanded={selectedId === leader.id}
                  onClick={() => setSelectedId(leader.id)}
                  className="min-h-11 cursor-pointer text-left group-hover:text-brand-700 after:absolute after:inset-0 after:rounded-2xl after:content-['']"
                >
                  {leader.name}
                </button>
              </h3>
              <p className="text-ink-soft">{leader.title}</p>
              <p aria-hidden="true" className="mt-2 text-sm font-semibold text-brand-700">
                {copy.openHint}
              </p>
            </div>
            <ExternalLink
              href={leader.linkedinUrl}
              className="relative z-10 -mt-1 -mr-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100"
            >
              <LinkedInMark />
              <span className="sr-only">{copy.linkedInLabel(leader.name)}</span>
            </ExternalLink>
          </Card>
          <LeaderDialog
            leader={leader}
            copy={copy}
            open={selectedId === leader.id}
            onClose={() => {
              setSelectedId(null);
              openers.current.get(leader.id)?.focus();
            }}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * A native modal <dialog>: the browser moves focus in, keeps it there, makes the page
 * behind inert and closes on Escape. Every way of closing ends in the `close` event.
 */
function LeaderDialog({
  leader,
  copy,
  open,
  onClose,
}: {
  leader: Leader;
  copy: LeadershipCopy;
  open: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const nameId = `leader-${leader.id}-name`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; the keyboard closes a modal dialog with Escape natively
    <dialog
      ref={dialog}
      aria-labelledby={nameId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="relative p-6 sm:p-8">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-slate-100"
        >
          <X aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">{copy.close}</span>
        </button>
        <div className="flex flex-col gap-5 pr-10 sm:flex-row sm:items-center">
          <img
            src={leader.photo.src}
            width={leader.photo.width}
            height={leader.photo.height}
            alt={copy.photoAlt(leader.name, leader.title)}
            loading="lazy"
            decoding="async"
            className="h-28 w-28 shrink-0 rounded-2xl bg-brand-100 object-cover sm:h-32 sm:w-32"
          />
          <div>
            <h2 id={nameId} className="font-display text-3xl font-bold tracking-tight">
              {leader.name}
            </h2>
            <p className="mt-1 text-lg text-ink-soft">{leader.title}</p>
          </div>
        </div>
        <div className="mt-6 space-y-4 leading-relaxed text-ink-soft">
          {leader.bio.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ExternalLink href={leader.linkedinUrl} className={buttonClass("primary", "mt-8")}>
          {copy.viewLinkedIn}
        </ExternalLink>
      </div>
    </dialog>
  );
}
