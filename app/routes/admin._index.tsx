import { ArrowDownRight, ArrowUpRight } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { currentUser } from "#app/.server/auth/guard.ts";
import { canUse } from "#app/.server/auth/roles.ts";
import { listScheduledPosts } from "#app/.server/blog/db-posts.ts";
import { postsOutForSignOff } from "#app/.server/blog/sign-off.ts";
import { requireApp } from "#app/.server/context.ts";
import { scopeFor } from "#app/.server/leads/inbox.ts";
import { leadOverview } from "#app/.server/leads/overview.ts";
import { AdminPage, Panel } from "#app/components/admin/ui.tsx";
import { WeeklySourcesChart } from "#app/components/admin/weekly-sources-chart.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { backOfficeSections, roleLabels } from "#app/lib/back-office.ts";
import { formatDuration, formatMoment } from "#app/lib/format-date.ts";
import { formatDealTotal } from "#app/lib/leads.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin._index";

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = currentUser(context);
  const zone = zoneOf(user);
  const db = requireApp(context).database.db;
  const worksLeads = canUse(user.role, "leads");
  const writesPosts = canUse(user.role, "posts");
  const [leads, scheduled, outForSignOff] = await Promise.all([
    worksLeads ? leadOverview(db, scopeFor(user.id, zone)) : null,
    writesPosts ? listScheduledPosts(db) : null,
    writesPosts ? postsOutForSignOff(db) : null,
  ]);
  return {
    name: user.name || user.email,
    role: roleLabels[user.role],
    leads: leads
      ? {
          ...leads,
          medianFirstReply:
            leads.medianFirstReplyMinutes === null
              ? null
              : formatDuration(leads.medianFirstReplyMinutes),
        }
      : null,
    scheduled: scheduled?.map((post) => ({
      id: post.id,
      title: post.title,
      when: formatMoment(post.publishAt, zone),
      to: href("/admin/posts/:id", { id: String(post.id) }),
    })),
    outForSignOff: outForSignOff?.map((post) => ({
      id: post.id,
      title: post.title,
      to: href("/admin/posts/:id/share", { id: String(post.id) }),
      verdict: post.latest?.verdict ?? null,
      said: post.latest
        ? `${post.latest.verdict === "approved" ? "Approved" : "Changes asked"} by ${post.latest.name}, ${formatMoment(post.latest.createdAt, zone)}${post.latest.editedSince ? " · edited since" : ""}`
        : "No answer yet",
    })),
    sections: backOfficeSections.filter(
      (section) => section.area === null || canUse(user.role, section.area),
    ),
  };
}

export default function BackOfficeHome({ loaderData }: Route.ComponentProps) {
  const { leads, scheduled, outForSignOff } = loaderData;
  const leadsPath = href("/admin/leads");
  return (
    <AdminPage
      title={`Hello, ${loaderData.name}`}
      lead={`You are signed in as ${loaderData.role}.`}
    >
      {leads ? (
        <section aria-labelledby="leads-overview-heading" className="space-y-5">
          <h2 id="leads-overview-heading" className="font-display text-2xl font-bold text-ink">
            Leads
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            <Stat
              label="New, not answered"
              value={leads.newUnanswered}
              to={`${leadsPath}?status=new`}
              tone={leads.newUnanswered > 0 ? "attention" : "calm"}
            />
            <Stat
              label="My follow-ups due"
              value={leads.myFollowUpsDue}
              to={`${leadsPath}?view=my-due`}
              tone={leads.myFollowUpsDue > 0 ? "attention" : "calm"}
            />
            <Stat
              label="This week"
              value={leads.thisWeek}
              to={leadsPath}
              detail={<WeekChange now={leads.thisWeek} before={leads.lastWeek} />}
            />
            <Stat
              label="Median time to first reply"
              value={leads.medianFirstReply ?? "–"}
              detail={
                leads.repliedIn30Days === 0
                  ? "No replies in the last 30 days"
                  : `Over ${leads.repliedIn30Days} ${leads.repliedIn30Days === 1 ? "lead" : "leads"} of the last 30 days`
              }
            />
            <Stat
              label="Open pipeline"
              value={formatDealTotal(leads.openPipeline.dollars)}
              to={href("/admin/leads/pipeline")}
              detail={
                leads.openPipeline.open === 0
                  ? "No open leads"
                  : `${leads.openPipeline.valued} of ${leads.openPipeline.open} open ${leads.openPipeline.open === 1 ? "lead" : "leads"} valued`
              }
            />
            <Stat
              label="Won in the last 30 days"
              value={formatDealTotal(leads.wonIn30Days.dollars)}
              to={`${leadsPath}?status=won&sort=value`}
              detail={
                leads.wonIn30Days.leads === 1
                  ? "1 lead won"
                  : `${leads.wonIn30Days.leads} leads won`
              }
            />
          </ul>
          {leads.failedDeliveries > 0 ? (
            <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
              <Link
                to={`${leadsPath}?delivery=failed`}
                className="font-semibold underline underline-offset-2"
              >
                {leads.failedDeliveries === 1
                  ? "1 notification email failed"
                  : `${leads.failedDeliveries} notification emails failed`}
              </Link>{" "}
              and will not be retried until someone resends it from the lead's page.
            </p>
          ) : null}
          <Panel title="Leads per week by source" id="weekly-heading">
            <WeeklySourcesChart data={leads.weekly} id="weekly-sources" />
          </Panel>
        </section>
      ) : null}

      {outForSignOff && outForSignOff.length > 0 ? (
        <Panel title="Out for sign-off" id="sign-off-heading">
          <PostRows
            posts={outForSignOff.map((post) => ({
              ...post,
              aside: (
                <span
                  className={cn(
                    "text-sm",
                    post.verdict === "changes"
                      ? "font-semibold text-red-800"
                      : post.verdict === "approved"
                        ? "font-semibold text-green-800"
                        : "text-ink-soft",
                  )}
                >
                  {post.said}
                </span>
              ),
            }))}
          />
        </Panel>
      ) : null}

      {scheduled ? (
        <Panel title="Scheduled posts" id="scheduled-heading">
          {scheduled.length === 0 ? (
            <p className="text-ink-soft">
              Nothing is scheduled. A post published with a future date waits here until then.
            </p>
          ) : (
            <PostRows
              posts={scheduled.map((post) => ({
                ...post,
                aside: <span className="text-sm text-ink-soft">{post.when}</span>,
              }))}
            />
          )}
        </Panel>
      ) : null}

      <nav aria-labelledby="sections-heading">
        <h2 id="sections-heading" className="font-display text-2xl font-bold text-ink">
          Sections
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {loaderData.sections.map((section) => (
            <li key={section.path}>
              <Link
                to={section.path}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="font-display text-lg font-bold text-brand-700">
                  {section.label}
                </span>
                <span className="mt-1 block text-ink-soft">{section.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AdminPage>
  );
}

function Stat({
  label,
  value,
  detail,
  to,
  tone = "calm",
}: {
  label: string;
  value: number | string;
  detail?: ReactNode;
  to?: string;
  tone?: "calm" | "attention";
}) {
  const body = (
    <>
      <span className="block text-sm font-semibold text-ink-soft">{label}</span>
      <span
        className={cn(
          "mt-1 block font-display text-3xl font-bold tabular-nums",
          tone === "attention" ? "text-brand-700" : "text-ink",
        )}
      >
        {value}
      </span>
      {detail ? <span className="mt-1 block text-sm text-ink-soft">{detail}</span> : null}
    </>
  );
  const box = "block h-full rounded-2xl border border-slate-200 bg-white p-4 sm:p-5";
  return (
    <li>
      {to ? (
        <Link to={to} className={cn(box, "hover:border-brand-600")}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

function WeekChange({ now, before }: { now: number; before: number }) {
  if (now === before) return <>Same as last week ({before})</>;
  const up = now > before;
  const Arrow = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className="inline-flex items-center gap-1">
      <Arrow aria-hidden="true" className="size-4" />
      {`${up ? "Up" : "Down"} from ${before} last week`}
    </span>
  );
}

/** A list of posts: each title leads to its page, with a line about it beside or under it. */
function PostRows({
  posts,
}: {
  posts: { id: number; title: string; to: string; aside: ReactNode }[];
}) {
  return (
    <ul className="divide-y divide-slate-200">
      {posts.map((post) => (
        <li
          key={post.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
        >
          <Link
            to={post.to}
            className="font-semibold text-brand-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline"
          >
            {post.title}
          </Link>
          {post.aside}
        </li>
      ))}
    </ul>
  );
}
