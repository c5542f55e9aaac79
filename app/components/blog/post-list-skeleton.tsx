/** A grey stand-in with the shape of a card, shown while the next page loads. */
function PostCardSkeleton() {
  return (
    <div
      data-testid="post-skeleton"
      className="flex h-full animate-pulse flex-col rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
    >
      <div className="h-7 w-4/5 rounded bg-slate-200" />
      <div className="mt-2 h-7 w-3/5 rounded bg-slate-200" />
      <div className="mt-4 h-4 w-2/3 rounded bg-slate-100" />
      <div className="mt-5 space-y-2">
        <div className="h-4 rounded bg-slate-100" />
        <div className="h-4 rounded bg-slate-100" />
        <div className="h-4 w-5/6 rounded bg-slate-100" />
      </div>
      <div className="mt-6 h-5 w-28 rounded bg-slate-200" />
    </div>
  );
}

/** Eight skeleton cards standing in for the list while it loads. */
export function PostListSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className="grid gap-6 md:grid-cols-2">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <PostCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
