/**
 * The look every product vignette shares (docs/brand.md): white panels with the site's card
 * radius, one soft shadow, and small interface text.
 */
export const artPanel =
  "rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10";
/** A vignette is one picture to assistive technology: its label says what it shows. */
export const artRoot = "relative mx-auto w-full max-w-md select-none lg:max-w-none";
