// Leads and their deliveries, and the standalone emails, for editors and operators:
// `npm run leads -- <command>` (`npm run messages` is the same command, by its old name).
//   list [--status S] [--channel C] [--limit N]   leads with each channel's delivery state
//   show <id>                                     one lead in full (or one standalone email)
//   retry <id> [--channel C] | retry --failed [--channel C]   deliver again
//   stats                                         how far behind delivery is
// The command itself is scripts/cli/leads.ts.

import { runAsScript } from "./cli/io.ts";
import { runLeadsCli } from "./cli/leads.ts";

await runAsScript(runLeadsCli);
