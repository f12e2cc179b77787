import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.ts';
import { enterMovesOn, focusRow } from './grid-keys.ts';
import { useSuggestions } from './use-suggestions.ts';
import { CLAIM_FORMAT } from '../../../generated/ids.ts';

type Dx = { code?: string; poa?: string };
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXY';

/**
 * The diagnoses of a claim or a stay in order, each with the pointer letter its lines use (A–L on a professional
 * claim, up to 25 with present-on-admission on an institutional claim or a stay): ICD-10-CM codes looked up as
 * you type, the description of what was entered shown beside it, Enter on the last one opens another.
 */
export function DiagnosisEditor(p: FieldProps<Dx[]>) {
  const { t } = useI18n();
  const rows = (p.formData ?? []) as Dx[];
  const form = (p.registry.formContext?.formData ?? {}) as Record<string, unknown>;
  // A claim says its form; a stay (an admission has no form field) is always institutional: POA per diagnosis, up to 25.
  const professional = 'format_id' in form ? Number(form.format_id) === CLAIM_FORMAT.PROFESSIONAL : false;
  const grid = useRef<HTMLDivElement>(null);
  const [typing, setTyping] = useState<{ row: number; text: string } | null>(null);
  const [focusNew, setFocusNew] = useState<number | null>(null);
  useEffect(() => {
    if (focusNew !== null) {
      focusRow(grid.current, focusNew);
      setFocusNew(null);
    }
  }, [focusNew, rows.length]);
  const suggestions = useSuggestions(
    '/diagnosis/get-all-server',
    typing?.text ?? '',
    (r) => ({ value: String(r.code), label: String(r.display_name ?? r.code) }),
    2,
  );
  const [known, setKnown] = useState<Record<string, string>>({});
  useEffect(() => {
    for (const s of suggestions) if (!known[s.value]) setKnown((k) => ({ ...k, [s.value]: s.label }));
  }, [suggestions, known]);
  const max = professional ? 12 : 25;
  const set = (next: Dx[]) => p.onChange(next, p.fieldPathId.path);
  const add = () => {
    if (rows.length < max) {
      set([...rows, {}]);
      setFocusNew(rows.length);
    }
  };
  const errs = (row: number) =>
    (p.errorSchema as Record<number, { code?: { __errors?: string[] } }> | undefined)?.[row]?.code?.__errors ?? [];
  const top = (p.errorSchema as (ErrorSchema & { __errors?: string[] }) | undefined)?.__errors ?? [];

  return (
    <Box component="section" aria-label={t('claims.dx.title')} sx={{ my: 1 }}>
      {top.map((m) => (
        <Typography key={m} role="alert" data-error-for="diagnoses" sx={{ color: 'error.main', fontSize: 12 }}>
          {m}
        </Typography>
      ))}
      <Box
        ref={grid}
        onKeyDown={(e) => enterMovesOn(grid.current, e, add)}
        data-testid="diagnoses"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 1 }}
      >
        {rows.map((d, row) => (
          <Box key={row} data-row={row} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
            <Typography sx={{ width: 18, pt: 1, fontWeight: 700 }}>{LETTERS[row]}</Typography>
            <TextField
              size="small"
              label={`${t('claims.dx.code')} ${LETTERS[row]}`}
              value={typing?.row === row ? typing.text : (d.code ?? '')}
              sx={{ width: 130 }}
              error={errs(row).length > 0}
              helperText={errs(row).join(' ') || (d.code ? (known[d.code.toUpperCase()] ?? ' ') : ' ')}
              onChange={(e) => {
                const v = e.target.value.toUpperCase().split(' ')[0];
                setTyping({ row, text: v });
                set(rows.map((x, i) => (i === row ? { ...x, code: v || undefined } : x)));
              }}
              onBlur={() => setTyping(null)}
              slotProps={{
                htmlInput: { list: 'claim-diagnoses', maxLength: 17 },
                formHelperText: { sx: { maxWidth: 220 } },
              }}
            />
            {!professional && (
              <TextField
                select
                size="small"
                label={t('claims.dx.poa')}
                value={d.poa ?? ''}
                sx={{ width: 80 }}
                onChange={(e) => set(rows.map((x, i) => (i === row ? { ...x, poa: e.target.value || undefined } : x)))}
              >
                <MenuItem value="">—</MenuItem>
                {['Y', 'N', 'U', 'W', '1'].map((v) => (
                  <MenuItem key={v} value={v}>
                    {v}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <IconButton
              size="small"
              tabIndex={-1}
              aria-label={`${t('claims.dx.remove')} ${LETTERS[row]}`}
              onClick={() => set(rows.filter((_, i) => i !== row))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <datalist id="claim-diagnoses">
        {suggestions.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
      <Button size="small" onClick={add} disabled={rows.length >= max}>
        {t('claims.dx.add')}
      </Button>
    </Box>
  );
}
