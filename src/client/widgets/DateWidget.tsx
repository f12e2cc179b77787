import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { completeDateEntry } from '../../domain/date-entry.ts';
import { useT } from '../i18n/i18n.ts';
import { widgetError, widgetLabel } from './widget-props.ts';

/** mm/dd/yyyy; a short month/day entry is completed with the current year when the field is left. One message at a time: the form's, else its own. */
export function DateWidget(p: WidgetProps) {
  const t = useT();
  const [text, setText] = useState<string>(p.value ?? '');
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText(p.value ?? '');
  }, [p.value]);
  const commit = () => {
    if (!text.trim()) {
      setBad(false);
      p.onChange(undefined);
      return;
    }
    const full = completeDateEntry(text);
    setBad(!full);
    if (full) {
      setText(full);
      p.onChange(full);
    } else p.onChange(text);
  };
  return (
    <TextField
      id={p.id}
      label={widgetLabel(p)}
      value={text}
      placeholder={t('widgets.date_placeholder')}
      disabled={p.disabled || p.readonly}
      fullWidth
      size="small"
      onChange={(e) => setText(e.target.value.replace(/[^\d/]/g, '').slice(0, 10))}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      error={bad || !!widgetError(p)}
      helperText={widgetError(p) ?? (bad ? t('widgets.date_invalid') : ' ')}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': widgetLabel(p) } }}
    />
  );
}
