/** A text input, select or textarea: full width, large touch target, visible focus ring. */
export const fieldClass =
  "mt-2 block w-full rounded-lg border border-slate-400 bg-white px-4 py-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100";
