import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { schemaLabel, type Locale } from '../i18n/i18n.ts';
import { FORMAT_WIDGETS, fields as customFields, widgets } from '../widgets/registry.ts';
import {
  codeListName,
  codeLists,
  entityOfTable,
  orderedFields,
  type ClientEntity,
  type FieldSchema,
} from './entities.ts';
import { codeListLabel } from '../../platform/code-list-fields.ts';
import { hasOwnerColumn } from '../../platform/entity.ts';
import { formSchema } from '../../platform/form-schema.ts';

const BUILT_IN = new Set(['textarea', 'hidden', 'select', 'radio', 'checkbox']);

/** Where a reference field's options come from: the get-list of the entity that owns the referenced table. */
function sourceFor(name: string, field: FieldSchema): string | undefined {
  if (name === 'roles') return '/roles';
  if (name === 'billing_company_ids' || name === 'billing_company_id') return '/billing-company/get-list';
  const table = field['x-db']?.references;
  const target = entityOfTable(table);
  return target ? `/${target.resource.basePath}/get-list` : undefined;
}

type FormOpts = { locale: Locale; t?: (k: string, o?: Record<string, unknown>) => string };

const codeListNames = (list: string, ids: unknown[], locale: Locale) => ids.map((id) => codeListName(list, id, locale));

/**
 * The uiSchema of one field, and of the fields inside it (an array's items, an object's
 * properties): label in the active language, widget by x-ui.widget or format, choices named from
 * the code list, section.
 */
function fieldUi(name: string, field: FieldSchema, opts: FormOpts): Record<string, unknown> {
  const xui = field['x-ui'];
  const ui: Record<string, unknown> = { 'ui:title': schemaLabel(field, opts.locale, name) };
  // A hand-written field (a claim's grid of service lines) takes the whole value; a widget one input.
  if (xui?.widget && customFields[xui.widget])
    return {
      ...ui,
      'ui:field': xui.widget,
      ...(xui.section ? { 'ui:section': xui.section } : {}),
      ...(xui.visibleWhen ? { 'ui:visibleWhen': xui.visibleWhen } : {}),
    };
  const widget =
    (xui?.widget && (widgets[xui.widget] || BUILT_IN.has(xui.widget)) ? xui.widget : undefined) ??
    (field.format ? FORMAT_WIDGETS[field.format] : undefined);
  if (widget) ui['ui:widget'] = widget;
  else if (field.format === 'state') {
    // A state is chosen from the USPS list (typed "fl" or "Flor" finds Florida), never typed as free text.
    ui['ui:widget'] = 'search-select';
    ui['ui:options'] = {
      choices: (codeLists.get('us-states')?.items ?? []).map((i) => ({
        id: i.id,
        name: codeListLabel(i, opts.locale),
      })),
    };
  }
  if (xui?.placeholder) ui['ui:placeholder'] = xui.placeholder;
  if (xui?.help) ui['ui:help'] = opts.locale === 'es' && xui.help_es ? xui.help_es : xui.help;
  if (xui?.section) ui['ui:section'] = xui.section;
  if (xui?.visibleWhen) ui['ui:visibleWhen'] = xui.visibleWhen;
  if (xui?.source)
    ui['ui:options'] = {
      ...(ui['ui:options'] as object),
      source: xui.source,
      ...(xui.dependsOn ? { dependsOn: xui.dependsOn } : {}),
    };
  // A read-only part of an item (the policy number an admission's policy shows) is shown, never typed.
  if (field.readOnly) ui['ui:readonly'] = true;
  const items = field.items as FieldSchema | undefined;
  if (xui?.codeList && field.enum) ui['ui:enumNames'] = codeListNames(xui.codeList, field.enum, opts.locale);
  else if (xui?.codeList && items?.enum) {
    // A multiple choice from a list: checkboxes named from the list, or a searchable choice when the list is long.
    const names = codeListNames(xui.codeList, items.enum, opts.locale);
    if (items.enum.length > 12 && !widget) {
      ui['ui:widget'] = 'search-select';
      ui['ui:options'] = { choices: items.enum.map((id, i) => ({ id, name: names[i] })) };
    } else {
      ui['ui:widget'] = widget ?? 'checkboxes';
      ui.items = { 'ui:enumNames': names };
    }
  } else if (field.enum && opts.t)
    ui['ui:enumNames'] = field.enum.map((v) => opts.t!(`enums.${String(v)}`, { _: String(v) }));
  // Enum values are codes; people read their names in their language when the messages have one.
  if (items?.properties) ui.items = objectUi(items, opts);
  if (field.properties)
    Object.assign(ui, objectUi(field as FieldSchema & { properties: Record<string, FieldSchema> }, opts));
  return ui;
}

function objectUi(node: FieldSchema, opts: FormOpts): Record<string, unknown> {
  const props = (node.properties ?? {}) as Record<string, FieldSchema>;
  return Object.fromEntries(Object.entries(props).map(([k, f]) => [k, fieldUi(k, f, opts)]));
}

/**
 * The JSON Schema and uiSchema of an entity's create/edit form, from the entity schema alone:
 * read-only fields left out, widgets by x-ui.widget or format, order and sections from x-ui,
 * labels in the active language, and the billing company picker only for a Super User.
 */
export function formFor(
  entity: ClientEntity,
  opts: { superUser: boolean; locale: Locale; t?: (k: string, o?: Record<string, unknown>) => string },
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const fields = orderedFields(entity, (_n, f) => !f.readOnly);
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const order: string[] = [];
  const schema = formSchema(entity, opts.superUser) as RJSFSchema;
  if (hasOwnerColumn(entity.resource) && opts.superUser) {
    // A shared code table's row without a billing company is the shipped set's, which every billing company reads.
    const shared = entity.resource.tenancy === 'shared';
    uiSchema.billing_company_id = {
      'ui:title': opts.locale === 'es' ? 'Compañía de facturación' : 'Billing company',
      ...(shared
        ? {
            'ui:help':
              opts.locale === 'es'
                ? 'Vacío: el juego de códigos que leen todas'
                : 'Empty: the code set every billing company reads',
          }
        : {}),
      'ui:widget': 'billing-company',
      'ui:options': { source: '/billing-company/get-list' },
    };
    order.push('billing_company_id');
  }
  for (const [name, field] of fields) {
    order.push(name);
    const ui = fieldUi(name, field, opts);
    const widget = ui['ui:widget'] as string | undefined;
    // A schema's own source wins (a batch picks among the claims that may be batched, not every claim).
    const source = field['x-ui']?.source ?? sourceFor(name, field);
    // A reference to a table too large to list (patients) is searched on the server as it is typed.
    if (source && field['x-ui']?.widget === 'reference-search') {
      ui['ui:widget'] = 'search-select';
      ui['ui:options'] = { ...(ui['ui:options'] as object), source, named: true };
    }
    if (
      source &&
      (widget === 'reference' ||
        widget === 'reference-many' ||
        widget === 'role-picker' ||
        widget === 'billing-company-picker')
    )
      ui['ui:options'] = {
        ...(ui['ui:options'] as object),
        source,
        ...(field['x-ui']?.dependsOn ? { dependsOn: field['x-ui'].dependsOn } : {}),
      };
    const lookup = entity.resource.getBy?.find((g) => g.field === name);
    if (widget === 'code-lookup' && lookup)
      ui['ui:options'] = { lookup: `/${entity.resource.basePath}/${lookup.path}` };
    if (name === 'billing_company_ids' && !opts.superUser) ui['ui:widget'] = 'hidden';
    uiSchema[name] = ui;
  }
  uiSchema['ui:order'] = [...order, '*'];
  return { schema, uiSchema };
}

/** Fields whose visibleWhen is not met by the data: not shown, not validated, not sent. */
export function hiddenFields(uiSchema: UiSchema, data: Record<string, unknown>): string[] {
  return Object.entries(uiSchema)
    .filter(([, ui]) => {
      const when = (ui as Record<string, unknown> | undefined)?.['ui:visibleWhen'] as
        | Record<string, unknown>
        | undefined;
      return when && Object.entries(when).some(([k, v]) => data[k] !== v);
    })
    .map(([k]) => k);
}
