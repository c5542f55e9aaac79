import portraits from "virtual:portraits";
import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/**
 * Click-to-load video: a local poster frame until the visitor asks, so the first view makes
 * no request to the video host (no third-party cookies or bytes until then). The frame is
 * drawn with the site (an interview set, with the speaker's portrait when we have one);
 * the title and the play button are text over it.
 */
export function VideoPreview({
  videoId,
  title,
  duration,
  poster = portraits["poster-studio"],
}: {
  videoId: string;
  title: string;
  duration?: string;
  poster?: string;
}) {
  const [playing, setPlaying] = useState(false);
  // The button the keyboard was on is gone: the focus goes to the player.
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-ink shadow-xl">
      {playing ? (
        <iframe
          ref={frame}
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
          // The frame clips what reaches past its rounded corners: the focus ring goes inside.
          className="group absolute inset-0 h-full w-full cursor-pointer text-left text-white focus-visible:outline-offset-[-6px]"
        >
          <img
            src={poster}
            width={1280}
            height={720}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
          <span className="absolute inset-y-0 left-0 flex w-1/2 flex-col justify-end gap-3 p-4 sm:p-6">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-accent-400 text-ink shadow-lg transition-transform group-hover:scale-105 sm:h-16 sm:w-16">
              <Play aria-hidden="true" className="ml-1 h-7 w-7 fill-ink" />
            </span>
            <span className="sr-only">Play video: {title}</span>
            {/* On a phone the frame is too small for the title beside the speaker: the
                section around the video says what it is about. */}
            <span aria-hidden="true" className="hidden leading-snug font-semibold sm:block">
              {title}
            </span>
            {duration ? <span className="text-sm text-brand-100">{duration}</span> : null}
          </span>
        </button>
      )}
    </div>
  );
}
