import { Autocomplete, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { knownNames, rememberNames } from './known-names.ts';
import { useT } from '../i18n/i18n.ts';
import { api } from '../session/api.ts';
import { widgetError, widgetLabel } from './widget-props.ts';
import { SEARCH_PAUSE_MS } from '../app/search-pause.ts';

/** How many matches an entity's get-list answers per search: a person narrows by typing, not by scrolling. */
const PAGE = 25;

interface Option {
  id: number | string;
  name: string;
}

/**
 * A choice among thousands (NUCC taxonomies, procedure codes, patients): the server is asked as the
 * person types (?query, after a pause), never the whole list. One value, or several when the field is an
 * array. A value already stored shows as its code until its name has been seen — except on an entity's
 * get-list (ui:options.named), which answers the first matches only (a page) and names stored ids (?ids).
 */
export function SearchSelectWidget(p: WidgetProps) {
  const t = useT();
  const source = String(p.options.source ?? '');
  // A long code list (bill classifications) is searched here, without the server.
  const choices = p.options.choices as Option[] | undefined;
  const multiple = p.schema.type === 'array';
  const named = !!p.options.named;
  // What the box shows, and what was typed to search (a chosen label is shown, not searched).
  const [text, setText] = useState('');
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Record<string, string>>(() => (named ? knownNames(source) : {}));
  // Names learnt here serve the next picker of the same records (and a name that changed replaces the one held).
  // The ids whose names the server gave this picker (a name held from the page's other screens is checked once).
  const confirmed = useRef(new Set<string>());
  const learn = useCallback(
    (o: Option[]) => {
      rememberNames(source, o);
      for (const x of o) confirmed.current.add(String(x.id));
      setKnown((k) =>
        o.every((x) => k[String(x.id)] === x.name)
          ? k
          : { ...k, ...Object.fromEntries(o.map((x) => [String(x.id), x.name])) },
      );
    },
    [source],
  );
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (choices) {
      const q = input.trim().toLowerCase();
      setOptions(q ? choices.filter((c) => c.name.toLowerCase().includes(q)) : choices);
      setKnown(Object.fromEntries(choices.map((c) => [String(c.id), c.name])));
      return;
    }
    if (!source) return;
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      api<Option[]>(source, { query: { query: input.trim(), ...(named ? { itemsPerPage: PAGE } : {}) } })
        .then((o) => {
          if (!live) return;
          setOptions(o);
          learn(o);
        })
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, SEARCH_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [source, input, choices, named, learn]);
  const ids: unknown[] = multiple
    ? ((p.value ?? []) as unknown[]).filter((v) => v !== null && v !== undefined)
    : p.value === undefined || p.value === ''
      ? []
      : [p.value];
  // A stored record (the claim's patient) is shown by its name from the start, not its id: a name this page was shown
  // already at once, and each id the server has not named here is asked for (a held name is checked, not waited for).
  const storedKey = named
    ? ids.filter((v) => v !== '' && v !== null && !confirmed.current.has(String(v))).join(',')
    : '';
  useEffect(() => {
    if (!storedKey) return;
    let live = true;
    api<Option[]>(source, { query: { ids: storedKey } })
      .then((o) => live && learn(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [source, storedKey, learn]);
  const toOption = (id: unknown): Option => ({ id: id as string, name: known[String(id)] ?? String(id) });
  // The same value object until the value or its names change: a new one would make the box reset what is being typed.
  const valueKey = JSON.stringify(ids.map((id) => [id, known[String(id)] ?? null]));
  const values = useMemo(
    () => (multiple ? ids.map(toOption) : ids.length ? toOption(ids[0]) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [valueKey, multiple],
  );
  return (
    <Autocomplete<Option, boolean>
      multiple={multiple}
      options={options}
      loading={loading}
      filterOptions={(x) => x}
      value={values as never}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      inputValue={text}
      onInputChange={(_e, v, reason) => {
        setText(v);
        if (reason === 'input' || reason === 'clear') setInput(v);
      }}
      onChange={(_e, v) => p.onChange(multiple ? (v as Option[]).map((o) => o.id) : (v as Option | null)?.id)}
      disabled={p.disabled || p.readonly}
      noOptionsText={t('list.no_results')}
      loadingText={t('widgets.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          id={p.id}
          label={widgetLabel(p)}
          size="small"
          error={!!widgetError(p)}
          helperText={widgetError(p) ?? ' '}
        />
      )}
    />
  );
}
