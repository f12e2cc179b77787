import { MenuItem, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { sharedOptions } from './shared-options.ts';
import { widgetError, widgetLabel } from './widget-props.ts';

interface Option {
  id: number | string;
  name: string;
  /** said under the field once this choice is chosen (a policy the payer's 271 calls inactive) */
  warning?: string;
}

/**
 * A picker whose options come from a get-list endpoint (ui:options.source). With ui:options.dependsOn
 * the options follow another field of the form (insurance company → its plans), sent as that parameter.
 */
export function ReferenceWidget(p: WidgetProps) {
  const t = useT();
  const source = String(p.options.source ?? '');
  const dependsOn = p.options.dependsOn as string | undefined;
  const form = p.registry.formContext?.formData as Record<string, unknown> | undefined;
  const parent = dependsOn ? form?.[dependsOn] : undefined;
  // A record of one billing company picks among that company's records (a Super User sees them all otherwise).
  const owner = p.id.endsWith('billing_company_id') ? undefined : form?.billing_company_id;
  const [options, setOptions] = useState<Option[] | null>(null);
  const multiple = p.schema.type === 'array';
  useEffect(() => {
    if (!source || (dependsOn && !parent)) {
      setOptions([]);
      return;
    }
    let live = true;
    // record_id: the record being edited, so a choice it already holds stays offered (its own bed in a room that is otherwise full).
    const query = {
      ...(dependsOn ? { [dependsOn]: parent } : {}),
      ...(owner ? { billing_company_id: owner } : {}),
      ...(dependsOn && form?.id ? { record_id: form.id } : {}),
    };
    sharedOptions<Option[]>(source, query)
      .then((o) => {
        if (live) setOptions(o);
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [source, dependsOn, parent, owner, form?.id]);
  // Empty slots (RJSF fills an array up to minItems) are no choice.
  const value = multiple
    ? ((p.value ?? []) as unknown[]).filter((v) => v !== null && v !== undefined)
    : (p.value ?? '');
  const warning = multiple ? undefined : options?.find((o) => String(o.id) === String(value))?.warning;
  return (
    <TextField
      select
      id={p.id}
      label={widgetLabel(p)}
      value={options ? value : multiple ? [] : ''}
      disabled={p.disabled || p.readonly || !options}
      fullWidth
      size="small"
      onChange={(e) => {
        const v = e.target.value as unknown;
        p.onChange(
          multiple
            ? (v as Array<string | number | null>).filter((x) => x !== null && x !== '').map(Number)
            : v === ''
              ? undefined
              : p.schema.type === 'string'
                ? String(v)
                : Number(v),
        );
      }}
      error={!!widgetError(p)}
      helperText={widgetError(p) ?? warning ?? (options ? ' ' : t('widgets.loading'))}
      slotProps={{
        select: { multiple },
        htmlInput: { 'aria-label': widgetLabel(p) },
        formHelperText: warning && !widgetError(p) ? { sx: { color: 'warning.dark' }, role: 'alert' } : undefined,
      }}
    >
      {!multiple && (
        <MenuItem value="">
          <em>{t('widgets.choose')}</em>
        </MenuItem>
      )}
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
