import { expect, test } from "vitest";
import { type DevtoolsEvent, editNetworkLog, readWhatIfOptions } from "./what-if.ts";

test.each([
  [["--size", "woff2"], '--size takes SUFFIX=BYTES, such as .woff2=10000, not "woff2".'],
  [["--size", ".woff2=0"], '--size takes SUFFIX=BYTES, such as .woff2=10000, not ".woff2=0".'],
  [
    ["--route", "//evil.example", "--http2"],
    '--route must be a path on the site, such as /pricing, not "//evil.example".',
  ],
  [[], "Nothing to change: pass --size, --drop or --http2."],
  [
    ["--fast"],
    "Unknown option '--fast'. The options are listed at the top of scripts/bench-what-if.ts.",
  ],
])("bench:what-if %j is refused with a message naming it", (args, message) => {
  const read = readWhatIfOptions(args);
  expect("error" in read ? read.error : undefined).toBe(message);
});

// A recorded load of a page, its face and its script, as Chrome's protocol logs it.
const request = (id: string, url: string): DevtoolsEvent[] => [
  { method: "Network.requestWillBeSent", params: { requestId: id, request: { url } } },
  {
    method: "Network.responseReceived",
    params: { requestId: id, response: { protocol: "http/1.1" } },
  },
  { method: "Network.loadingFinished", params: { requestId: id, encodedDataLength: 20_000 } },
];
const recording = [
  { method: "Page.frameNavigated", params: { frame: { url: "http://localhost/" } } },
  ...request("1", "http://localhost/"),
  ...request("2", "http://localhost/assets/fraunces-latin-700-x.woff2"),
  ...request("3", "http://localhost/assets/home-y.js"),
];
const edit = (args: string[]) => {
  const read = readWhatIfOptions(args);
  if ("error" in read) throw new Error(read.error);
  return editNetworkLog(recording, read.options);
};
const finished = (events: DevtoolsEvent[]) =>
  events
    .filter((event) => event.method === "Network.loadingFinished")
    .map((event) => [event.params.requestId, event.params.encodedDataLength]);

test("--size changes the bytes of the responses whose address ends so, and no other", () => {
  expect(finished(edit(["--size", ".woff2=9000"]))).toEqual([
    ["1", 20_000],
    ["2", 9_000],
    ["3", 20_000],
  ]);
});

test("--drop takes out every event of the requests it names, and nothing else", () => {
  const edited = edit(["--drop", "fraunces"]);
  expect(edited.filter((event) => event.params.requestId === "2")).toEqual([]);
  expect(edited).toHaveLength(recording.length - 3);
  expect(edited[0]).toBe(recording[0]);
});

test("--http2 marks every response as HTTP/2 and leaves the recording as it was", () => {
  const protocols = edit(["--http2"])
    .filter((event) => event.method === "Network.responseReceived")
    .map((event) => (event.params.response as { protocol: string }).protocol);
  expect(protocols).toEqual(["h2", "h2", "h2"]);
  expect(recording[2]?.params.response).toEqual({ protocol: "http/1.1" });
});
