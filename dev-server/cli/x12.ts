// npm run x12 -- inspect FILE [--json]
import { readFileSync } from 'node:fs';
import { describeInspection, inspectX12 } from '../../src/domain/x12/inspect.ts';

const [command, file] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (command !== 'inspect' || !file) {
  console.error('Usage: npm run x12 -- inspect FILE [--json]');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`Cannot read ${file}: ${(e as Error).message}`);
  process.exit(2);
}
const result = inspectX12(text);
console.log(process.argv.includes('--json') ? JSON.stringify(result, null, 2) : describeInspection(result));
process.exit(result.findings.some((f) => f.severity === 'error') ? 1 : 0);
