import headingFont from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import textFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/** The brand faces, from the built files (app/fonts.css says how they are used). */
export const brandFaces = [
  { family: "Inter Variable", url: textFont },
  { family: "Fraunces Variable", url: headingFont },
] as const;

const inputs = ["pointerdown", "keydown"] as const;

/**
 * Loads the brand faces once the page has hydrated, without using them, and switches the
 * page's type to them at the visitor's first tap, click or key press once they have
 * arrived (`data-brand-fonts` on <html>): a layout change within half a second of an input
 * is never counted as a shift, and a later page of the visit keeps them. Returns what stops
 * listening.
 */
export function loadBrandFonts(root: HTMLElement = document.documentElement): () => void {
  if (root.dataset.brandFonts !== undefined || typeof FontFace === "undefined") return () => {};
  const faces = brandFaces.map(
    ({ family, url }) =>
      new FontFace(family, `url(${url}) format("woff2")`, { weight: "100 900", display: "swap" }),
  );
  for (const face of faces) {
    document.fonts.add(face);
    // A face that does not arrive leaves the fallbacks in place.
    face.load().catch(() => {});
  }
  const stop = () => {
    for (const type of inputs) window.removeEventListener(type, take, true);
  };
  function take() {
    if (!faces.every((face) => face.status === "loaded")) return;
    root.dataset.brandFonts = "";
    stop();
  }
  for (const type of inputs) window.addEventListener(type, take, { capture: true, passive: true });
  return stop;
}
