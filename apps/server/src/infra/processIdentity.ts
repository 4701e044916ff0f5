import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process's identity, `<host>/<pid>/<run>`: what a task's claim records as its holder and
 * a partial blob file as its writer, so that what a killed process left can be told apart from
 * what a live one is writing.
 */
export const PROCESS_IDENTITY = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;

/** Whether the process `pid` of this host still runs. */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether an identity of this host is a process that no longer runs: this process's own earlier
 * run (the same pid after a restart in a container, another run id), or a pid gone. Another
 * host's processes cannot be asked: they count as running.
 */
export function identityGone(identity: string, self: string = PROCESS_IDENTITY): boolean {
  const [host, pid, run] = identity.split('/');
  const [ownHost, ownPid, ownRun] = self.split('/');
  if (host !== ownHost || pid === undefined || !/^\d+$/.test(pid)) return false;
  if (pid === ownPid) return run !== ownRun;
  return !processRuns(Number(pid));
}
