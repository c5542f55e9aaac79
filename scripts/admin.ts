// The operator's command for back-office people: `npm run admin -- <command>`.
//   invite <email> --role admin|editor|sales [--name "Full Name"]
//   list
//   disable <email> | enable <email>
// The command itself is scripts/cli/admin.ts.
import { runAdminCli } from "./cli/admin.ts";
import { runAsScript } from "./cli/io.ts";

await runAsScript(runAdminCli);
