import { Calendar, Clock, UserRound } from "lucide-react";
import { formatDate } from "#app/lib/format-date.ts";

/** Date, read time and author of a post, on a card or under an article's title. */
export function PostMeta({
  date,
  readTime,
  author,
  className = "",
}: {
  date: string;
  readTime: string;
  author: string;
  className?: string;
}) {
  return (
    <ul
      className={`flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-ink-soft ${className}`}
    >
      <li className="inline-flex items-center gap-1.5">
        <Calendar aria-hidden="true" className="h-4 w-4" />
        <time dateTime={date}>{formatDate(date)}</time>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="h-4 w-4" />
        {readTime}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <UserRound aria-hidden="true" className="h-4 w-4" />
        {author}
      </li>
    </ul>
  );
}
