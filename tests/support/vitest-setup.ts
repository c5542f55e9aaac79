import { afterAll } from "vitest";
import { removeTemporaryDirectories } from "./temporary-directory.ts";

// Registered before the test file's own hooks, so it runs after them (Vitest runs `after`
// hooks in reverse order): servers the file started are stopped before their data goes.
afterAll(removeTemporaryDirectories);
