import { href, Link } from "react-router";
import { currentUser } from "#app/.server/auth/guard.ts";
import { type Area, canUse } from "#app/.server/auth/roles.ts";
import { AdminPage } from "#app/components/admin/ui.tsx";
import { roleLabels } from "#app/lib/back-office.ts";
import type { Route } from "./+types/admin._index";

const cards: { area: Area | null; to: string; title: string; text: string }[] = [
  {
    area: "leads",
    to: href("/admin/leads"),
    title: "Leads",
    text: "Every message sent through the contact form: answer, qualify, export.",
  },
  {
    area: "posts",
    to: "/admin/posts",
    title: "Posts",
    text: "Write, preview, schedule and publish blog posts.",
  },
  {
    area: "team",
    to: href("/admin/team"),
    title: "Team",
    text: "Invite people, change their role, or stop someone from signing in.",
  },
  {
    area: "team",
    to: href("/admin/settings"),
    title: "Settings",
    text: "How long leads are kept before they are erased.",
  },
  {
    area: null,
    to: href("/admin/account"),
    title: "Your account",
    text: "Your name, your passkeys, and where you are signed in.",
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = currentUser(context);
  return {
    name: user.name || user.email,
    role: roleLabels[user.role],
    cards: cards.filter((card) => card.area === null || canUse(user.role, card.area)),
  };
}

export default function BackOfficeHome({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title={`Hello, ${loaderData.name}`}
      lead={`You are signed in as ${loaderData.role}.`}
    >
      <ul className="grid gap-5 md:grid-cols-2">
        {loaderData.cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="font-display text-xl font-bold text-brand-700">{card.title}</span>
              <span className="mt-2 block text-ink-soft">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
