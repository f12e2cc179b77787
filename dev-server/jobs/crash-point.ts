/**
 * A step at which the process kills itself, for the crash tests only: CRASH_AT=batch-send:after-put:42
 * ends the server with SIGKILL (no cleanup, no graceful stop) when batch 42's send reaches that step,
 * as a power cut or an out-of-memory kill would. Unset, as in every real start, it does nothing.
 */
export function crashPoint(step: string, key: string | number): void {
  if (process.env.CRASH_AT && process.env.CRASH_AT === `${step}:${key}`) process.kill(process.pid, 'SIGKILL');
}
