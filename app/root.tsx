import { useEffect, useRef } from "react";
import {
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
} from "react-router";
import { requireRequestInfo } from "#app/.server/context.ts";
// The whole stylesheet, as a file: pages carry only the rules they use inline, and this
// loads after hydration for the pages a visitor moves on to.
import fullStylesheet from "#app/app.css?url";
import { PostListSkeleton } from "#app/components/blog/post-list-skeleton.tsx";
import { NavigationProgress } from "#app/components/navigation-progress.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { site } from "#app/content/site.ts";
import { sendEvent } from "#app/lib/analytics.ts";
import { POSTS_PER_PAGE } from "#app/lib/blog.ts";
import { brandFontFiles } from "#app/lib/brand-fonts.ts";
import { useReportBrowserError } from "#app/lib/browser-errors.ts";
import { FullStylesheet, InlineStyles } from "#app/lib/inline-styles.tsx";
import { useNonce } from "#app/lib/nonce.tsx";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The brand mark on a full square, for home screens (the system rounds its corners).
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "alternate", type: "application/rss+xml", title: `${site.name} Blog`, href: "/rss.xml" },
];

/**
 * The public origin (SITE_URL) of the running server, for canonical URLs and previews in
 * every route's meta: applied at run time, so one build serves any origin.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: requireRequestInfo(context).origin };
}

// The origin never changes while a visitor browses: no need to ask again on navigation.
export const shouldRevalidate = () => false;

// A 404 thrown by a route's loader ends in the root error boundary: give it a title too.
export const meta: Route.MetaFunction = ({ error }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? [{ title: `Page not found | ${site.name}` }, { name: "robots", content: "noindex" }]
    : [];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The back office has its own header and no site footer (see routes/admin.tsx).
  const backOffice = useMatches().some(
    (match) => (match.handle as { backOffice?: boolean } | undefined)?.backOffice,
  );
  // Says the page has hydrated (for browser tests): the layout's effect runs after every
  // other effect of the first render. Set after the first paint, so it changes no look.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // A move to another public page in the browser is a page view (the first page's own
  // request was counted by the server).
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (!backOffice) sendEvent({ kind: "view", path: pathname });
  }, [pathname, backOffice]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1b33" />
        {/* The brand's typefaces, which paint every page's first screen (app/fonts.css). */}
        {brandFontFiles.map((file) => (
          <link
            key={file}
            rel="preload"
            href={file}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        <InlineStyles />
        <FullStylesheet href={fullStylesheet} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <NavigationProgress />
        {backOffice ? (
          children
        ) : (
          <>
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter />
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Arriving at the blog from another page: its list is rendered per request, so show the
  // page's frame with skeleton cards while it loads (moves within the blog are handled there).
  if (
    navigation.state === "loading" &&
    navigation.location.pathname === "/blog" &&
    pathname !== "/blog"
  ) {
    return (
      <>
        <PageHeader title={blogCopy.heading} lead={blogCopy.intro} />
        <Container className="pb-20">
          <div className="lg:w-2/3">
            <PostListSkeleton count={POSTS_PER_PAGE} label={blogCopy.loading} />
          </div>
        </Container>
      </>
    );
  }
  return <Outlet />;
}

/** What an error page says: a request the site refuses is the visitor's, not ours. */
function errorCopy(error: unknown): { heading: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 503) {
    return {
      heading: "We'll be right back",
      text: "This page needs a service that is briefly unavailable. Please try again in a minute.",
    };
  }
  if (isRouteErrorResponse(error) && error.status === 405) {
    return {
      heading: "Nothing to send here",
      text: "This address shows a page but takes no form. Please open it instead, or return to the home page.",
    };
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return {
      heading: "The request could not be processed",
      text: typeof error.data === "string" && error.data ? error.data : "Please try again.",
    };
  }
  return {
    heading: "Something went wrong",
    text: "Sorry, this page could not be shown. Please try again, or return to the home page.",
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportBrowserError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const { heading, text } = errorCopy(error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${heading} | ${site.name}`}</title>
      <h1 className="font-display text-4xl font-bold">{heading}</h1>
      <p className="mt-4 text-lg text-ink-soft">{text}</p>
      <a href={href("/")} className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </section>
  );
}
