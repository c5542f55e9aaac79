import { Play } from "lucide-react";
import { useState } from "react";

/**
 * Click-to-load video: a local poster until the visitor asks, so the first view makes no
 * request to the video host (no third-party cookies or bytes until
 * then).
 */
export function VideoPreview({
  videoId,
  title,
  duration,
}: {
  videoId: string;
  title: string;
  duration?: string;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-ink shadow-xl">
      {playing ? (
        <iframe
          className="absolute inset-0 h-full w-full"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex h-full w-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-brand-900 via-brand-800 to-ink p-6 text-center text-white"
        >
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-accent-400 text-ink shadow-lg transition-transform group-hover:scale-105">
            <Play aria-hidden="true" className="ml-1 h-9 w-9 fill-ink" />
          </span>
          <span className="max-w-md text-base font-semibold sm:text-lg">
            <span className="sr-only">Play video: </span>
            {title}
          </span>
          {duration ? <span className="text-sm text-brand-100">{duration}</span> : null}
        </button>
      )}
    </div>
  );
}
