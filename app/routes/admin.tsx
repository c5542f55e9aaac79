import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import {
  Form,
  href,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { backOffice, signedInContext } from "#app/.server/auth/guard.ts";
import { canUse } from "#app/.server/auth/roles.ts";
import { requireApp } from "#app/.server/context.ts";
import { countUnread } from "#app/.server/leads/inbox.ts";
// The back office's own stylesheet (the site's, plus the classes only its pages use), as
// a file: its documents carry the rules they use inline (entry.server.tsx), and this loads
// after hydration for the pages that follow, after the site's stylesheet (root.tsx), so
// its rules come last.
import backOfficeStylesheet from "#app/admin.css?url";
import { AdminPage } from "#app/components/admin/ui.tsx";
import { site } from "#app/content/site.ts";
import {
  backOfficeSections,
  frameNeedsLoading,
  leadOpenedBy,
  roleLabels,
} from "#app/lib/back-office.ts";
import { useReportBrowserError } from "#app/lib/browser-errors.ts";
import { keepPageWhenSignedOut } from "#app/lib/form-answer.ts";
import type { Route } from "./+types/admin";

/** Marks the back office for the root layout (its own header, no site footer). */
export const handle = { backOffice: true };

export const middleware: Route.MiddlewareFunction[] = [backOffice];

// A form that found the session ended keeps its page (see keepPageWhenSignedOut); going to
// the inbox or a lead counts the unread leads again.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  keepPageWhenSignedOut({ ...args, defaultShouldRevalidate: frameNeedsLoading(args) });

export const meta: Route.MetaFunction = () => [
  { title: `Back office | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  if (!signedIn) return { user: null };
  const { user } = signedIn;
  // Leads nobody has opened yet, beside "Leads" for the people who work them.
  const unread = canUse(user.role, "leads")
    ? await countUnread(requireApp(context).database.db, {
        opening: leadOpenedBy(new URL(request.url).pathname),
      })
    : 0;
  return {
    user: {
      name: user.name,
      email: user.email,
      role: roleLabels[user.role],
      // The sections of the person's role (the server refuses the others anyway).
      sections: backOfficeSections
        .filter((section) => section.area === null || canUse(user.role, section.area))
        .map(({ label, path, area }) => ({
          label,
          path,
          badge: area === "leads" && unread > 0 ? unread : null,
        })),
      unread,
      // No zone chosen yet: the browser offers its own once (see Chrome).
      timeZoneSet: user.timeZone !== null,
    },
  };
}

type ChromeUser = Awaited<ReturnType<typeof loader>>["user"];

export default function BackOffice({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome user={loaderData.user}>
      <Outlet />
    </Chrome>
  );
}

/** The back office's header (the signed-in person's sections) and its main landmark. */
function Chrome({ user, children }: { user: ChromeUser; children: ReactNode }) {
  // The phone's menu closes once a section is chosen, and with Escape.
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every new page
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  // On a first visit, times follow the browser's time zone until the person picks one. A
  // plain request, not the router's: it must not revalidate (and so race) the navigation
  // the person starts meanwhile; the pages that follow show the new zone.
  const offered = useRef(false);
  useEffect(() => {
    if (!user || user.timeZoneSet || offered.current) return;
    offered.current = true;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone) return;
    void fetch(href("/admin/account"), {
      method: "POST",
      body: new URLSearchParams({ intent: "time-zone", timeZone: browserZone, auto: "yes" }),
      keepalive: true,
    }).catch(() => {
      // Offline or refused: times stay in UTC, and the next page tries again.
    });
  }, [user]);
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  return (
    <>
      <BackOfficeStylesheet />
      {/* Hidden while a writer focuses on the text (the post editor's "Focus on writing"). */}
      <header
        data-back-office-header=""
        className="relative border-b border-slate-200 bg-ink text-white"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6 lg:px-8">
          <Link to={href("/admin")} className="min-h-11 py-2 font-display text-lg font-bold">
            {site.name} <span className="font-normal text-slate-300">back office</span>
          </Link>
          {user ? (
            // On a phone the sections fold behind "Menu", so a page starts in the first
            // screen; from 1024 px they are always shown (where the browser can style a
            // closed <details>' content; elsewhere "Menu" stays and opens them).
            <details
              ref={menu}
              onKeyDown={closeOnEscape}
              className="lg:supports-[selector(::details-content)]:details-content:[content-visibility:visible]"
            >
              <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-white/70 px-4 text-sm font-semibold hover:bg-white/10 lg:supports-[selector(::details-content)]:hidden">
                Menu
                {user.unread > 0 ? <UnreadBadge count={user.unread} /> : null}
              </summary>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 max-lg:absolute max-lg:inset-x-0 max-lg:top-full max-lg:z-20 max-lg:border-t max-lg:border-white/10 max-lg:bg-ink max-lg:px-4 max-lg:py-3 max-lg:shadow-lg">
                <nav aria-label="Back office">
                  <ul className="flex flex-wrap gap-1">
                    {user.sections.map((section) => (
                      <li key={section.path}>
                        <NavLink
                          to={section.path}
                          className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-slate-100 hover:bg-white/10 aria-[current=page]:bg-white/15 aria-[current=page]:text-white"
                        >
                          {section.label}
                          {section.badge ? <UnreadBadge count={section.badge} /> : null}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <Form method="post" action={href("/admin/sign-out")}>
                  <button
                    type="submit"
                    className="inline-flex min-h-11 items-center rounded-full border-2 border-white/70 px-4 text-sm font-semibold hover:bg-white/10"
                  >
                    Sign out
                    <span className="sr-only"> ({user.email})</span>
                  </button>
                </Form>
              </div>
            </details>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 bg-sand focus:outline-none">
        {children}
      </main>
    </>
  );
}

/** How many leads wait to be opened: a number to the eye, "3 unread" to a screen reader. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-ink">
      {count > 999 ? "999+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

let stylesheetLoaded = false;

/**
 * The back office's stylesheet, from hydration on. Once loaded it stays: a page that
 * mounts the header again (an error boundary's) keeps it from its first render.
 */
function BackOfficeStylesheet() {
  const [loaded, setLoaded] = useState(stylesheetLoaded);
  useEffect(() => {
    stylesheetLoaded = true;
    setLoaded(true);
  }, []);
  return loaded ? <link rel="stylesheet" href={backOfficeStylesheet} /> : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportBrowserError(error);
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // A request the back office refuses (a body that is not a form, say) says why.
  const refused =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string"
      ? error.data
      : null;
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  return (
    <Chrome user={data?.user ?? null}>
      <AdminPage
        title={
          forbidden
            ? "Not part of your role"
            : missing
              ? "Page not found"
              : refused
                ? "The request could not be processed"
                : "Something went wrong"
        }
        lead={
          forbidden
            ? "Your role does not include this part of the back office. An admin can change your role."
            : missing
              ? "There is no back-office page at this address."
              : (refused ?? "This page could not be shown. Please try again in a moment.")
        }
      >
        <p>
          <Link to={href("/admin")} className="font-semibold text-brand-700 underline">
            Back to the back office
          </Link>
        </p>
      </AdminPage>
    </Chrome>
  );
}
