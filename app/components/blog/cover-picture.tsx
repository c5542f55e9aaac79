import { cn } from "#app/components/ui/cn.ts";
import { type ImageRef, imageSrcSet, imageUrl } from "#app/lib/images.ts";

/**
 * An uploaded image at the widths it was stored in, AVIF where the browser takes it, else
 * WebP; its width and height reserve its place before it arrives.
 */
export function CoverPicture({
  image,
  alt = image.alt,
  sizes,
  lazy = false,
  className,
}: {
  image: ImageRef;
  /** Empty when the image only repeats what its link or heading says. */
  alt?: string;
  sizes: string;
  /** Below the first screen: fetched only as it comes near. */
  lazy?: boolean;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <img
        src={imageUrl(image.id, image.widths.at(-1) ?? image.width, "webp")}
        srcSet={imageSrcSet(image, "webp")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={lazy ? "lazy" : undefined}
        decoding={lazy ? "async" : undefined}
        className={cn("h-auto w-full", className)}
      />
    </picture>
  );
}
