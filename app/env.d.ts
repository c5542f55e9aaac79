/** Absolute site origin, substituted at build time from SITE_URL. */
declare const __SITE_URL__: string;
