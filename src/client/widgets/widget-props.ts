import type { WidgetProps } from '@rjsf/utils';

/** The label RJSF computed (from the schema title, translated by the form) and the field's first error. */
export const widgetError = (p: WidgetProps) => (p.rawErrors?.length ? p.rawErrors[0] : undefined);
export const widgetLabel = (p: WidgetProps) => (p.label || p.schema.title || p.id) + (p.required ? ' *' : '');
