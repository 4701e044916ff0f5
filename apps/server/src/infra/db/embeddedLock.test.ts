import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockEmbeddedDatabase } from './embeddedLock.ts';

function databaseDirectory() {
  return join(mkdtempSync(join(tmpdir(), 'roadcount-lock-')), 'db');
}

/** A lock file as another process would have left it. */
function leftLock(directory: string, holder: { pid: number; host: string }, ageMs = 0) {
  const path = `${directory}.lock`;
  writeFileSync(path, JSON.stringify({ ...holder, token: 'an-earlier-holder' }));
  const when = new Date(Date.now() - ageMs);
  utimesSync(path, when, when);
}

function refusal(directory: string) {
  try {
    lockEmbeddedDatabase(directory)();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('the embedded database lock', () => {
  it('is held by one opener at a time, and let go on release', () => {
    const directory = databaseDirectory();
    const release = lockEmbeddedDatabase(directory);
    expect(JSON.parse(readFileSync(`${directory}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    expect(refusal(directory)).toBeInstanceOf(DatabaseInUseError);
    release();
    expect(existsSync(`${directory}.lock`)).toBe(false);
    expect(refusal(directory)).toBeUndefined();
  });

  it('refuses while the process that holds it runs, naming it', () => {
    const directory = databaseDirectory();
    // The process that started this test runs as long as the test does.
    leftLock(directory, { pid: process.ppid, host: hostname() });
    const error = refusal(directory) as DatabaseInUseError;
    expect(error).toBeInstanceOf(DatabaseInUseError);
    expect(error.holder.pid).toBe(process.ppid);
    expect(error.message).toContain(`in use by another process (process ${process.ppid}`);
  });

  it('takes over a lock whose process died, or that an earlier process with our pid left', () => {
    const died = spawnSync(process.execPath, ['-e', '']).pid;
    const directory = databaseDirectory();
    leftLock(directory, { pid: died, host: hostname() });
    expect(refusal(directory)).toBeUndefined();
    // A container restarted runs the server under the pid its last run had.
    leftLock(directory, { pid: process.pid, host: hostname() });
    expect(refusal(directory)).toBeUndefined();
  });

  it("trusts another machine's lock while it is renewed, and not after", () => {
    const directory = databaseDirectory();
    leftLock(directory, { pid: 1, host: 'another-machine' }, 10_000);
    expect(refusal(directory)).toBeInstanceOf(DatabaseInUseError);
    leftLock(directory, { pid: 1, host: 'another-machine' }, 10 * 60_000);
    expect(refusal(directory)).toBeUndefined();
  });
});
