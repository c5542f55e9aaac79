import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the site in one place. Anything else is the not-found page (a real 404).
export default [
  index("routes/home.tsx"),

  // Marketing pages
  route("how-northstory-works-audience", "routes/how-northstory-works-audience.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("book-a-call", "routes/book-a-call.tsx"),
  route("honesty", "routes/honesty.tsx"),
  route("client-success", "routes/client-success.tsx"),
  route("features/:feature", "routes/features.$feature.tsx"),

  // About, case studies, content examples, legal
  layout("routes/about-layout.tsx", [
    route("about", "routes/about.tsx"),
    route("about/values", "routes/about.values.tsx"),
    route("about/careers", "routes/about.careers.tsx"),
    route("about/partners", "routes/about.partners.tsx"),
  ]),
  route("about/contact", "routes/about.contact.tsx"),
  route("founder-brand-case-studies", "routes/founder-brand-case-studies.tsx", [
    index("routes/founder-brand-case-studies._index.tsx"),
    route(":study", "routes/founder-brand-case-studies.$study.tsx"),
  ]),
  route("founder-brand-content-examples", "routes/founder-brand-content-examples.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),

  // Blog and feeds
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog.$slug.tsx"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),

  // Images uploaded for posts (public, cached for a year)
  route("media/images/:id/:file", "routes/media.images.ts"),

  // Contact
  route("contact", "routes/contact.tsx"),

  // A saved post as readers will see it, in the public page's frame, for signed-in staff
  // who edit posts (back-office middleware: private, per request, never indexed).
  route("admin/posts/:id/draft", "routes/admin.posts.$id.draft.tsx"),

  // A post shared before it is published, for whoever has its secret link (no account):
  // never cached, never indexed, not counted by the site's analytics.
  route("preview/:token", "routes/preview.$token.tsx"),

  // Back office: private, per request, never in the sitemap. Sign-in pages are open; the
  // rest needs a session, and each area a role (checked by each route's middleware).
  route("admin", "routes/admin.tsx", [
    route("sign-in", "routes/admin.sign-in.tsx"),
    route("sign-in/link", "routes/admin.sign-in.link.tsx"),
    route("sign-in/passkey", "routes/admin.sign-in.passkey.ts"),
    layout("routes/admin.signed-in.tsx", [
      index("routes/admin._index.tsx"),
      route("account", "routes/admin.account.tsx"),
      route("account/passkeys", "routes/admin.account.passkeys.ts"),
      route("team", "routes/admin.team.tsx"),
      route("settings", "routes/admin.settings.tsx"),
      route("leads", "routes/admin.leads.tsx"),
      route("leads.csv", "routes/admin.leads.csv.ts"),
      route("leads/person.json", "routes/admin.leads.person.json.ts"),
      route("leads/new", "routes/admin.leads.new.tsx"),
      route("leads/pipeline", "routes/admin.leads.pipeline.tsx"),
      route("leads/:id", "routes/admin.leads.$id.tsx"),
      route("analytics", "routes/admin.analytics.tsx"),
      route("analytics.csv", "routes/admin.analytics.csv.ts"),
      route("posts", "routes/admin.posts.tsx"),
      route("posts/preview", "routes/admin.posts.preview.ts"),
      route("posts/slug", "routes/admin.posts.slug.ts"),
      route("posts/images", "routes/admin.posts.images.ts"),
      route("posts/:id/share", "routes/admin.posts.$id.share.tsx"),
      route("posts/:id", "routes/admin.posts.$id/route.tsx"),
      route("sign-out", "routes/admin.sign-out.ts"),
      route("*", "routes/admin.not-found.tsx"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
