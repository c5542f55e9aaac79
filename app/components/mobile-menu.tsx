import { Menu, X } from "lucide-react";
import { useRef } from "react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { mainNav, topStrip } from "#app/content/site.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-lg ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-ink hover:bg-slate-100"}`;

/** The menu dialog's id, named by the buttons that open and close it. */
const menuId = "site-menu";

/**
 * Invoker commands (`commandfor` and `command`): the browser itself opens and closes the
 * dialog, so a tap works before the page's scripts have started (seconds on a slow phone)
 * and without them. Not yet in React's types, hence the spread.
 */
const invokes = (command: "show-modal" | "close") =>
  ({ commandfor: menuId, command }) as Record<string, string>;

/**
 * The small-screen side menu: a modal <dialog>, so the browser keeps focus inside it,
 * makes the page behind inert and closes it on Escape. The buttons open and close it by
 * themselves (invoker commands); their click handlers do the same for a browser without
 * those, and do nothing where the browser already has.
 */
export function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();

  return (
    <>
      <button
        type="button"
        {...invokes("show-modal")}
        onClick={() => {
          if (!dialog.current?.open) dialog.current?.showModal();
        }}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100 md:hidden"
        aria-haspopup="dialog"
        aria-label="Open menu"
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
      </button>
      <dialog
        ref={dialog}
        id={menuId}
        aria-label="Site menu"
        className="side-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[300px] max-w-full overflow-y-auto bg-white p-6 text-ink shadow-2xl sm:w-[400px]"
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close();
        }}
        onKeyDown={(event) => {
          // A modal dialog lets Tab leave for the browser's own controls; keep it in the menu.
          if (event.key !== "Tab") return;
          const focusable = event.currentTarget.querySelectorAll<HTMLElement>("a[href], button");
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first?.focus();
          } else if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last?.focus();
          }
        }}
      >
        <div className="flex items-center justify-between">
          <span className="font-display text-xl font-bold">Menu</span>
          <button
            type="button"
            {...invokes("close")}
            onClick={close}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-slate-100"
            aria-label="Close menu"
          >
            <X aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-6">
          <ul className="space-y-1">
            <li>
              <NavLink to={mainNav.howItWorks.to} className={linkClass} onClick={close}>
                {mainNav.howItWorks.label}
              </NavLink>
            </li>
            <li>
              <NavLink to={mainNav.pricing.to} className={linkClass} onClick={close}>
                {mainNav.pricing.label}
              </NavLink>
            </li>
            <li>
              <p className="px-3 pt-4 pb-1 text-sm font-semibold uppercase tracking-wide text-ink-soft">
                {mainNav.clientSuccess.label}
              </p>
              <ul>
                {mainNav.clientSuccess.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={linkClass} onClick={close}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          </ul>
          <hr className="my-5 border-slate-200" />
          <ul className="space-y-1">
            {topStrip.links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <ExternalLink
                href={topStrip.signIn.href}
                className="block rounded-lg px-3 py-3 text-lg text-ink hover:bg-slate-100"
                onClick={close}
              >
                {topStrip.signIn.label}
              </ExternalLink>
            </li>
          </ul>
          <Link
            to={mainNav.getStarted.to}
            onClick={close}
            className={buttonClass("primary", "mt-6 w-full")}
          >
            {mainNav.getStarted.label}
          </Link>
        </nav>
      </dialog>
    </>
  );
}
