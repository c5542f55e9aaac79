import { CalendarDays } from "lucide-react";
import { useEffect } from "react";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { Card } from "#app/components/ui/card.tsx";

/**
 * The external scheduling widget. Its script is added to the document while this page is
 * shown and removed when the visitor leaves (client-side navigation included), so no
 * other page loads or keeps the third-party script. The plain link keeps booking possible when the script cannot load.
 */
export function SchedulerEmbed({
  scriptSrc,
  schedulerUrl,
  fallbackText,
  fallbackLink,
}: {
  scriptSrc: string;
  schedulerUrl: string;
  fallbackText: string;
  fallbackLink: string;
}) {
  useEffect(() => {
    const script = document.createElement("script");
    script.src = scriptSrc;
    script.async = true;
    document.body.appendChild(script);
    return () => script.remove();
  }, [scriptSrc]);

  const embedUrl = new URL(schedulerUrl);
  embedUrl.searchParams.set("embed", "true");

  return (
    <Card className="p-4 sm:p-6">
      <div className="meetings-iframe-container min-h-0" data-src={embedUrl.href} />
      <div className="flex flex-col items-start gap-4 rounded-xl bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-3 font-medium text-ink">
          <CalendarDays aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
          {fallbackText}
        </p>
        {/* A set width: its left edge stays put when the text face arrives. */}
        <ExternalLink href={schedulerUrl} className={buttonClass("primary", "sm:w-80 sm:shrink-0")}>
          {fallbackLink}
        </ExternalLink>
      </div>
    </Card>
  );
}
