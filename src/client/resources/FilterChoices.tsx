import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { stateName } from '../../platform/state-machine.ts';
import type { Locale, Translate } from '../i18n/i18n.ts';
import { codeListName, entityOfTable, stateMachineOf, type FieldSchema } from '../schema/entities.ts';
import { api } from '../session/api.ts';

type Choice = [value: string, name: string];

/** The named choices of an "equals" filter: a state's names, a code list's names, an enum's words; null when the field names records. */
export function namedChoices(field: FieldSchema, locale: Locale, t: Translate): Choice[] | null {
  const machine = stateMachineOf(field);
  if (machine) return machine.states.map((s) => [String(s.id), stateName(machine, s.id, locale)]);
  const list = field['x-ui']?.codeList;
  // A list of codes (a professional's authorizations) is narrowed by one of them.
  const items = field.items as FieldSchema | undefined;
  if (list && items?.enum) return items.enum.map((v) => [String(v), codeListName(list, v, locale)]);
  if (field.enum)
    return field.enum.map((v) => [
      String(v),
      list ? codeListName(list, v, locale) : t(`enums.${String(v)}`, { _: String(v) }),
    ]);
  return null;
}

/**
 * An "equals" filter as a choice people read — statuses and codes by name, referenced records (a
 * claim's patient, company, provider) by their display names from the referenced entity's picker list —
 * never an id to type.
 */
export function FilterChoices({
  name,
  field,
  label,
  value,
  onChange,
  locale,
  t,
}: {
  name: string;
  field: FieldSchema;
  label: string;
  value: string;
  onChange(v: string): void;
  locale: Locale;
  t: Translate;
}) {
  const named = namedChoices(field, locale, t);
  const table = field['x-db']?.references;
  const target = entityOfTable(table);
  // Records by name: the referenced entity's picker list, or the list the field's own picker reads (a facility's companies).
  const source = target ? `/${target.resource.basePath}/get-list` : field['x-ui']?.source;
  const [loaded, setLoaded] = useState<Choice[] | null>(null);
  useEffect(() => {
    if (named || !source) return;
    let live = true;
    api<Array<{ id: number; name: string }>>(source)
      .then((xs) => {
        if (live) setLoaded(xs.map((x) => [String(x.id), x.name]));
      })
      .catch(() => live && setLoaded([]));
    return () => {
      live = false;
    };
  }, [named, source]);
  const choices = named ?? loaded;
  if (!choices && !source)
    return <TextField size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={choices ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={!choices}
      data-testid={`filter-${name}`}
    >
      <MenuItem value="">{t('list.any')}</MenuItem>
      {(choices ?? []).map(([v, n]) => (
        <MenuItem key={v} value={v}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
}
