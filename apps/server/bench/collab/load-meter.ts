/**
 * How busy the machine is with work that is not the benchmark's: from /proc/stat (every core's busy
 * time) less the CPU time of the benchmark's own processes (/proc/<pid>/stat, every thread), over a
 * window. A latency measured while others took a good part of the cores says more about them than
 * about the server.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { processCpuMs, ticksPerSecond } from '../stream/processes.ts';

/** Busy and total time of all cores together so far, in ms (the first line of /proc/stat). */
function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  // cpu user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as [number, number, number, number, number, number, number, number];
  const busy = user + nice + system + irq + softirq + steal;
  const toMs = (ticks: number) => (ticks * 1000) / ticksPerSecond;
  return { busy: toMs(busy), total: toMs(busy + idle + iowait) };
}

/** The 1, 5 and 15 minute load averages, as `uptime` shows them. */
export const loadAverage = () => loadavg().map((value) => +value.toFixed(2));

export interface LoadReading {
  /** Share of all cores (0–1) busy with other work than the benchmark's over the window. */
  othersShare: number;
  /** Share of all cores the benchmark's own processes used over the window. */
  ownShare: number;
  /** The same as cores (the machine has `cores`). */
  othersCores: number;
  cores: number;
}

/**
 * Starts measuring; the returned function ends the window and reads it. `ourPids` are the
 * benchmark's processes (its server, its client processes; this process is always counted).
 */
export function startLoadWindow(ourPids: () => number[]): () => LoadReading {
  const ours = () =>
    [process.pid, ...ourPids()].reduce((sum, pid) => {
      try {
        return sum + processCpuMs(pid);
      } catch {
        return sum; // Ended meanwhile.
      }
    }, 0);
  const machineBefore = machineCpuMs();
  const oursBefore = ours();
  return () => {
    const machine = machineCpuMs();
    const total = machine.total - machineBefore.total;
    const own = ours() - oursBefore;
    const others = Math.max(0, machine.busy - machineBefore.busy - own);
    const cores = cpus().length;
    const share = (ms: number) => (total > 0 ? +(ms / total).toFixed(3) : 0);
    return {
      othersShare: share(others),
      ownShare: share(own),
      othersCores: +((share(others) * cores) as number).toFixed(2),
      cores,
    };
  };
}

/** Reads the machine over `ms` while the benchmark itself is idle: what it starts a run on. */
export async function quietReading(ms: number, ourPids: () => number[]): Promise<LoadReading> {
  const read = startLoadWindow(ourPids);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return read();
}
