import {
  byCta,
  byDay,
  byPage,
  bySource,
  conversion,
  daysIn,
  dealsBySource,
  lastDays,
  previousRange,
  rangeFromQuery,
  totals,
} from "#app/.server/analytics/report.ts";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import type { Route } from "./+types/admin.analytics";

/** The report for the range the address asks for (30 days unless it asks for another). */
export async function loadAnalytics({ request, context }: Route.LoaderArgs) {
  requireArea(context, "analytics");
  const db = requireApp(context).database.db;
  const url = new URL(request.url);
  const asked = rangeFromQuery(url.searchParams);
  const problem = "problem" in asked ? asked.problem : null;
  // A range asked for badly is said, and the last 30 days shown meanwhile.
  const { range, days } = "problem" in asked ? { range: lastDays(30), days: 30 } : asked;
  const previous = previousRange(range);
  const [now, before, sources, landing, articles, ctas, daily, deals] = await Promise.all([
    totals(db, range),
    totals(db, previous),
    bySource(db, range),
    byPage(db, range, "landing"),
    byPage(db, range, "articles"),
    byCta(db, range),
    byDay(db, range),
    dealsBySource(db, range),
  ]);
  return {
    problem,
    range,
    days,
    span: daysIn(range),
    previous,
    totals: { ...now, conversion: conversion(now.leads, now.visitors) },
    before: { ...before, conversion: conversion(before.leads, before.visitors) },
    sources: sources.map((row) => ({ ...row, conversion: conversion(row.leads, row.visitors) })),
    landing,
    articles,
    ctas,
    daily,
    deals,
  };
}
