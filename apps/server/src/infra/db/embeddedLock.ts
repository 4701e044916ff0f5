import { randomUUID } from 'node:crypto';
import {
  closeSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite serves one process on its directory and takes no lock of its own (its postmaster.pid
 * names a fixed pid): two processes on one directory each see only their own writes and may
 * damage the files. The process that opens the embedded database holds `<directory>.lock`.
 */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(
    readonly directory: string,
    readonly holder: { pid: number; host: string },
  ) {
    super(
      `The embedded database in ${directory} is in use by another process (process ${holder.pid}` +
        `${holder.host === hostname() ? '' : ` on ${holder.host}`}, a running Roadcount server?).` +
        ` PGlite serves one process at a time: stop that process first (if none runs, delete` +
        ` ${directory}.lock).`,
    );
  }
}

interface Holder {
  pid: number;
  host: string;
  /** Tells this process's own locks from one left by an earlier process that had its pid. */
  token: string;
}

/** The holder renews the lock file's time this often; one not renewed for STALE_MS is left. */
const HEARTBEAT_MS = 15_000;
const STALE_MS = 120_000;

/** The tokens of the locks this process holds. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): { holder: Holder; renewedMs: number } | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    return { holder, renewedMs: statSync(path).mtimeMs };
  } catch {
    // Gone meanwhile, or half written by a process that died as it wrote: not a holder.
    return undefined;
  }
}

/**
 * Whether the lock's holder still runs: on this machine its pid says so (unless the pid is
 * ours and the lock not, an earlier process's, as after a container restart); on another one
 * (a shared directory) only its renewals can.
 */
function stillHeld(holder: Holder, renewedMs: number): boolean {
  if (holder.host !== hostname()) return Date.now() - renewedMs < STALE_MS;
  if (holder.pid === process.pid) return held.has(holder.token);
  return alive(holder.pid);
}

/**
 * Takes the lock of the embedded database in `directory`, or throws DatabaseInUseError naming
 * the process that holds it; a lock left by a process that died is taken over. Answers the
 * function that lets it go (also let go when this process exits).
 */
export function lockEmbeddedDatabase(directory: string): () => void {
  const path = `${directory}.lock`;
  const mine: Holder = { pid: process.pid, host: hostname(), token: randomUUID() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const descriptor = openSync(path, 'wx');
      writeSync(descriptor, JSON.stringify(mine));
      closeSync(descriptor);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(path);
      if (current && stillHeld(current.holder, current.renewedMs))
        throw new DatabaseInUseError(directory, current.holder);
      if (attempt >= 2) throw new DatabaseInUseError(directory, current?.holder ?? mine);
      unlinkSync(path);
    }
  }
  held.add(mine.token);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // Removed by hand: the next opener takes it.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    if (!held.delete(mine.token)) return;
    clearInterval(heartbeat);
    process.off('exit', release);
    if (readHolder(path)?.holder.token === mine.token) unlinkSync(path);
  };
  process.on('exit', release);
  return release;
}
