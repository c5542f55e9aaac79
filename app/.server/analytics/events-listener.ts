import { Worker } from "node:worker_threads";
import type { EventsJson } from "#app/.server/analytics/audience.ts";
import type { ReceivedEvent } from "#app/.server/analytics/event-receiver.ts";
import type {
  EventsThreadMessage,
  EventsWorkerData,
  EventsWorkerMessage,
} from "#app/.server/analytics/events-worker.ts";
import { ConfigError } from "#app/.server/env.ts";
import type { Answered } from "#app/.server/http/metrics.ts";
import type { Logger } from "#app/.server/log.ts";

/** How long a stopping copy waits for the events thread to answer what is on its way. */
const STOP_WAIT_MS = 10_000;

/**
 * Starts the events thread (events-worker.ts) on EVENTS_PORT: the events it made ready go to
 * `takeJson`, those still to be counted to `take`, what it answered to `countAnswered`, and
 * it gets each day's salt from `saltOf`. Resolves once it listens; a port it
 * cannot have stops the start, naming EVENTS_PORT. A thread that fails later is logged as an
 * error (the proxy then finds the port closed). `stop()` closes the port, answers the events
 * on their way and counts them.
 */
export async function startEventsListener(options: {
  workerFile: string;
  data: EventsWorkerData;
  take: (events: ReceivedEvent[]) => void;
  takeJson: (rows: EventsJson) => void;
  saltOf: (day: string) => Promise<string>;
  /** Counts what the port answered, in the copy's /metrics. */
  countAnswered: (answered: Answered[]) => void;
  log: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const worker = new Worker(options.workerFile, { workerData: options.data });
  let stopped: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const listening = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: EventsWorkerMessage) => {
      if (message.kind === "events") {
        if (message.rows) options.takeJson(message.rows);
        options.take(message.events);
        options.countAnswered(message.answered);
      } else if (message.kind === "salt wanted") {
        const { day } = message;
        const send = (salt: string | null) =>
          worker.postMessage({ kind: "salt", day, salt } satisfies EventsThreadMessage);
        options.saltOf(day).then(send, () => send(null));
      } else if (message.kind === "listening") resolve();
      else if (message.kind === "stopped") stopped();
      else if (message.kind === "failed") {
        reject(
          new ConfigError(
            `EVENTS_PORT: the events port ${options.data.port} could not be opened (${message.message}).`,
          ),
        );
      }
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      stopped();
      reject(new Error(`The events thread ended (code ${code}) before it listened.`));
    });
  });
  try {
    await listening;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let stopping = false;
  worker.on("error", (error) => options.log.error("the events thread failed", { error }));
  worker.on("exit", (code) => {
    if (!stopping) {
      options.log.error("the events thread ended: EVENTS_PORT answers nothing more", { code });
    }
  });
  return {
    async stop() {
      stopping = true;
      worker.postMessage("stop" satisfies EventsThreadMessage);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        done,
        new Promise((resolve) => {
          timer = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
