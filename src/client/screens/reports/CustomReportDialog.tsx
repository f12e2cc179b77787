import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import type { ReportColumn } from '../../../platform/report.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api } from '../../session/api.ts';

/**
 * Saves a custom report from the one on the screen: a name, the columns kept (in the report's order),
 * private or shared with the billing company. The new report opens once saved.
 */
export function CustomReportDialog({
  reportKey,
  columns,
  onClose,
  onSaved,
}: {
  reportKey: string;
  columns: ReportColumn[];
  onClose(): void;
  onSaved(key: string): void;
}) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [kept, setKept] = useState<string[]>(columns.map((c) => c.key));
  const toggle = (key: string) =>
    setKept((k) =>
      k.includes(key)
        ? k.filter((x) => x !== key)
        : columns.map((c) => c.key).filter((x) => x === key || k.includes(x)),
    );
  const save = async () => {
    try {
      const saved = await api<{ id: number }>('/custom-reports', {
        method: 'POST',
        body: { name: name.trim(), report_key: reportKey, columns: kept, shared },
      });
      onSaved(`custom-${saved.id}`);
    } catch (e) {
      notifyError(t, e);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="custom-report-title" maxWidth="sm" fullWidth>
      <DialogTitle id="custom-report-title">{t('reports.save_custom')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          label={t('reports.custom_name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          inputProps={{ maxLength: 100 }}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, mt: 1 }}>
          <legend>{t('reports.columns_kept', { count: kept.length })}</legend>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)' }}>
            {columns.map((c) => (
              <FormControlLabel
                key={c.key}
                control={<Checkbox size="small" checked={kept.includes(c.key)} onChange={() => toggle(c.key)} />}
                label={c.label}
              />
            ))}
          </FormGroup>
        </Box>
        <FormControlLabel
          control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
          label={t('reports.share')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('record.cancel')}</Button>
        <Button variant="contained" disabled={!name.trim() || !kept.length} onClick={() => void save()}>
          {t('record.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
