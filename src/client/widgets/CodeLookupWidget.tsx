import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { api } from '../session/api.ts';
import { widgetError, widgetLabel } from './widget-props.ts';
import { SEARCH_PAUSE_MS } from '../app/search-pause.ts';

/** A code with its look-up: enter a code / code not found / code entered (with what it names). */
export function CodeLookupWidget(p: WidgetProps) {
  const t = useT();
  const lookup = p.options.lookup as string | undefined;
  const [state, setState] = useState<{ kind: 'empty' | 'missing' | 'found'; name?: string }>({ kind: 'empty' });
  useEffect(() => {
    const code = String(p.value ?? '').trim();
    if (!code || !lookup) {
      setState({ kind: 'empty' });
      return;
    }
    const timer = setTimeout(() => {
      api<{ display_name?: string }>(lookup.replace('{code}', encodeURIComponent(code)))
        .then((r) => setState({ kind: 'found', name: r.display_name }))
        .catch(() => setState({ kind: 'missing' }));
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [p.value, lookup]);
  const hint =
    state.kind === 'empty'
      ? t('widgets.code_enter')
      : state.kind === 'missing'
        ? t('widgets.code_not_found')
        : `${t('widgets.code_found')}: ${state.name ?? ''}`;
  return (
    <TextField
      id={p.id}
      label={widgetLabel(p)}
      value={p.value ?? ''}
      disabled={p.disabled || p.readonly}
      fullWidth
      size="small"
      onChange={(e) => p.onChange(e.target.value.toUpperCase() || undefined)}
      error={!!widgetError(p)}
      helperText={widgetError(p) ?? hint}
      slotProps={{ htmlInput: { 'aria-label': widgetLabel(p), maxLength: p.schema.maxLength } }}
    />
  );
}
