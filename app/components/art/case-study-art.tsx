import portraits from "virtual:portraits";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { PipelineChartArt, pipelineChartStudy } from "#app/components/art/pipeline-chart.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { type CaseStudy, headlineFigures, studyVoice } from "#app/content/case-studies.ts";

/**
 * The case-study pages' art: the study being read, by its own figures. Cue's page draws its
 * leads week by week; the others show their results card (or, for a study told without
 * results, its figures at a glance) with the client who speaks for it.
 */
export function CaseStudyArt({ study, className }: { study: CaseStudy; className?: string }) {
  if (study.slug === pipelineChartStudy) return <PipelineChartArt className={className} />;
  const figures = headlineFigures(study);
  const [lead, ...rest] = figures;
  const voice = studyVoice(study);
  return (
    <div
      role="img"
      aria-label={`${study.name} at a glance: ${figures.map((figure) => `${figure.value} ${figure.label}`).join("; ")}${voice ? `; in the words of ${voice.name}, ${voice.role}` : ""}`}
      className={cn(artRoot, className)}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div className="leading-snug">
            <p className="font-semibold text-ink">{study.name}</p>
            <p className="text-sm text-ink-soft">{study.industry}</p>
          </div>
          <p className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
            {study.blocks.some((block) => block.kind === "stats") ? "results" : "the program"}
          </p>
        </div>
        {lead ? (
          <div className="pt-5">
            <p className="font-display text-5xl font-bold text-brand-700">{lead.value}</p>
            <p className="mt-1 text-ink-soft">{lead.label}</p>
          </div>
        ) : null}
        {rest.length > 0 ? (
          <ul className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4">
            {rest.map((figure) => (
              <li key={figure.label}>
                <p className="font-display text-2xl font-bold text-ink">{figure.value}</p>
                <p className="text-sm leading-snug text-ink-soft">{figure.label}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {voice ? (
        <div className="relative -mt-5 mr-4 ml-auto flex w-72 items-center gap-3 rounded-xl bg-ink px-4 py-2.5 text-white shadow-lg">
          {voice.speaker ? (
            <img
              src={portraits[voice.speaker]}
              width={40}
              height={40}
              alt=""
              decoding="async"
              fetchPriority="low"
              className="h-10 w-10 shrink-0 rounded-full bg-brand-100"
            />
          ) : null}
          <p className="text-sm leading-snug">
            <span className="block font-semibold">{voice.name}</span>
            <span className="text-slate-300">{voice.role}</span>
          </p>
        </div>
      ) : null}
    </div>
  );
}
