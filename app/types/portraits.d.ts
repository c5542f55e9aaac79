// The portraits drawn when the site is built (scripts/vite-portraits.ts): each person's
// slug (app/content/portraits.ts) to the URL of their drawing, and the videos' poster frames.
declare module "virtual:portraits" {
  const portraits: Record<
    | import("#app/content/portraits.ts").PortraitSlug
    | `poster-${import("#app/content/portraits.ts").VideoSpeaker}`
    | "poster-studio",
    string
  >;
  export default portraits;
}
