// Contact messages and their deliveries for editors: `npm run messages -- <command>`.
//   list [--status S] [--channel C] [--limit N]   messages with each channel's delivery state
//   show <id>                                     one message in full (or one standalone email)
//   retry <id> [--channel C] | retry --failed [--channel C]   deliver again
//   stats                                         how far behind delivery is
// The command itself is scripts/cli/messages.ts.

import { runAsScript } from "./cli/io.ts";
import { runMessagesCli } from "./cli/messages.ts";

await runAsScript(runMessagesCli);
