import { Link } from "react-router";
import { currentUser } from "#app/.server/auth/guard.ts";
import { canUse } from "#app/.server/auth/roles.ts";
import { AdminPage } from "#app/components/admin/ui.tsx";
import { backOfficeSections, roleLabels } from "#app/lib/back-office.ts";
import type { Route } from "./+types/admin._index";

export function loader({ context }: Route.LoaderArgs) {
  const { user } = currentUser(context);
  return {
    name: user.name || user.email,
    role: roleLabels[user.role],
    sections: backOfficeSections.filter(
      (section) => section.area === null || canUse(user.role, section.area),
    ),
  };
}

export default function BackOfficeHome({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title={`Hello, ${loaderData.name}`}
      lead={`You are signed in as ${loaderData.role}.`}
    >
      <ul className="grid gap-5 md:grid-cols-2">
        {loaderData.sections.map((section) => (
          <li key={section.path}>
            <Link
              to={section.path}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="font-display text-xl font-bold text-brand-700">{section.label}</span>
              <span className="mt-2 block text-ink-soft">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
