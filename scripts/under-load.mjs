// Runs a command while other processes keep the CPU busy, the way a slow or shared machine
// would (README.md, "Tests", "On a slow or loaded machine"):
//
//   node scripts/under-load.mjs [--hogs N] [--times K] -- <command> [args…]
//
// N busy loops (default: one per core) run at normal priority beside the command, K times in a
// row (default 1), stopping at the first failure. Prints each run's time and exit code and ends
// with the command's last exit code. Example, CI's run on a clean clone three times:
//
//   git clone . /tmp/loaded && cd /tmp/loaded && node scripts/under-load.mjs --times 3 -- bash .ci/run
import { spawn } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 0 || split === args.length - 1) {
  console.error('用法：node scripts/under-load.mjs [--hogs N] [--times K] -- <命令> [参数…]');
  process.exit(2);
}
const options = args.slice(0, split);
const [command, ...commandArgs] = args.slice(split + 1);

function option(name, fallback) {
  const at = options.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(options[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} 应为非负整数`);
    process.exit(2);
  }
  return value;
}
const hogCount = option('--hogs', os.availableParallelism());
const times = option('--times', 1);

/** One busy loop in a process of its own: it takes a core whenever the scheduler gives one. */
const hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

let code = 0;
for (let run = 1; run <= times; run += 1) {
  const started = Date.now();
  code = await new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(err.message);
      resolve(127);
    });
    child.on('close', (exitCode) => resolve(exitCode ?? 1));
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n[under-load] 第 ${run}/${times} 次：${hogCount} 个占满 CPU 的进程并行，用时 ${minutes} 分钟，退出码 ${code}`);
  if (code !== 0) break;
}
stopHogs();
process.exitCode = code;
