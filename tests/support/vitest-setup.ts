import { afterAll } from "vitest";
import { removeTemporaryDirectories } from "./temporary-directory.ts";

// Registered before the test file's own hooks, so it runs after them (Vitest runs `after`
// hooks in reverse order): servers the file started are stopped before their data goes.
// A database a failed test left open in this process stays until the process exits.
afterAll(() => removeTemporaryDirectories({ keepOpenDatabases: true }));
