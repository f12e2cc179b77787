import { Badge, Box, Button, MenuItem, Popover, TextField } from '@mui/material';
import { useState } from 'react';
import { completeDateEntry, isRangeInOrder } from '../../domain/date-entry.ts';
import { schemaLabel, useI18n } from '../i18n/i18n.ts';
import { orderedFields, type ClientEntity, type FieldSchema } from '../schema/entities.ts';
import { FilterChoices } from './FilterChoices.tsx';
import { filterKeys } from '../../platform/filter-keys.ts';
import { isMoneyField } from '../../domain/formats.ts';
import { centsFromEntry, formatCents } from '../../domain/money-input.ts';
import { useMe } from '../shell/me-context.ts';

type Filters = Record<string, unknown>;

/** The billing company a record belongs to, as a filter: the system column every tenant-owned table has. */
const billingCompanyField = (title: string): [string, FieldSchema] => [
  'billing_company_id',
  { title, type: 'integer', 'x-db': { references: 'billing_companies' }, 'x-list': { filter: 'equals' } },
];

/**
 * The schema's list filters (x-list.filter): text, equals, boolean, number and date ranges (from not
 * after to); for someone who sees every billing company, the billing company first.
 */
export function ListFilters({
  entity,
  filterValues,
  setFilters,
}: {
  entity: ClientEntity;
  filterValues: Filters;
  setFilters(f: Filters): void;
}) {
  const { t, locale } = useI18n();
  const { me } = useMe();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<Filters>(filterValues);
  const byCompany = me.is_super_user && entity.resource.tenancy === 'billing-company';
  const fields = [
    ...(byCompany ? [billingCompanyField(t('list.billing_company'))] : []),
    ...orderedFields(entity, (_n, f) => !!f['x-list']?.filter),
  ];
  if (!fields.length) return null;
  const active = Object.keys(filterValues).filter(
    (k) => k !== 'q' && filterValues[k] !== undefined && filterValues[k] !== '',
  ).length;
  const set = (k: string, v: unknown) => setDraft((d) => ({ ...d, [k]: v === '' ? undefined : v }));
  // A money range is typed in dollars and sent in cents, like every amount the API takes.
  const moneyBounds = fields
    .filter(([, f]) => f['x-list']?.filter === 'number-range' && isMoneyField(f))
    .flatMap(([n]) => filterKeys(n, 'number-range'));
  const shown = (f: Filters): Filters =>
    Object.fromEntries(
      Object.entries(f).map(([k, v]) => [k, moneyBounds.includes(k) && typeof v === 'number' ? formatCents(v) : v]),
    );
  const sent = (f: Filters): Filters =>
    Object.fromEntries(
      Object.entries(f).map(([k, v]) => [
        k,
        moneyBounds.includes(k) && typeof v === 'string' ? (centsFromEntry(v) ?? undefined) : v,
      ]),
    );
  const rangeErrors = fields
    .filter(
      ([n, f]) =>
        f['x-list']?.filter === 'date-range' &&
        !isRangeInOrder(draft[`${n}_from`] as string, draft[`${n}_to`] as string),
    )
    .map(([n]) => n);
  const dateField = (key: string, label: string, error = false) => (
    <TextField
      key={key}
      size="small"
      label={label}
      placeholder={t('widgets.date_placeholder')}
      value={(draft[key] as string) ?? ''}
      error={error}
      onChange={(e) => set(key, e.target.value)}
      onBlur={(e) => {
        const full = completeDateEntry(e.target.value);
        if (full) set(key, full);
      }}
    />
  );
  return (
    <>
      <Badge badgeContent={active} color="primary">
        <Button
          variant="outlined"
          onClick={(e) => {
            setDraft(shown(filterValues));
            setAnchor(e.currentTarget);
          }}
        >
          {t('list.filters')}
        </Button>
      </Badge>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <Box
          component="form"
          sx={{ p: 2, display: 'grid', gap: 1.5, width: 400, maxWidth: '90vw' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!rangeErrors.length) {
              setFilters({ ...sent(draft), q: filterValues.q });
              setAnchor(null);
            }
          }}
        >
          {fields.map(([name, f]) => {
            const label = schemaLabel(f, locale, name);
            switch (f['x-list']!.filter) {
              case 'boolean':
                return (
                  <TextField
                    key={name}
                    select
                    size="small"
                    label={label}
                    value={draft[name] ?? ''}
                    onChange={(e) => set(name, e.target.value)}
                  >
                    <MenuItem value="">{t('list.any')}</MenuItem>
                    <MenuItem value="true">{t('list.yes')}</MenuItem>
                    <MenuItem value="false">{t('list.no')}</MenuItem>
                  </TextField>
                );
              case 'equals':
              case 'contains':
                return (
                  <FilterChoices
                    key={name}
                    name={name}
                    field={f}
                    label={label}
                    value={String(draft[name] ?? '')}
                    onChange={(v) => set(name, v)}
                    locale={locale}
                    t={t}
                  />
                );
              case 'date-range': {
                const bad = rangeErrors.includes(name);
                return (
                  <Box key={name} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                    {dateField(`${name}_from`, `${label} — ${t('list.from')}`, bad)}
                    {dateField(`${name}_to`, `${label} — ${t('list.to')}`, bad)}
                    {bad && (
                      <Box sx={{ gridColumn: '1 / -1', color: 'error.main', fontSize: 12 }} role="alert">
                        {t('list.range_invalid')}
                      </Box>
                    )}
                  </Box>
                );
              }
              case 'number-range':
                return (
                  <Box key={name} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                    {(['min', 'max'] as const).map((b) => (
                      <TextField
                        key={b}
                        size="small"
                        label={`${label} — ${t(`list.${b}`)}`}
                        inputMode="decimal"
                        value={draft[`${name}_${b}`] ?? ''}
                        onChange={(e) => set(`${name}_${b}`, e.target.value)}
                      />
                    ))}
                  </Box>
                );
              default:
                return (
                  <TextField
                    key={name}
                    size="small"
                    label={label}
                    type={f['x-list']!.filter === 'number' ? 'number' : 'text'}
                    value={draft[name] ?? ''}
                    onChange={(e) => set(name, e.target.value)}
                  />
                );
            }
          })}
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button
              onClick={() => {
                setFilters({ q: filterValues.q });
                setAnchor(null);
              }}
            >
              {t('list.clear_filters')}
            </Button>
            <Button type="submit" variant="contained" disabled={!!rangeErrors.length}>
              {t('list.filters')}
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
