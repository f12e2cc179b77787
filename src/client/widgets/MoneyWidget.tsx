import { InputAdornment, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import {
  MAX_MONEY_CHARS,
  centsFromEntry,
  formatCents,
  isWithinMoneyLimit,
  type MoneyStyle,
} from '../../domain/money-input.ts';
import { useT } from '../i18n/i18n.ts';
import { widgetError, widgetLabel } from './widget-props.ts';

/**
 * Integer cents underneath; typed in dollars ("150" is $150.00, "1,500.5" is $1,500.50) and kept as
 * typed while the field has focus, then shown in US (1,234.56) or European (1.234,56) style; at most
 * 9,999,999.99. Focusing selects the amount, so what is typed replaces it.
 */
export function MoneyWidget(p: WidgetProps) {
  const t = useT();
  const style: MoneyStyle = (p.options as Record<string, unknown>).moneyStyle === 'eu' ? 'eu' : 'us';
  const cents = typeof p.value === 'number' ? p.value : null;
  const [typed, setTyped] = useState<string | null>(null);
  const notAmount = typed !== null && typed.trim() !== '' && centsFromEntry(typed, style) === null;
  const tooBig = cents !== null && !isWithinMoneyLimit(cents);
  const own = notAmount ? t('widgets.money_not_amount') : tooBig ? t('widgets.money_limit') : null;
  return (
    <TextField
      id={p.id}
      label={widgetLabel(p)}
      value={typed ?? formatCents(cents, style)}
      disabled={p.disabled || p.readonly}
      fullWidth
      size="small"
      onFocus={(e) => {
        setTyped(cents === null ? '' : formatCents(cents, style));
        e.target.select();
      }}
      onChange={(e) => {
        setTyped(e.target.value);
        p.onChange(centsFromEntry(e.target.value, style) ?? undefined);
      }}
      onBlur={() => {
        if (!notAmount) setTyped(null);
        p.onBlur(p.id, cents);
      }}
      error={!!own || !!widgetError(p)}
      helperText={own ?? widgetError(p) ?? ' '}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          maxLength: MAX_MONEY_CHARS,
          style: { textAlign: 'right' },
          'aria-label': widgetLabel(p),
        },
        input: { startAdornment: style === 'us' ? <InputAdornment position="start">$</InputAdornment> : undefined },
      }}
    />
  );
}
