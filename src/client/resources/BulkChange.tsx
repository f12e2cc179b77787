import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import type { ClientEntity } from '../schema/entities.ts';
import type { BulkAct } from '../../platform/entity.ts';
import { formFor } from '../schema/form-schema.ts';
import { api } from '../session/api.ts';
import { widgets, fields as customFields } from '../widgets/registry.ts';
import { Form } from './ResourceForm.tsx';
import { Loading } from '../app/Loading.tsx';
import { useCompiledForm } from '../schema/form-validators.ts';
import { bulkFormEntity, bulkFormId } from '../../platform/form-schema.ts';

type Row = Record<string, unknown> & { id: number };
interface Outcome {
  updated: number;
  failed: Array<{ id: number; error?: string }>;
  /** what an act on the records did, in the reader's language (the questions sent to payers) */
  message?: string;
}

/**
 * One change applied to the selected records (assign, sub-status, follow-up on the denial worklist):
 * only the fields filled are sent; the answer says how many changed, and for each that did not, why.
 * A bulk without fields is an act on the records (ask their payers): confirmed, sent as it is, its answer said.
 */
export default function BulkChange({
  entity,
  bulk,
  rows,
  onClose,
}: {
  entity: ClientEntity;
  bulk: BulkAct;
  rows: Row[];
  onClose(changed: boolean): void;
}) {
  const { t, locale } = useI18n();
  // An act on the records (no fields) has no form.
  const compiled = useCompiledForm(entity.name, bulk.fields.length ? bulkFormId(entity, bulk) : null);
  const { uiSchema } = useMemo(
    () => formFor(bulkFormEntity(entity, bulk), { superUser: false, locale, t }),
    [entity, bulk, locale, t],
  );
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const label = (locale === 'es' && bulk.label_es) || bulk.label;
  const nameOf = (id: number) =>
    String(rows.find((r) => r.id === id)?.display_name ?? rows.find((r) => r.id === id)?.code ?? id);

  const act = bulk.fields.length === 0;
  const send = async () => {
    const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== ''));
    if (!act && !Object.keys(changes).length) {
      showToast('warning', t('bulk.nothing'));
      return;
    }
    setBusy(true);
    try {
      setOutcome(
        await api<Outcome>(`/${entity.resource.basePath}/${bulk.path}`, {
          method: 'POST',
          body: { ids: rows.map((r) => r.id), ...changes },
        }),
      );
    } catch (e) {
      notifyError(t, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(!!outcome?.updated)} aria-labelledby="bulk-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-title">
        {label} ({rows.length})
      </DialogTitle>
      <DialogContent>
        {outcome ? (
          <Box data-testid="bulk-outcome">
            <Typography>{outcome.message || t('bulk.updated', { count: outcome.updated })}</Typography>
            {!!outcome.failed.length && (
              <>
                <Typography sx={{ mt: 1, fontWeight: 600 }}>
                  {t(act ? 'bulk.not_done' : 'bulk.failed', { count: outcome.failed.length })}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {outcome.failed.map((f) => (
                    <li key={f.id}>
                      {nameOf(f.id)}: {f.error}
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Box>
        ) : act ? (
          <Typography>{t('bulk.act', { label, count: rows.length })}</Typography>
        ) : !compiled ? (
          <Loading />
        ) : (
          <Form
            schema={compiled.schema}
            uiSchema={uiSchema}
            formData={data}
            validator={compiled.validator}
            widgets={widgets}
            fields={customFields}
            noHtml5Validate
            showErrorList={false}
            formContext={{ formData: data }}
            onChange={(e) => setData(e.formData as Record<string, unknown>)}
            onSubmit={() => void send()}
            id={`bulk-${entity.name}`}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(!!outcome?.updated)}>{t('record.close')}</Button>
        {!outcome && (
          <Button variant="contained" disabled={busy} onClick={() => void send()}>
            {act ? label : t('bulk.apply')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
