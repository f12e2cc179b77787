import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { claimFields } from '../screens/claims/fields.ts';
import { CodeLookupWidget } from './CodeLookupWidget.tsx';
import { DateWidget } from './DateWidget.tsx';
import { maskedWidget } from './MaskedWidget.tsx';
import { MarkdownWidget } from './MarkdownWidget.tsx';
import { MoneyWidget } from './MoneyWidget.tsx';
import { ReferenceWidget } from './ReferenceWidget.tsx';
import { SearchSelectWidget } from './SearchSelectWidget.tsx';

/** Widgets written once and named from schemas (x-ui.widget, or the field's format). */
export const widgets: RegistryWidgetsType = {
  date: DateWidget,
  money: MoneyWidget,
  phone: maskedWidget('phone'),
  fax: maskedWidget('phone'),
  ssn: maskedWidget('ssn'),
  zip: maskedWidget('zip'),
  'code-lookup': CodeLookupWidget,
  reference: ReferenceWidget,
  'search-select': SearchSelectWidget,
  'billing-company': ReferenceWidget,
  'billing-company-picker': ReferenceWidget,
  'role-picker': ReferenceWidget,
  'reference-many': ReferenceWidget,
  markdown: MarkdownWidget,
};

/** Hand-written fields (grids of lines) a schema names the same way (x-ui.widget). */
export const fields: RegistryFieldsType = { ...claimFields };

export const FORMAT_WIDGETS: Record<string, string> = {
  'us-date': 'date',
  phone: 'phone',
  ssn: 'ssn',
  zip: 'zip',
  money: 'money',
};
