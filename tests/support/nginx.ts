import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "./server.ts";
import { temporaryDirectory } from "./temporary-directory.ts";

/** Debian's nginx, if installed (`npm run test:setup`). */
export const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) =>
  existsSync(candidate),
);

export type RunningNginx = {
  url: string;
  port: number;
  /** Lines of the access log: "uri status upstream". */
  accessLog(): string[];
  stop(): Promise<void>;
};

/**
 * nginx on a free loopback port, unprivileged, in a folder of its own. `site` is the body
 * of the `http {}` block; `{{port}}` and `{{prefix}}` in it are filled in.
 */
export async function startNginx(site: string, readyPath = "/"): Promise<RunningNginx> {
  if (!nginxBinary) throw new Error("nginx is not installed: run npm run test:setup");
  const prefix = temporaryDirectory("nginx");
  const port = await freePort();
  mkdirSync(path.join(prefix, "logs"));
  const config = path.join(prefix, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  log_format upstreams '$request_uri $status $upstream_addr';
  access_log ${prefix}/logs/access.log upstreams;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${site.replaceAll("{{port}}", String(port)).replaceAll("{{prefix}}", prefix)}
}
`,
  );
  execFileSync(nginxBinary, ["-t", "-p", prefix, "-c", config], { stdio: "pipe" });
  const child = spawn(nginxBinary, ["-p", prefix, "-c", config, "-g", "daemon off;"], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`${url}${readyPath}`).catch(() => null))?.ok) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = readFileSync(path.join(prefix, "logs/error.log"), "utf8").slice(-2000);
      throw new Error(`nginx did not answer ${readyPath} with 200 within 10 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    accessLog: () => readFileSync(path.join(prefix, "logs/access.log"), "utf8").split("\n"),
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
