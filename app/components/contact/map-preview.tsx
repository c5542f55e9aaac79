import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ExternalLink } from "#app/components/external-link.tsx";

/** Click-to-load map: nothing is requested from the map host until the visitor asks. */
export function MapPreview({
  embedUrl,
  linkUrl,
  label,
  buttonLabel,
  note,
  linkLabel,
}: {
  embedUrl: string;
  linkUrl: string;
  label: string;
  buttonLabel: string;
  note: string;
  linkLabel: string;
}) {
  const [shown, setShown] = useState(false);
  // The button the keyboard was on is gone: the focus goes to what it showed.
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);
  return (
    <div>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-brand-50">
        {shown ? (
          <iframe
            ref={frame}
            src={embedUrl}
            title={label}
            className="absolute inset-0 h-full w-full border-0"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
            <MapPin aria-hidden="true" className="h-10 w-10 text-brand-700" />
            <button
              type="button"
              onClick={() => setShown(true)}
              className="inline-flex min-h-11 items-center rounded-full border-2 border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-white"
            >
              {buttonLabel}
            </button>
            <p className="text-sm text-ink-soft">{note}</p>
          </div>
        )}
      </div>
      <ExternalLink
        href={linkUrl}
        className="mt-3 inline-block font-semibold text-brand-700 underline"
      >
        {linkLabel}
      </ExternalLink>
    </div>
  );
}
