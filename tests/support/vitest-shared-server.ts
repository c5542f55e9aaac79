import { provideSharedServer } from "./shared-server.ts";

// The integration lane's second global setup, after tests/support/vitest-global-setup.ts
// (the build and the database template): the server the read-only files share.
export default function setup() {
  return provideSharedServer();
}
