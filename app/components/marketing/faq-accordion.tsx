import { ChevronDown } from "lucide-react";
import { Card } from "#app/components/ui/card.tsx";

/**
 * An accordion with at most one answer open, built on native `<details name>`: the browser
 * keeps the group exclusive, handles keyboard and screen readers, and it all works before
 * (or without) any script, so the first paint is the interactive page: every question
 * closed. Opening another question closes the open one; an open one collapses again.
 */
/** One question and its answer, as the accordion shows them. */
export type FaqItem = { question: string; answer: string };

export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Card padding="none" shadow="none" className="divide-y divide-slate-200">
      {items.map((item) => (
        <details key={item.question} name="faq" className="group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-5 text-left text-lg font-semibold text-ink hover:text-brand-700 sm:px-6 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-6 leading-relaxed text-ink-soft sm:px-6">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </Card>
  );
}
