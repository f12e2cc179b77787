import { momentText } from '../i18n/moments.ts';
import { Box, Chip, Link, Tooltip } from '@mui/material';
import { formatCents } from '../../domain/money-input.ts';
import { isMoneyField } from '../../domain/formats.ts';
import { schemaLabel, type Locale, type Translate } from '../i18n/i18n.ts';
import { Fragment } from 'react';
import { useGetManyAggregate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api.ts';
import { codeListName, entityOfTable, stateMachineOf, type FieldSchema } from '../schema/entities.ts';
import { StateChip } from './StateControl.tsx';
import { StoredFileValue } from '../files/StoredFileValue.tsx';
import { useShell } from '../shell/shell-context.ts';
import { openRecord } from '../shell/open-record.ts';

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
  if (field?.['x-ui']?.problems && Array.isArray(value)) return value.map(problemLine).join(' · ');
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

/** A finding the server answered in the reader's words (x-ui.problems): where it is in the file, then what is wrong. */
function problemLine(p: { loop?: string; segment?: string; element?: number | null; message?: string }): string {
  const element = p.element ? String(p.element).padStart(2, '0') : '';
  const where = [p.loop, p.segment && `${p.segment}${element}`].filter(Boolean).join(' ');
  return where ? `${where}: ${p.message ?? ''}` : (p.message ?? '');
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
export function ReferenceValue({ field, value, linked }: { field: FieldSchema; value: unknown; linked?: boolean }) {
  const target = entityOfTable(field['x-db']?.references);
  const asked = !!target && typeof value === 'number';
  const { data, isPending } = useGetManyAggregate(target?.name ?? '', { ids: [value as number] }, { enabled: asked });
  // A cell drawn outside the desktop (a printed list) has no shell: it shows the name alone.
  const shell = useShell() as ReturnType<typeof useShell> | null;
  const name = data?.[0]?.display_name;
  // On a record's screen, a record it points at opens in its own window (a claim file's claim, in the claim editor),
  // when the person may open that window.
  const app = linked && target ? shell?.apps.find((a) => a.entity?.name === target.name) : undefined;
  if (name && app && shell)
    return (
      <Link component="button" type="button" onClick={() => openRecord(shell.openByName, app.name, value as number)}>
        {String(name)}
      </Link>
    );
  if (name) return <>{String(name)}</>;
  if (asked && isPending) return <>…</>;
  return value === undefined || value === null ? null : <BareId id={value} />;
}

/**
 * An id shown because its record's name could not be read (gone, or not this person's to read): marked, so that the
 * walk of every role's windows (tests/e2e) finds any number drawn where a name belongs.
 */
function BareId({ id }: { id: unknown }) {
  return <span data-bare-id="">{String(id)}</span>;
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

/**
 * Ids a field's picker list names (a facility's companies, a batch's claims): shown by those names, never as "3, 4".
 * Ids the list no longer offers (a batch's claims once sent) are named by asking the list for them (?ids).
 */
export function SourceValue({ source, value }: { source: string; value: unknown }) {
  const { data } = useSourceNames(source);
  const ids = (Array.isArray(value) ? value : [value]).map(String);
  const missing = data ? ids.filter((id) => !data.has(id)) : [];
  const { data: more, isPending } = useQuery({
    queryKey: ['source-names', source, missing.join(',')],
    enabled: missing.length > 0,
    staleTime: 60_000,
    retry: false,
    queryFn: async () =>
      new Map(
        (await api<Array<{ id: number | string; name: string }>>(source, { query: { ids: missing.join(',') } })).map(
          (o) => [String(o.id), o.name],
        ),
      ),
  });
  if (!data || (missing.length > 0 && isPending)) return <>…</>;
  return (
    <>
      {ids.map((id, i) => (
        <Fragment key={id}>
          {i > 0 && ', '}
          {data.get(id) ?? more?.get(id) ?? <BareId id={id} />}
        </Fragment>
      ))}
    </>
  );
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
  linked,
}: {
  field: FieldSchema;
  value: unknown;
  t: Translate;
  locale: Locale;
  /** the referenced record's name as the row carries it (x-ui.nameFrom), when it does */
  name?: unknown;
  /** on a record's screen: a referenced record opens in its own window */
  linked?: boolean;
}) {
  if (name) return <>{name}</>;
  if (field['x-ui']?.widget === 'code-chips' && Array.isArray(value)) return <CodeChips value={value} />;
  if (field['x-db']?.references === 'files' && typeof value === 'number') return <StoredFileValue id={value} />;
  if (field['x-db']?.references && typeof value === 'number')
    return <ReferenceValue field={field} value={value} linked={linked} />;
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
