import { readFileSync, readdirSync } from 'node:fs';
import type { ReportDef } from '../../src/platform/report.ts';

let cache: ReportDef[] | null = null;

/** The report definitions (schemas/reports/*.report.json), read once. */
export function reportDefinitions(): ReportDef[] {
  if (cache) return cache;
  const dir = new URL('../../schemas/reports/', import.meta.url);
  cache = readdirSync(dir)
    .filter((f) => f.endsWith('.report.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ReportDef);
  return cache;
}

export const reportByKey = (key: string) => reportDefinitions().find((r) => r.key === key);

/** Predecessor-facts §5's classifications. */
export const CLASSIFICATIONS = [
  { id: 1, name: 'Live insights', name_es: 'Información en vivo', background: '#FFFAE6', color: '#B04D12' },
  { id: 2, name: 'Financial', name_es: 'Financieros', background: '#E9FDF2', color: '#1B6D49' },
  { id: 3, name: 'Productivity', name_es: 'Productividad', background: '#E3F8FF', color: '#018ECC' },
  { id: 4, name: 'Audit', name_es: 'Auditoría', background: '#FFF1F1', color: '#A72821' },
  { id: 5, name: 'Sheet reports', name_es: 'Reportes en hojas', background: '#F2F2F2', color: '#707070' },
  { id: 6, name: 'Records', name_es: 'Registros', background: '#E6E6E6', color: '#808080' },
];
