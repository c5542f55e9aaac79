import type { Logger } from "#app/.server/log.ts";

export type PeriodicJob = { name: string; everyMs: number; run: () => Promise<unknown> };

/** Housekeeping off the request path: each job runs on its own timer, one run at a time. */
export function startPeriodicJobs(log: Logger, jobs: PeriodicJob[]): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job
        .run()
        .catch((error) => log.warn("periodic job failed", { job: job.name, error }))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}
