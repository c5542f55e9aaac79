// The editor's command for database posts (docs/blog.md):
//   npm run post -- publish path/to/post.md   create or update by slug, and publish
//   npm run post -- unpublish <slug>          hide a post
//   npm run post -- list                      every database post and its status
// The command itself is scripts/cli/post.ts.
import { runAsScript } from "./cli/io.ts";
import { runPostCli } from "./cli/post.ts";

await runAsScript(runPostCli);
