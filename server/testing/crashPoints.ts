/**
 * Crash points for the crash tests (tests/server/crash.test.ts): with CRASH_AT=<name>
 * in the environment, the process kills itself with SIGKILL (no clean-up, no flush, as a power
 * cut or the OOM killer would) when it reaches that point. Unset everywhere but those tests;
 * the check costs one comparison.
 */
export type CrashPointName =
  /** A file is complete and synced in the temp folder, not yet renamed into place. */
  | 'file-before-rename'
  /** Opening an inspection year: the year and its subjects' rows written, not yet committed. */
  | 'inspection-year-before-commit';

const armed = process.env.CRASH_AT?.trim() || null;

export function crashPoint(name: CrashPointName): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
