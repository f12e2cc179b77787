import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { centsFromEntry } from '../../../domain/money-input.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { ApiError, api } from '../../session/api.ts';
import { can } from '../../shell/me.ts';
import { useMe } from '../../shell/me-context.ts';

export type CodeKind = 'procedure' | 'modifier';
const COMPLETE: Record<CodeKind, RegExp> = { procedure: /^[A-Z0-9]{5}$/, modifier: /^[A-Z0-9]{2}$/ };

/**
 * Whether a typed code is in the billing company's code list (the shipped set or its own codes): asked
 * once the code is complete, so a biller learns at the cell, not at verification, that 99214 must be added.
 */
function useMissing(kind: CodeKind, code: string): [boolean, () => void] {
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setMissing(false);
    if (!COMPLETE[kind].test(code)) return;
    let live = true;
    const timer = setTimeout(() => {
      api(`/${kind}/get-by-code/${encodeURIComponent(code)}`)
        .then(() => live && setMissing(false))
        .catch((e) => live && setMissing(e instanceof ApiError && e.status === 404));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, code]);
  return [missing, () => setMissing(false)];
}

/**
 * Under a procedure or modifier cell: "99214 is not in your code list" and, for whoever may add codes,
 * "Add to code list" with the short description the biller writes (the AMA licenses CPT: the product
 * ships none) and, for a procedure, the price it bills. The code becomes the billing company's own.
 */
export function AddCodeOffer({
  kind,
  code,
  onAdded,
}: {
  kind: CodeKind;
  code: string;
  onAdded?(price: number | null): void;
}) {
  const { t } = useI18n();
  const { me } = useMe();
  const [missing, added] = useMissing(kind, code);
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [priceText, setPriceText] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  if (!missing) return null;
  const mayAdd = !!me && can(me, `${kind}.create`);
  const save = async () => {
    setSaving(true);
    const price = centsFromEntry(priceText);
    const body =
      kind === 'procedure'
        ? {
            code,
            short_description: description.trim(),
            description: description.trim(),
            ...(price !== null ? { price } : {}),
          }
        : { code, description: description.trim(), type: 'CPT' };
    try {
      await api(`/${kind}`, { method: 'POST', body });
      setOpen(false);
      added();
      onAdded?.(kind === 'procedure' ? price : null);
    } catch (e) {
      setErrors(
        e instanceof ApiError
          ? { ...e.errors, ...(Object.keys(e.errors).length ? {} : { code: [e.message] }) }
          : { code: [String(e)] },
      );
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (f: string) => errors[f]?.join(' ');
  return (
    <Box sx={{ maxWidth: 220 }} data-testid={`missing-${kind}-${code}`}>
      <Typography sx={{ fontSize: 11, color: 'warning.dark' }}>{t('claims.codes.missing', { code })}</Typography>
      {mayAdd ? (
        <Button
          size="small"
          tabIndex={-1}
          sx={{ p: 0, minWidth: 0, fontSize: 11 }}
          onClick={() => {
            setErrors({});
            setOpen(true);
          }}
        >
          {t('claims.codes.add')}
        </Button>
      ) : (
        <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>{t('claims.codes.ask')}</Typography>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`add-${kind}-${code}`}>
        <DialogTitle id={`add-${kind}-${code}`} sx={{ fontSize: 16 }}>
          {t(`claims.codes.title_${kind}`, { code })}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important', minWidth: 360 }}>
          <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{t('claims.codes.why')}</Typography>
          {fieldError('code') && (
            <Typography role="alert" sx={{ color: 'error.main', fontSize: 12 }}>
              {fieldError('code')}
            </Typography>
          )}
          <TextField
            autoFocus
            size="small"
            label={t('claims.codes.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: kind === 'procedure' ? 60 : 255 } }}
            error={!!(fieldError('short_description') ?? fieldError('description'))}
            helperText={
              fieldError('short_description') ?? fieldError('description') ?? t('claims.codes.description_hint')
            }
          />
          {kind === 'procedure' && (
            <TextField
              size="small"
              label={t('claims.codes.price')}
              value={priceText}
              onChange={(e) => setPriceText(e.target.value)}
              inputMode="decimal"
              error={!!fieldError('price')}
              helperText={fieldError('price') ?? t('claims.codes.price_hint')}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('claims.codes.cancel')}</Button>
          <Button variant="contained" disabled={saving || !description.trim()} onClick={() => void save()}>
            {t('claims.codes.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
