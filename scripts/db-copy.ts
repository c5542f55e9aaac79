// Moves the site from the embedded database to Postgres: `npm run db:copy -- <postgres-url>`
// copies every row of the embedded database under DATA_DIR into an empty Postgres database
// (migrated first, as the server does). Stop the server first.
// The command itself is scripts/cli/db-copy.ts.

import { runDbCopyCli } from "./cli/db-copy.ts";
import { runAsScript } from "./cli/io.ts";

await runAsScript(runDbCopyCli);
