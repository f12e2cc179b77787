import { momentText } from '../i18n/moments.ts';
import { Box, Chip, Tooltip } from '@mui/material';
import { formatCents } from '../../domain/money-input.ts';
import { isMoneyField } from '../../domain/formats.ts';
import { schemaLabel, type Locale, type Translate } from '../i18n/i18n.ts';
import { useGetManyAggregate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api.ts';
import { codeListName, entityOfTable, stateMachineOf, type FieldSchema } from '../schema/entities.ts';
import { StateChip } from './StateControl.tsx';

/** A value as a person reads it: yes/no, money in dollars, lists joined. */
export function displayValue(
  field: FieldSchema | undefined,
  value: unknown,
  t: Translate,
  locale: Locale = 'en',
): string {
  if (value === null || value === undefined || value === '') return '';
  const list = field?.['x-ui']?.codeList;
  if (list) return (Array.isArray(value) ? value : [value]).map((v) => codeListName(list, v, locale)).join(', ');
  if (isMoneyField(field) && typeof value === 'number') return formatCents(value, 'us', true);
  if (field?.type === 'boolean') return value ? t('list.yes') : t('list.no');
  if (Array.isArray(value))
    return value
      .map((v) => (typeof v === 'object' && v ? Object.values(v).filter(Boolean).join(': ') : String(v)))
      .join(', ');
  if (field?.format === 'date-time' && typeof value === 'string') return momentText(value, locale);
  if (field?.enum && (typeof value === 'string' || typeof value === 'number'))
    return t(`enums.${value}`, { _: String(value) });
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One item of a list of objects (an address) as a line: its values in the schema's order, codes by name, a true flag by its label. */
export function itemText(
  item: Record<string, unknown>,
  props: Record<string, FieldSchema>,
  t: Translate,
  locale: Locale,
): string {
  return Object.entries(props)
    .flatMap(([k, f]) => {
      const v = item[k];
      if (v === null || v === undefined || v === '' || v === false) return [];
      if (v === true) return [schemaLabel(f, locale, k)];
      return [displayValue(f, v, t, locale)];
    })
    .join(', ');
}

export function BooleanChip({ value, t }: { value: unknown; t: Translate }) {
  return (
    <Chip
      size="small"
      label={value ? t('list.yes') : t('list.no')}
      color={value ? 'success' : 'default'}
      variant="outlined"
    />
  );
}

/** The display name of a referenced record (a patient's company); the names of a page come in one request. */
export function ReferenceValue({ field, value }: { field: FieldSchema; value: unknown }) {
  const target = entityOfTable(field['x-db']?.references);
  const { data } = useGetManyAggregate(
    target?.name ?? '',
    { ids: [value as number] },
    { enabled: !!target && typeof value === 'number' },
  );
  const name = data?.[0]?.display_name;
  return <>{name ? String(name) : value === undefined || value === null ? '' : String(value)}</>;
}

/** The names a picker list ({id, name}) gives its ids, asked once per list and shared by every cell. */
export function useSourceNames(source: string | undefined) {
  return useQuery({
    queryKey: ['source-names', source],
    enabled: !!source,
    staleTime: 60_000,
    queryFn: async () =>
      new Map((await api<Array<{ id: number | string; name: string }>>(source!)).map((o) => [String(o.id), o.name])),
  });
}

/** Ids a field's picker list names (a facility's companies): shown by those names, never as "3, 4". */
export function SourceValue({ source, value }: { source: string; value: unknown }) {
  const { data } = useSourceNames(source);
  const ids = Array.isArray(value) ? value : [value];
  return <>{ids.map((id) => data?.get(String(id)) ?? (data ? String(id) : '…')).join(', ')}</>;
}

/**
 * Codes as short chips (x-ui.widget "code-chips" on a list of {code, meaning}): a worklist row stays one
 * line, and each code's words are in its tooltip and its accessible name (the record shows them in full).
 */
export function CodeChips({ value }: { value: Array<{ code?: unknown; meaning?: unknown }> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'nowrap' }}>
      {value.map((c, i) => (
        <Tooltip key={i} title={String(c.meaning ?? '')}>
          <Chip
            size="small"
            variant="outlined"
            label={String(c.code ?? '')}
            aria-label={`${String(c.code ?? '')}: ${String(c.meaning ?? '')}`}
            sx={{ height: 20, '& .MuiChip-label': { px: 0.75, fontSize: 12 } }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

/** A list or record cell: references by name (the row's own, else the referenced list's), everything else as displayValue. */
export function CellValue({
  field,
  value,
  t,
  locale,
  name,
}: {
  field: FieldSchema;
  value: unknown;
  t: Translate;
  locale: Locale;
  /** the referenced record's name as the row carries it (x-ui.nameFrom), when it does */
  name?: unknown;
}) {
  if (name) return <>{name}</>;
  if (field['x-ui']?.widget === 'code-chips' && Array.isArray(value)) return <CodeChips value={value} />;
  if (field['x-db']?.references && typeof value === 'number') return <ReferenceValue field={field} value={value} />;
  const source = field['x-ui']?.source;
  if (
    source &&
    !field['x-ui']?.codeList &&
    (typeof value === 'number' || (Array.isArray(value) && value.every((v) => typeof v === 'number')))
  )
    return <SourceValue source={source} value={value} />;
  const machine = stateMachineOf(field);
  if (machine && typeof value === 'number') return <StateChip machine={machine} id={value} />;
  return <>{displayValue(field, value, t, locale)}</>;
}
