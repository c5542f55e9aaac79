// Opens the embedded database in DATA_DIR at a given moment, holds it briefly and reports
// "opened" or "busy": several of these started together race for the same directory.
import { openDatabase } from "../../app/.server/db/client.ts";

const [dataDir, startAt] = process.argv.slice(2);
if (!dataDir || !startAt) throw new Error("usage: hold-embedded-database.ts <dataDir> <startAtMs>");
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
try {
  const database = openDatabase({ dataDir });
  await database.migrate();
  console.log("opened");
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await database.close();
} catch (error) {
  console.log((error as Error).name === "DatabaseBusyError" ? "busy" : `failed: ${error}`);
}
