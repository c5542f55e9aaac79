import { useEffect } from "react";
import { href, Link, useLocation } from "react-router";

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 font-display text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 text-lg text-ink-soft">The page you're looking for doesn't exist.</p>
      <Link
        to={href("/")}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </section>
  );
}
