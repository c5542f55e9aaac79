// subset-font ships no types; the part scripts/subset-fonts.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      keepFeatures?: string[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      preserveNameIds?: number[];
      noLayoutClosure?: boolean;
    },
  ): Promise<Uint8Array>;
}
