import { BadgeDollarSign, Handshake, PenLine } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

// The partner program's own terms (app/content/about.ts).
const flow = [
  [Handshake, "You introduce a founder", "Same honest first call"],
  [PenLine, "We run their program", "You stay in the loop on strategy"],
  [BadgeDollarSign, "You share in the revenue", "Paid monthly for the first year"],
] as const;

/** The partners page's art: one introduction followed from referral to revenue share. */
export function PartnerFlowArt() {
  return (
    <div
      role="img"
      aria-label={`The partner program in three steps: ${flow.map(([, step, detail]) => `${step.toLowerCase()}, ${detail.toLowerCase()}`).join("; ")}`}
      className={artRoot}
    >
      <ol className={cn(artPanel, "p-6")}>
        {flow.map(([Icon, step, detail], index) => (
          <li key={step} className={cn("flex items-center gap-4", index > 0 && "mt-5")}>
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <span className="leading-snug">
              <span className="block font-semibold text-ink">{step}</span>
              <span className="text-sm text-ink-soft">{detail}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="relative -mt-4 mr-4 ml-auto w-64 rounded-full bg-accent-400 px-4 py-1.5 text-center text-sm font-semibold text-ink shadow-lg">
        A named partner manager
      </p>
    </div>
  );
}
