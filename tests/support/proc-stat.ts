import { readdirSync, readFileSync } from "node:fs";

// What Linux says of a process or thread in /proc/<id>/stat: the CPU time it has used and
// its priority (nice value). Read by the events thread's test and the events benchmark.

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

export type ProcStat = {
  /** User and system CPU time used so far (utime + stime). */
  seconds: number;
  /** The CPU priority, -20 (first) to 19 (last). */
  nice: number;
};

/** A process's or thread's stat file, or null once it has ended. */
export function readProcStat(file: string): ProcStat | null {
  let stat: string;
  try {
    stat = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  // After the name in parentheses (which may hold spaces): state is field 3, utime 14,
  // stime 15, nice 19.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const field = (n: number) => Number(fields[n - 3]);
  return { seconds: (field(14) + field(15)) / TICKS_PER_SECOND, nice: field(19) };
}

/** Each thread of a process, by its id (the main thread's is the process's). */
export function threadStats(pid: number): Map<number, ProcStat> {
  const threads = new Map<number, ProcStat>();
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const stat = readProcStat(`/proc/${pid}/task/${thread}/stat`);
    if (stat) threads.set(Number(thread), stat);
  }
  return threads;
}
