import type { Router } from "express";
import express from "express";
import type { Database } from "#app/.server/db/client.ts";
import type { Logger } from "#app/.server/log.ts";
import { readMailBacklog } from "#app/.server/mail/backlog.ts";

/**
 * /healthz: the process answers (for restarts). /readyz: this copy can serve (for load
 * balancers): the database answers within a second and has every migration this build
 * expects; it also reports how far behind email delivery is.
 */
export function healthRoutes(options: {
  database: Database;
  log: Logger;
  isShuttingDown: () => boolean;
}): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (options.isShuttingDown()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    const { database } = options;
    try {
      await database.ping(900);
      const migrations = await database.migrationStatus();
      const mail = await readMailBacklog(database.db);
      const current = migrations.applied >= migrations.expected;
      res.status(current ? 200 : 503).json({
        status: current ? "ready" : "migrations pending",
        database: database.kind,
        migrations,
        mail,
      });
    } catch (error) {
      options.log.warn("readiness check failed", { error });
      res.status(503).json({ status: "database unavailable", database: database.kind });
    }
  });
  return router;
}
