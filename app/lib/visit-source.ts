// Where a visit came from, noted in the visitor's own browser and sent only with the
// contact form: first-party, no cookie, no third-party script. Kept tiny on purpose: it
// ships with every page.

/** Query parameters of a campaign link worth keeping with a lead. */
export const campaignParams = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "li_fat_id",
  "gclid",
] as const;

/**
 * The form fields that carry a lead's source: `page` is rendered by the server (so it is
 * sent without scripts too), the touches are added by noteVisitSource.
 */
export const sourceFields = {
  page: "page",
  touch: "touch",
  firstTouch: "first_touch",
  cameFrom: "came_from",
} as const;

/** The attribute that asks for a form's data to carry the visit's source. */
const MARK = "data-visit-source";

// sessionStorage lives as long as the tab's visit (the last touch); localStorage keeps the
// very first one, never overwritten.
const LAST_TOUCH = "northstory:touch";
const FIRST_TOUCH = "northstory:first-touch";

/**
 * Notes the page a visit lands on: its path and query, the referring site's origin and any
 * campaign parameters. A later page of the same visit leaves it alone, unless the visitor
 * came back through another site or campaign link, which starts a new touch.
 *
 * Then adds both touches to the data of every form marked `data-visit-source` when it is
 * sent (the `formdata` event, caught on its way down to the form), so the form's own
 * script needs none of this module.
 */
export function noteVisitSource(): void {
  document.addEventListener(
    "formdata",
    (event) => {
      if (!(event.target instanceof HTMLFormElement) || !event.target.hasAttribute(MARK)) return;
      try {
        event.formData.set(sourceFields.touch, sessionStorage.getItem(LAST_TOUCH) ?? "");
        event.formData.set(sourceFields.firstTouch, localStorage.getItem(FIRST_TOUCH) ?? "");
      } catch {
        // Storage switched off: the lead goes without.
      }
    },
    true,
  );
  // The team's own visits to the back office are not a lead's.
  if (location.pathname.startsWith("/admin")) return;
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    const referrer = from?.origin ?? "";
    let fresh = !sessionStorage.getItem(LAST_TOUCH);
    // Nothing noted yet, but this page was reached from one of the site's own: the visit
    // began there, and was left before its scripts ran (a tap on a slow phone, seconds
    // after it painted). The referrer is that page, with its query (same-site referrers
    // keep it), so the visit keeps its landing page and campaign.
    const landed = fresh && from && referrer === location.origin ? from : location;
    const touch: Record<string, string> = {
      landing: landed.pathname + landed.search,
      at: new Date().toISOString(),
    };
    if (referrer && referrer !== location.origin) {
      touch.referrer = referrer;
      fresh = true;
    }
    const params = new URLSearchParams(landed.search);
    for (const [name, value] of new URLSearchParams(location.search)) params.set(name, value);
    for (const name of campaignParams) {
      const value = params.get(name);
      if (value) {
        touch[name] = value;
        fresh = true;
      }
    }
    if (!fresh) return;
    const json = JSON.stringify(touch);
    sessionStorage.setItem(LAST_TOUCH, json);
    if (!localStorage.getItem(FIRST_TOUCH)) localStorage.setItem(FIRST_TOUCH, json);
  } catch {
    // Storage switched off or full, or a referrer that is not a URL: the lead goes without.
  }
}
