// Searches a server log for what must never be logged (README.md, "个人信息保护与安全"): passwords,
// session tokens, whole ID numbers and mobile numbers. `npm test` runs the server suite with every
// app logging at trace level into one file, then runs this on it. Exit 1 and the offending lines
// when found.
//
//   node scripts/scan-logs.mjs server.log
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('用法: node scripts/scan-logs.mjs <日志文件>');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const lines = text.split('\n').filter(Boolean);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
const validId = (id) => {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(id[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === id[17].toUpperCase();
};

// Passwords the suites use (tests/server/helpers.ts, the demo seed's DEMO_PASSWORD, read from its one
// source) and any password-named field whose value was not redacted.
const demoSeed = readFileSync(new URL('../server/db/seed/demoAccounts.ts', import.meta.url), 'utf8');
const demoPassword = /export const DEMO_PASSWORD = '([^']+)'/.exec(demoSeed)?.[1];
if (!demoPassword) {
  console.error('server/db/seed/demoAccounts.ts 中找不到 DEMO_PASSWORD');
  process.exit(2);
}
const KNOWN_PASSWORDS = ['Admin@12345', demoPassword];
const rules = [
  // Not the digits after a decimal point: pino's responseTime can have 18 of them, and one in
  // eleven such fractions passes the check digit.
  { name: '身份证号码', test: (l) => [...l.matchAll(/(?<![\dA-Za-z])(?<!\d\.)\d{17}[\dXx](?![\dA-Za-z])/g)].some((m) => validId(m[0])) },
  { name: '手机号码', test: (l) => /(?<![\dA-Za-z.])1[3-9]\d{9}(?![\dA-Za-z.])/.test(l) },
  { name: '密码', test: (l) => KNOWN_PASSWORDS.some((p) => l.includes(p)) || /"\w*[Pp]assword"\s*:\s*"(?!\[Redacted\])[^"]+"/.test(l) },
  { name: 'token', test: (l) => /"token"\s*:\s*"(?!\[Redacted\])[^"]+"/.test(l) },
];

const found = [];
for (const [i, line] of lines.entries()) {
  for (const rule of rules) if (rule.test(line)) found.push(`${rule.name} @ 第${i + 1}行: ${line.slice(0, 300)}`);
}
console.log(`扫描日志 ${file}：${lines.length} 行`);
if (lines.length === 0) {
  console.error('日志为空：服务端测试没有写日志，无法检查');
  process.exit(1);
}
if (found.length) {
  console.error(`发现 ${found.length} 处不应记录的敏感信息：`);
  for (const f of found.slice(0, 50)) console.error(`  ${f}`);
  process.exit(1);
}
console.log('未发现密码、token、身份证号码或手机号码');
