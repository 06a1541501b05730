/**
 * WORKERS=N (one machine, several cores): the primary process has already migrated and seeded
 * the database; it
 * forks N server processes that share one port (Node's cluster hands connections out in turn)
 * and keeps them running:
 *
 * - a process that dies after it was serving is replaced (the daily jobs move with it: they run
 *   in exactly one process, so that the work is not repeated N times a day);
 * - a process that dies before it could serve stops the whole server with its exit code: that
 *   is a configuration problem (port taken, wrong key), and restarting it would only loop;
 * - SIGTERM/SIGINT go to every process, each finishes its requests in flight (server/index.ts),
 *   and the primary exits when the last one has; after `STOP_GRACE_MS` it stops waiting.
 */
import cluster, { type Worker } from 'node:cluster';

/** The environment variable that tells a forked process it runs the daily jobs. */
export const JOBS_ENV = 'WENPING_RUN_DAILY_JOBS';
const STOP_GRACE_MS = 30_000;

export function runPrimary(count: number, port: number): void {
  const runsJobs = new Map<number, boolean>();
  const serving = new Set<number>();
  let stopping = false;
  let announced = false;

  const fork = (jobs: boolean): Worker => {
    const worker = cluster.fork({ [JOBS_ENV]: jobs ? '1' : '0' });
    runsJobs.set(worker.id, jobs);
    return worker;
  };

  cluster.on('listening', (worker) => {
    serving.add(worker.id);
    if (!announced && serving.size === count) {
      announced = true;
      console.log(`服务已启动: http://localhost:${port}（${count} 个服务进程）`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const jobs = runsJobs.get(worker.id) ?? false;
    const wasServing = serving.has(worker.id);
    runsJobs.delete(worker.id);
    serving.delete(worker.id);
    if (stopping) {
      // The code a failed start set stays the server's exit code.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!wasServing) {
      console.error(`服务进程未能启动（退出码 ${code ?? signal}），服务停止`);
      process.exitCode = code || 1;
      stopAll();
      return;
    }
    console.error(`服务进程 ${worker.process.pid} 意外退出（${signal ?? `退出码 ${code}`}），正在重新启动`);
    fork(jobs);
  });

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(process.exitCode ?? 0);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      console.error('部分服务进程未能按时停止，强制退出');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);

  for (let i = 0; i < count; i++) fork(i === 0);
}
