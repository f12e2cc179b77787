import { InputAdornment, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { MAX_MONEY_CHARS, centsFromTyping, formatCents, isWithinMoneyLimit, type MoneyStyle } from '../../domain/money-input.ts';
import { useT } from '../i18n/i18n.ts';
import { widgetError, widgetLabel } from './widget-props.ts';

/** Integer cents underneath; shown in US (1,234.56) or European (1.234,56) style; at most 9,999,999.99. */
export function MoneyWidget(p: WidgetProps) {
  const t = useT();
  const style: MoneyStyle = (p.options as Record<string, unknown>).moneyStyle === 'eu' ? 'eu' : 'us';
  const cents = typeof p.value === 'number' ? p.value : null;
  const tooBig = cents !== null && !isWithinMoneyLimit(cents);
  return (
    <TextField id={p.id} label={widgetLabel(p)} value={formatCents(cents, style)} disabled={p.disabled || p.readonly} fullWidth size="small"
      onChange={(e) => { const v = centsFromTyping(e.target.value); p.onChange(v ?? undefined); }}
      error={tooBig || !!widgetError(p)} helperText={widgetError(p) ?? (tooBig ? t('widgets.money_limit') : ' ')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: MAX_MONEY_CHARS + 4, style: { textAlign: 'right' }, 'aria-label': widgetLabel(p) }, input: { startAdornment: style === 'us' ? <InputAdornment position="start">$</InputAdornment> : undefined } }} />
  );
}
