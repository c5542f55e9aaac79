// The pure parts of `npm run bench:what-if` (bench-what-if.ts): its options, and the edit it
// makes to a recorded network log (Chrome's DevTools protocol events, as Lighthouse saves
// them) before the log is audited again.
import { parseArgs } from "node:util";

export type WhatIfOptions = {
  route: string;
  /** A response whose address ends with `suffix` takes `bytes` on the wire. */
  sizes: { suffix: string; bytes: number }[];
  /** Requests whose address contains one of these are left out. */
  drop: string[];
  http2: boolean;
  firstVisitor: boolean;
  noBuild: boolean;
};

export type DevtoolsEvent = {
  method: string;
  params: Record<string, unknown> & { requestId?: string };
};

/** bench:what-if's options, or what is wrong with them, naming the option. */
export function readWhatIfOptions(args: string[]): { options: WhatIfOptions } | { error: string } {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(args);
  } catch (error) {
    const reason = (error as Error).message.split(". ")[0];
    return { error: `${reason}. The options are listed at the top of scripts/bench-what-if.ts.` };
  }
  if (!values.route.startsWith("/") || values.route.startsWith("//")) {
    return {
      error: `--route must be a path on the site, such as /pricing, not "${values.route}".`,
    };
  }
  const sizes: WhatIfOptions["sizes"] = [];
  for (const entry of values.size) {
    const match = /^(.+)=(\d+)$/.exec(entry);
    if (!match?.[1] || !match[2] || Number(match[2]) < 1) {
      return { error: `--size takes SUFFIX=BYTES, such as .woff2=10000, not "${entry}".` };
    }
    sizes.push({ suffix: match[1], bytes: Number(match[2]) });
  }
  if (sizes.length === 0 && values.drop.length === 0 && !values.http2) {
    return { error: "Nothing to change: pass --size, --drop or --http2." };
  }
  return {
    options: {
      route: values.route,
      sizes,
      drop: values.drop,
      http2: values.http2,
      firstVisitor: values["first-visitor"],
      noBuild: values["no-build"],
    },
  };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      route: { type: "string", default: "/" },
      size: { type: "string", multiple: true, default: [] },
      drop: { type: "string", multiple: true, default: [] },
      http2: { type: "boolean", default: false },
      "first-visitor": { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  }).values;
}

/** The recorded log with the options' changes made; the recording itself is not touched. */
export function editNetworkLog(events: DevtoolsEvent[], options: WhatIfOptions): DevtoolsEvent[] {
  const urlOf = new Map<string, string>();
  for (const event of events) {
    if (event.method === "Network.requestWillBeSent" && event.params.requestId) {
      urlOf.set(event.params.requestId, (event.params.request as { url: string }).url);
    }
  }
  return events.flatMap((event): DevtoolsEvent[] => {
    const address = event.params.requestId ? urlOf.get(event.params.requestId) : undefined;
    if (address === undefined) return [event];
    if (options.drop.some((text) => address.includes(text))) return [];
    if (options.http2 && event.method === "Network.responseReceived") {
      const response = event.params.response as Record<string, unknown>;
      return [{ ...event, params: { ...event.params, response: { ...response, protocol: "h2" } } }];
    }
    const size = options.sizes.find(({ suffix }) => address.endsWith(suffix));
    if (size && event.method === "Network.loadingFinished") {
      return [{ ...event, params: { ...event.params, encodedDataLength: size.bytes } }];
    }
    return [event];
  });
}
