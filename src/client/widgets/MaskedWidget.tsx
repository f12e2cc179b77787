import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { maskDigits } from '../../domain/date-entry.ts';
import { widgetError, widgetLabel } from './widget-props.ts';

const PLACEHOLDER = { phone: 'xxx-xxx-xxxx', ssn: 'xxx-xx-xxxx', zip: 'xxxxx or xxxxx-xxxx' } as const;
const LENGTH = { phone: 12, ssn: 11, zip: 10 } as const;

/** Phone and fax xxx-xxx-xxxx, SSN xxx-xx-xxxx, zip 5 or 9 digits: dashes come by themselves as digits are typed. */
export function maskedWidget(kind: 'phone' | 'ssn' | 'zip') {
  return function Masked(p: WidgetProps) {
    return (
      <TextField
        id={p.id}
        label={widgetLabel(p)}
        value={p.value ?? ''}
        placeholder={PLACEHOLDER[kind]}
        disabled={p.disabled || p.readonly}
        fullWidth
        size="small"
        onChange={(e) => {
          const v = maskDigits(e.target.value, kind);
          p.onChange(v || undefined);
        }}
        onBlur={() => p.onBlur(p.id, p.value)}
        error={!!widgetError(p)}
        helperText={widgetError(p) ?? ' '}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: LENGTH[kind], 'aria-label': widgetLabel(p) } }}
      />
    );
  };
}
