/** Labels around the legal documents; the documents themselves are content/legal/*.md. */
export const legalCopy = {
  tocHeading: "On this page",
  updatedLabel: "Last updated",
} as const;

/** Which Markdown file each legal page renders. */
export const legalDocuments = {
  terms: { path: "/terms", name: "Terms of Service" },
  "privacy-policy": { path: "/privacy-policy", name: "Privacy Policy" },
} as const;

export type LegalSlug = keyof typeof legalDocuments;
