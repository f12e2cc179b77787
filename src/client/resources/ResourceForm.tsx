import { usePrefill } from './use-prefill.ts';
import { Box, Button, ThemeProvider, Typography, createTheme, useTheme } from '@mui/material';
import { withTheme } from '@rjsf/core';
import { Theme } from '@rjsf/mui';
import type { ErrorSchema, FormValidation, RJSFValidationError } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetOne } from 'react-admin';
import { entityRules } from '../../domain/rules/entity-rules.ts';
import { Loading } from '../app/Loading.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import type { ApiError } from '../session/api.ts';
import type { ClientEntity } from '../schema/entities.ts';
import { formFor, hiddenFields } from '../schema/form-schema.ts';
import { useCompiledForm } from '../schema/form-validators.ts';
import { formId } from '../../platform/form-schema.ts';
import { api } from '../session/api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { SectionedObjectTemplate } from '../schema/SectionedObjectTemplate.tsx';
import { FieldErrors } from '../schema/FieldErrors.tsx';
import { useMe } from '../shell/me-context.ts';
import { can } from '../shell/me.ts';
import { actionSlug } from '../../platform/route-plan.ts';
import { fields, widgets } from '../widgets/registry.ts';
import type { View } from './ResourceWindow.tsx';
// The rules' messages are the server's; the same Spanish texts serve both.
import serverEs from '../../domain/messages.es.json' with { type: 'json' };

const RULE_MESSAGES_ES: Record<string, string> = serverEs;

export const Form = withTheme(Theme);

/** ajv's error in the person's language, with the limit it broke. */
export function validationMessage(
  t: (k: string, o?: Record<string, unknown>) => string,
  e: RJSFValidationError,
): string {
  const limit = e.params?.limit;
  if (e.name === 'format') {
    const key = `validation.format.${e.params?.format}`;
    const out = t(key, { _: '' });
    return out && out !== key ? out : t('validation.format.other');
  }
  const key = `validation.${e.name}`;
  const out = t(key, { limit, _: '' });
  return out && out !== key ? out : (e.message ?? '');
}

/** { "a.0.b": ["msg"] } from the server → RJSF's nested error schema. */
export function toErrorSchema(errors: Record<string, string[]>): ErrorSchema {
  const out: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(errors)) {
    let node = out;
    for (const part of path.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = messages;
  }
  return out as ErrorSchema;
}

type Record_ = Record<string, unknown> & { id?: number };

/** Create and edit from the schema: RJSF with the schema's widgets and sections; the server's field errors shown in place. */
export function ResourceForm({
  entity,
  id,
  initial,
  fixed,
  go,
}: {
  entity: ClientEntity;
  id?: number;
  initial?: Record<string, unknown>;
  fixed?: Record<string, unknown>;
  go(v: View): void;
}) {
  const { t, locale } = useI18n();
  const { me } = useMe();
  // Every input of a form the same height: the schema's plain inputs as dense as its widgets (dates, pickers, masks).
  const outer = useTheme();
  const dense = useMemo(
    () =>
      createTheme(outer, {
        components: {
          MuiTextField: { defaultProps: { size: 'small' } },
          MuiFormControl: { defaultProps: { size: 'small' } },
        },
      }),
    [outer],
  );
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { schema, uiSchema } = useMemo(() => {
    const form = formFor(entity, { superUser: me.is_super_user, locale, t });
    // Fields the parent screen sets (a policy's patient) are not asked for.
    for (const k of Object.keys(fixed ?? {}))
      form.uiSchema[k] = { ...(form.uiSchema[k] as object), 'ui:widget': 'hidden' };
    return form;
  }, [entity, me.is_super_user, locale, t, fixed]);
  // The schema and validator compiled by npm run generate (the page may not compile code: no 'unsafe-eval').
  const compiled = useCompiledForm(entity.name, formId(entity, me.is_super_user));
  const existing = useGetOne<Record_ & { id: number }>(entity.name, { id: id ?? 0 }, { enabled: id !== undefined });
  const [formData, setFormData] = useState<Record_ | undefined>(undefined);
  usePrefill(entity, formData, setFormData as (update: (d: Record_ | undefined) => Record_ | undefined) => void);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [saving, setSaving] = useState(false);
  // A form action (save and verify) sends the same body to its own route; null: the plain save.
  const [action, setAction] = useState<NonNullable<ClientEntity['resource']['formActions']>[number] | null>(null);
  // Each failed save (the form's checks or the server's) brings the first field at fault into view and focus.
  const [failures, setFailures] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failures) return;
    const first = box.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], .Mui-error input, .Mui-error textarea',
    );
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [failures, extraErrors]);
  const [duplicate, setDuplicate] = useState<{ data: Record_; message: string; names: string[] } | null>(null);
  // A new record may start from values the server derives from its parent (a follow-up from its claim).
  const defaultsPath =
    id === undefined && entity.resource.createDefaults
      ? `/${entity.resource.basePath}/${entity.resource.createDefaults}`
      : null;
  const defaults = useQuery({
    queryKey: [entity.name, 'createDefaults', fixed],
    enabled: !!defaultsPath,
    staleTime: 0,
    queryFn: () =>
      api<Record_>(defaultsPath!, {
        query: Object.fromEntries(Object.entries(fixed ?? {}).filter(([k]) => k !== 'billing_company_id')),
      }).catch(() => ({})),
  });
  if ((id !== undefined && existing.isPending) || (defaultsPath && defaults.isPending) || !compiled) return <Loading />;
  const start: Record_ =
    formData ??
    (id !== undefined
      ? pickFormFields(existing.data ?? {}, schema.properties as object, entity)
      : { ...pickFormFields(defaults.data ?? {}, schema.properties as object, entity), ...initial, ...fixed });

  const submit = async (all: Record_, checked = false) => {
    // What the form does not show is not sent (a subscriber when the patient is the insured).
    const data = { ...all };
    for (const k of hiddenFields(uiSchema, all)) delete data[k];
    const dup = entity.resource.duplicateCheck;
    if (dup && id === undefined && !checked) {
      // The same person may already be registered: ask before creating a second record.
      const query = Object.fromEntries(
        dup.fields.filter((f) => data[f] !== undefined && data[f] !== '').map((f) => [f, data[f]]),
      );
      const found = await api<{
        exists: boolean;
        message: string | null;
        patients?: Array<{ id: number; name: string }>;
        records?: Array<{ id: number; name: string }>;
      }>(`/${entity.resource.basePath}/${dup.path}`, { query }).catch(() => null);
      if (found?.exists) {
        setDuplicate({
          data: all,
          message: found.message ?? '',
          names: (found.patients ?? found.records ?? []).map((p) => p.name),
        });
        return;
      }
    }
    setSaving(true);
    setExtraErrors(undefined);
    try {
      const route = action ? (id !== undefined ? action.edit : action.create) : null;
      const saved = route
        ? {
            data: await api<{ id: number }>(`/${entity.resource.basePath}/${route.path.replace('{id}', String(id))}`, {
              method: route.method.toUpperCase(),
              body: id !== undefined ? { ...data, version: existing.data?.version } : data,
            }),
          }
        : id !== undefined
          ? await dataProvider.update(entity.name, { id, data, previousData: existing.data! })
          : await dataProvider.create(entity.name, { data });
      const record = saved.data as { id: number };
      // The record screen opens on what the server answered, not on the copy cached before the save.
      queryClient.setQueryData([entity.name, 'getOne', { id: String(record.id) }], record);
      void queryClient.invalidateQueries({ queryKey: [entity.name, 'getList'] });
      showToast('success', t(id !== undefined ? 'toast.saved' : 'toast.created'));
      // A new record whose schema says so goes on to its first child (a new patient to its primary policy): one flow.
      go({
        kind: 'show',
        id: record.id,
        addChild: id === undefined && !!entity.resource.children?.some((c) => c.addAfterCreate),
      });
    } catch (e) {
      const err = e as ApiError;
      if (err.errors && Object.keys(err.errors).length) {
        setExtraErrors(toErrorSchema(err.errors));
        setFailures((n) => n + 1);
      }
      notifyError(t, e);
    } finally {
      setSaving(false);
    }
  };

  const customValidate = (data: Record_ | undefined, errors: FormValidation<Record_>) => {
    const shown: Record<string, unknown> = { ...data };
    for (const k of hiddenFields(uiSchema, shown)) delete shown[k];
    const found = entityRules[entity.name]?.(shown, new Date()) ?? {};
    // Rules name nested fields by path (rooms.1.code); RJSF keeps their errors at the same path.
    for (const [field, messages] of Object.entries(found)) {
      const node = field
        .split('.')
        .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], errors) as
        | { addError?(m: string): void }
        | undefined;
      for (const m of messages) node?.addError?.(locale === 'es' ? (RULE_MESSAGES_ES[m] ?? m) : m);
    }
    return errors;
  };
  const transformErrors = (errors: RJSFValidationError[]) => {
    const hidden = hiddenFields(uiSchema, (formData ?? start) as Record<string, unknown>);
    return errors
      .filter((e) => !hidden.some((h) => e.property === `.${h}` || e.property?.startsWith(`.${h}.`)))
      .map((e) => ({ ...e, message: validationMessage(t, e) }));
  };

  const name = (locale === 'es' ? entity.resource.label_es : undefined) ?? entity.schema.title;
  return (
    <Box sx={{ p: 2, pb: 0 }} ref={box}>
      <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600, mb: 2 }}>
        {t(id !== undefined ? 'record.edit_title' : 'record.create_title', { name })}
      </Typography>
      <ThemeProvider theme={dense}>
        <Form
          schema={compiled.schema}
          uiSchema={uiSchema}
          formData={start}
          validator={compiled.validator}
          widgets={widgets}
          fields={fields}
          noHtml5Validate
          showErrorList={false}
          templates={{ ObjectFieldTemplate: SectionedObjectTemplate, FieldErrorTemplate: FieldErrors }}
          formContext={{ formData: formData ?? start }}
          extraErrors={extraErrors}
          extraErrorsBlockSubmit={false}
          customValidate={customValidate}
          transformErrors={transformErrors}
          onChange={(e) => setFormData(e.formData as Record_)}
          onSubmit={(e) => void submit(e.formData as Record_)}
          onError={() => {
            showToast('warning', t('record.fix_errors'));
            setFailures((n) => n + 1);
            // A record with lines (a claim) asks the server too, which writes nothing and answers every problem at once,
            // including those only it can see (a code that does not exist): no fixing them one round at a time.
            if (entity.resource.lines?.length && formData) void submit(formData, true);
          }}
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
          id={`form-${entity.name}`}
        >
          {/* The actions stay in a bar at the window's foot: messages above that come and go never move them. */}
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              justifyContent: 'flex-end',
              mt: 2,
              py: 1.5,
              position: 'sticky',
              bottom: 0,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              zIndex: 2,
            }}
          >
            <Button onClick={() => go(id !== undefined ? { kind: 'show', id } : { kind: 'list' })}>
              {t('record.cancel')}
            </Button>
            {(entity.resource.formActions ?? [])
              .filter((a) => can(me, actionSlug(entity.resource, a.action)))
              .map((a) => (
                <Button key={a.label} type="submit" variant="outlined" disabled={saving} onClick={() => setAction(a)}>
                  {(locale === 'es' && a.label_es) || a.label}
                </Button>
              ))}
            <Button type="submit" variant="contained" disabled={saving} onClick={() => setAction(null)}>
              {t('record.save')}
            </Button>
          </Box>
        </Form>
      </ThemeProvider>
      <ConfirmDialog
        open={!!duplicate}
        title={duplicate?.message ?? ''}
        body={duplicate ? `${duplicate.names.join(' · ')}. ${t('record.create_anyway')}` : ''}
        onCancel={() => setDuplicate(null)}
        onConfirm={() => {
          const d = duplicate!.data;
          setDuplicate(null);
          void submit(d, true);
        }}
      />
    </Box>
  );
}

/** The stored record narrowed to what the form edits (the server refuses fields it does not know). */
function pickFormFields(row: Record_, properties: object, entity: ClientEntity): Record_ {
  const out: Record_ = {};
  for (const k of Object.keys(properties)) if (row[k] !== undefined && row[k] !== null) out[k] = row[k];
  if (entity.name === 'user') {
    out.roles = row.role_ids;
    if (row.billing_company_ids && 'billing_company_ids' in properties)
      out.billing_company_ids = row.billing_company_ids;
  }
  return out;
}
