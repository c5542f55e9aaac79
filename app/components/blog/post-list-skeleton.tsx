import { Card } from "#app/components/ui/card.tsx";

/** A grey stand-in with the shape of a card, shown while the next page loads. */
function PostCardSkeleton() {
  return (
    <Card
      data-testid="post-skeleton"
      padding="roomy"
      shadow="none"
      className="flex h-full animate-pulse flex-col"
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
    </Card>
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
