import headingFont from "#app/fonts/fraunces-latin-700.woff2?url";
import textFont from "#app/fonts/inter-latin-wght-400-700.woff2?url";

/**
 * The brand faces' files, the same hashed assets app/fonts.css declares. Both paint the first
 * screen (text and headings), so every public page preloads both, the larger first.
 */
export const brandFontFiles = [textFont, headingFont] as const;
