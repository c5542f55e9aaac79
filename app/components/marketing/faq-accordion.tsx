import { ChevronDown } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { FaqItem } from "#app/content/pricing.ts";

/**
 * An accordion with at most one answer open (WAI-ARIA APG accordion pattern: heading
 * buttons with aria-expanded controlling regions). Until the script runs, every answer is
 * open, so the HTML alone is complete.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [enhanced, setEnhanced] = useState(false);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  useEffect(() => setEnhanced(true), []);

  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, index) => {
        const expanded = !enhanced || openIndex === index;
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpenIndex((current) => (current === index ? null : index))}
                className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-5 text-left text-lg font-semibold text-ink hover:text-brand-700 sm:px-6"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={`h-5 w-5 shrink-0 text-brand-700 transition-transform ${expanded ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-6 leading-relaxed text-ink-soft sm:px-6"
            >
              <p>{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
