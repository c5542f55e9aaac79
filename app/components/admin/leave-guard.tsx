import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Notice } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";

type Leaving =
  | { to: string }
  | { key: string }
  | { form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * While `dirty`, leaving the page asks first: by a link within the site, by a form sent to
 * another page (the header's Sign out) or marked `data-leaves-page`, by the browser's Back and Forward buttons within the
 * back office, by the page's own moves (`leaveTo`, for keyboard shortcuts), and when closing
 * or reloading the tab. `question` is what the notice asks ("… Leave without saving them?").
 * Returns the move being asked about (or null) and what the notice's buttons do.
 */
export function useLeaveGuard(
  dirty: boolean,
  question: { ask: string; leave: string } = {
    ask: "This post has unsaved changes. Leave without saving them?",
    leave: "Leave without saving",
  },
) {
  const navigate = useNavigate();
  // (Not React Router's useBlocker: its code would land in the chunk that every public
  // page loads.) Leaving is either following the link or replaying the history move.
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const leavingNow = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return;
      if (anchor.hasAttribute("data-leave")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to: url.pathname + url.search + url.hash });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [dirty]);
  // A form sent elsewhere (Sign out) leaves too. Caught on its way down, before React Router
  // sends it; sent again, marked, once the person chooses to leave.
  useEffect(() => {
    if (!dirty) return;
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.hasAttribute("data-leave")) return;
      // A form sent to this page stays on it, unless it says it leaves (data-leaves-page:
      // the server answers it with another page).
      const samePage =
        new URL(form.action, window.location.href).pathname === window.location.pathname;
      if (samePage && !form.hasAttribute("data-leaves-page")) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ form, submitter: event.submitter });
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [dirty]);
  const leaveBySubmitting = (form: HTMLFormElement, submitter: HTMLElement | null) => {
    leavingNow.current = true;
    form.setAttribute("data-leave", "");
    form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : null);
  };
  // Back and Forward between back-office pages move within one document, so nothing
  // unloads and beforeunload stays silent. The Navigation API announces such a move before
  // it happens and lets the page cancel it when the browser allows (Chromium does once the
  // person has interacted with the page since the last time it was cancelled). Without the
  // API, or when the move cannot be cancelled, the browser moves as before.
  useEffect(() => {
    if (!dirty || !("navigation" in window)) return;
    const onNavigate = (event: NavigateEvent) => {
      if (leavingNow.current || event.navigationType !== "traverse" || !event.cancelable) return;
      if (new URL(event.destination.url).pathname === window.location.pathname) return;
      event.preventDefault();
      setLeaving({ key: event.destination.key });
    };
    window.navigation.addEventListener("navigate", onNavigate);
    return () => window.navigation.removeEventListener("navigate", onNavigate);
  }, [dirty]);
  const leaveByHistory = (key: string) => {
    leavingNow.current = true;
    const { committed, finished } = window.navigation.traverseTo(key);
    // The entry can be gone (another tab, a reload): the page stays, and asks again next time.
    const stay = () => {
      leavingNow.current = false;
      setLeaving(null);
    };
    committed?.catch(stay);
    finished?.catch(() => {});
  };
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!leavingNow.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return {
    leaving: dirty ? leaving : null,
    question,
    stay: () => setLeaving(null),
    leaveByHistory,
    leaveBySubmitting,
    /** Goes to `to` (a path of this site), asking first while `dirty`. */
    leaveTo: (to: string) => {
      if (dirty) setLeaving({ to });
      else void navigate(to);
    },
  };
}

/** The question asked before leaving with unsaved changes, and its two answers. */
export function LeaveNotice({
  leaving,
  question,
  stay,
  leaveByHistory,
  leaveBySubmitting,
}: ReturnType<typeof useLeaveGuard>) {
  // The question takes the focus, so the keyboard and a screen reader are where it is asked.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (leaving) notice.current?.focus();
  }, [leaving]);
  if (!leaving) return null;
  return (
    <Notice tone="error" ref={notice} tabIndex={-1}>
      <p>{question.ask}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {"to" in leaving ? (
          <Link
            to={leaving.to}
            data-leave=""
            className={buttonVariants({ variant: "danger", size: "small" })}
          >
            {question.leave}
          </Link>
        ) : "form" in leaving ? (
          <Button
            variant="danger"
            size="small"
            onClick={() => leaveBySubmitting(leaving.form, leaving.submitter)}
          >
            {question.leave}
          </Button>
        ) : (
          <Button variant="danger" size="small" onClick={() => leaveByHistory(leaving.key)}>
            {question.leave}
          </Button>
        )}
        <Button variant="outline" size="small" onClick={stay}>
          Stay on this page
        </Button>
      </div>
    </Notice>
  );
}
