import { type DragEvent, useRef, useState } from "react";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input } from "#app/components/ui/field.tsx";
import { type ImageRef, imageSrcSet, imageUrl } from "#app/lib/images.ts";
import { imageTypes, type UploadedImage, uploadImage } from "./upload-image.ts";

type Uploaded = UploadedImage;

/**
 * The post's cover image: dropped on the area or chosen with the picker, uploaded at once
 * (the server checks, resizes and strips it), then saved with the post. Alt text is
 * required whenever there is an image.
 */
export function CoverImage({
  uploadUrl,
  initial,
  initialAlt,
  errors,
  onChange,
  onImage,
  onAlt,
}: {
  uploadUrl: string;
  initial: Uploaded | null;
  initialAlt: string;
  errors: { coverImage?: string; coverAlt?: string };
  onChange: () => void;
  /** Told the image the post will have (null: none), for a preview. */
  onImage?: (image: Uploaded | null) => void;
  /** Told the alt text as it is typed. */
  onAlt?: (alt: string) => void;
}) {
  const [image, setImageState] = useState<Uploaded | null>(initial);
  const setImage = (next: Uploaded | null) => {
    setImageState(next);
    onImage?.(next);
  };
  const [state, setState] = useState<"idle" | "uploading">("idle");
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setState("uploading");
    setProblem(null);
    const outcome = await uploadImage(uploadUrl, file);
    if (outcome.ok) {
      setImage(outcome.image);
      onChange();
    } else {
      setProblem(outcome.message);
    }
    setState("idle");
    if (picker.current) picker.current.value = "";
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };

  const imageError = problem ?? errors.coverImage;
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold text-ink">Cover image (optional)</legend>
      <input type="hidden" name="coverImage" value={image?.id ?? ""} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the pointer's shortcut; the "Choose an image" picker is the keyboard's way in */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-cover-drop=""
        className={cn(
          "rounded-lg border-2 border-dashed border-slate-400 p-4",
          dragging && "border-brand-700 bg-brand-50",
        )}
      >
        {image ? <CoverThumbnail image={image} alt="" /> : null}
        <p className="mt-2 text-sm text-ink-soft">
          Drop a JPEG, PNG, WebP, AVIF or GIF here (10 MB at most), or choose one. It is resized,
          and its camera data (place, device) removed.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <label
            htmlFor="cover-file"
            className={cn(buttonVariants({ variant: "outline", size: "small" }), "cursor-pointer")}
          >
            {image ? "Replace the image" : "Choose an image"}
          </label>
          <input
            ref={picker}
            id="cover-file"
            type="file"
            accept={imageTypes}
            className="sr-only"
            aria-invalid={imageError ? true : undefined}
            aria-describedby={imageError ? "cover-file-error" : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {image ? (
            <Button
              type="button"
              variant="outline"
              size="small"
              onClick={() => {
                setImage(null);
                onChange();
              }}
            >
              Remove the image
            </Button>
          ) : null}
          <span role="status" className="text-sm">
            {state === "uploading" ? "Uploading…" : image ? "Image ready; save to keep it." : ""}
          </span>
        </div>
        {imageError ? (
          <p id="cover-file-error" className="mt-2 text-sm font-semibold text-red-800">
            {imageError}
          </p>
        ) : null}
      </div>
      {image ? (
        <Field
          id="post-cover-alt"
          label="Describe the image (alt text)"
          hint="What someone who cannot see it needs to know, in a sentence."
          error={errors.coverAlt}
        >
          {(control) => (
            <Input
              {...control}
              name="coverAlt"
              required
              maxLength={300}
              defaultValue={initialAlt}
              onChange={(event) => onAlt?.(event.currentTarget.value)}
            />
          )}
        </Field>
      ) : (
        <input type="hidden" name="coverAlt" value="" />
      )}
    </fieldset>
  );
}

/** A cover image at thumbnail size, in AVIF where the browser takes it, else WebP. */
export function CoverThumbnail({ image, alt }: { image: Omit<ImageRef, "alt">; alt: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes="20rem" />
      <img
        src={imageUrl(image.id, image.widths[0] ?? image.width, "webp")}
        srcSet={imageSrcSet(image, "webp")}
        sizes="20rem"
        width={image.width}
        height={image.height}
        alt={alt}
        className="h-auto max-h-48 w-auto rounded"
      />
    </picture>
  );
}
