import { Clock, Mail } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";
import { contactCopy } from "#app/content/contact.ts";
import { site } from "#app/content/site.ts";

/**
 * The contact page's art: where a message goes and when the answer comes (the page's own
 * copy). Only from 1024 px, beside the heading: on a phone the form comes first. Its lines
 * are divs: a picture hidden on a phone holds none of the page's paragraphs.
 */
export function ContactReplyArt() {
  return (
    <div
      role="img"
      aria-label={`Your message goes to our sales team in ${site.address.city} at ${site.email}, and you get a reply within one business day, ${contactCopy.officeHours}`}
      className={cn(artRoot, "hidden lg:block")}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="text-sm font-semibold text-brand-700">
          Sales · {site.address.city}, {site.address.region}
        </div>
        <div className="mt-1 font-display text-2xl font-bold text-ink">
          A reply within one business day
        </div>
        <div className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-4 text-sm text-ink-soft">
          <Mail aria-hidden="true" className="h-4 w-4 text-brand-700" /> {site.email}
        </div>
        <div className="mt-2 flex items-center gap-2 text-sm text-ink-soft">
          <Clock aria-hidden="true" className="h-4 w-4 text-brand-700" /> {contactCopy.officeHours}
        </div>
      </div>
    </div>
  );
}
