import { FormHelperText } from '@mui/material';
import type { FieldErrorProps } from '@rjsf/utils';
import { widgets } from '../widgets/registry.ts';

/**
 * A field's message under it. A widget of ours (date, money, pickers…) shows it in its own helper
 * line, so it is not said twice. A plain input keeps a line for its message whether or not there is
 * one: a message that comes or goes never moves what is below it (the Save button under the pointer).
 * One message per field, the first, as the section's "n to fix" counts fields.
 */
export function FieldErrors({ errors, uiSchema, schema }: FieldErrorProps) {
  const widget = uiSchema?.['ui:widget'];
  if (typeof widget === 'string' && widgets[widget]) return null;
  const first = errors?.find((e) => typeof e === 'string' && e);
  if (schema.type === 'object' || schema.type === 'array')
    return first ? <FormHelperText error>{first}</FormHelperText> : null;
  return (
    <FormHelperText error={!!first} sx={{ minHeight: 20, mt: 0 }}>
      {first ?? ' '}
    </FormHelperText>
  );
}
