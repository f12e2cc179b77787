import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useEffect, useState } from 'react';
import { distributionProblems, GROUPS, lineGap, proposedAdjustments } from '../../../domain/payments/distribution.ts';
import { cents, emptyEntry, payerSaid, typedPostings, type Claim, type Entry } from './distribution-entries.ts';
import { formatCents } from '../../../domain/money-input.ts';
import { describeAdjustment } from '../../../domain/x12/code-meanings.ts';
import type { CommandDialogProps } from '../../dialogs/dialog-registry.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { ApiError, api } from '../../session/api.ts';
import { SEARCH_PAUSE_MS } from '../../app/search-pause.ts';

const dollars = (c: number) => formatCents(c);
/** Where the screen remembers the patient-share reason a payer usually answers (PR-1, 2 or 3), per browser. */
const usualKey = (payer: unknown) => `distribution.patient-reason.${String(payer ?? '')}`;
const usualPatientReason = (payer: unknown) => {
  try {
    return localStorage.getItem(usualKey(payer)) ?? '2';
  } catch {
    return '2';
  }
};

/**
 * The distribution of a payment over service lines, worked from the keyboard: find the patient's
 * claims (one match opens by itself), then for each line the allowed amount, what is paid, each
 * adjustment (group, CARC with its meaning, amount), and a refile to the next payer. Each line shows
 * what it leaves unexplained and the payment what is left to distribute. Once allowed and paid are typed,
 * the line proposes CO-45 and the patient's share (the payer's usual PR reason), taken with Enter. Save is
 * offered when every line balances and the payment is not over-distributed — a partly distributed check is
 * saved and finished later (it closes only whole); the server checks the same rules.
 */
export default function DistributionDialog({ record, title, onClose }: CommandDialogProps) {
  const { t, locale } = useI18n();
  const amount = Number(record.amount ?? 0);
  const before = Number(record.distributed ?? 0);
  const [search, setSearch] = useState('');
  const [claims, setClaims] = useState<Claim[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [server, setServer] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);
  const [busy, setBusy] = useState(false);
  // The adjustment just added by hand, whose reason takes the focus.
  const [added, setAdded] = useState<string | null>(null);
  const payer = record.insurance_company_id;
  const patientReason = usualPatientReason(payer);
  const L = (k: string, o?: Record<string, unknown>) => t(`payments.distribution.${k}`, o);

  useEffect(() => {
    const q = search.trim();
    // Until a search of 3 or more characters, the claims attached to the payment (a check keyed with its claims).
    const attached = q.length < 3;
    let live = true;
    const timer = setTimeout(
      () => {
        api<Claim[]>(`/payments/batch/${String(record.payment_batch_id)}/payment/${record.id}/claims`, {
          query: attached ? {} : { query: q },
        })
          .then((c) => {
            if (!live) return;
            setClaims(attached && !c.length ? null : c);
            if (c.length === 1) setOpen(c[0].id);
          })
          .catch(() => live && setClaims(attached ? null : []));
      },
      attached ? 0 : SEARCH_PAUSE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, record.id, record.payment_batch_id]);

  const lines = (claims ?? []).flatMap((c) => c.lines);
  const { touched, postings } = typedPostings(lines, entries);
  const problems = touched.length
    ? distributionProblems(amount, before, postings, (i) => L('line', { procedure: touched[i].procedure }))
    : {};
  const distributed = before + postings.reduce((n, p) => n + p.paid, 0);
  const entry = (id: number) => entries[id] ?? emptyEntry();
  const set = (id: number, patch: Partial<Entry>) => {
    setEntries({ ...entries, [id]: { ...entry(id), ...patch } });
    setServer(null);
  };
  const setAdj = (id: number, k: number, patch: Partial<Entry['adjustments'][number]>) =>
    set(id, { adjustments: entry(id).adjustments.map((a, i) => (i === k ? { ...a, ...patch } : a)) });

  async function save() {
    setBusy(true);
    try {
      const saved = await api<Record<string, unknown>>(`/payments/batch/${String(record.payment_batch_id)}/services`, {
        method: 'POST',
        body: {
          payment_id: record.id,
          services: touched.map((l, i) => ({
            ...postings[i],
            allowed: entries[l.id].allowed === '' ? null : cents(entries[l.id].allowed),
            ...(entries[l.id].next_responsibility
              ? { next_responsibility: entries[l.id].next_responsibility, refile_reason: entries[l.id].refile_reason }
              : {}),
          })),
        },
      });
      // The payer's patient-share reason this check used becomes its usual one.
      const pr = postings.flatMap((p) => p.adjustments).find((a) => a.group === 'PR' && /^[123]$/.test(a.reason));
      if (pr) {
        try {
          localStorage.setItem(usualKey(payer), pr.reason);
        } catch {
          // A browser that keeps nothing proposes PR-2 next time.
        }
      }
      onClose({ ...record, distributed: saved.distributed });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setServer({ message: e.message, errors: e.errors });
      else setServer({ message: e instanceof Error ? e.message : String(e), errors: {} });
    } finally {
      setBusy(false);
    }
  }

  const money = (label: string, value: string, onChange: (v: string) => void, onEnter?: () => void) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onEnter) {
          e.preventDefault();
          onEnter();
        }
      }}
      sx={{ width: 96 }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': label, style: { textAlign: 'right' } } }}
    />
  );

  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby="distribution-title"
      maxWidth="lg"
      fullWidth
      data-testid="distribution-dialog"
    >
      <DialogTitle id="distribution-title">
        {title} · {String(record.reference ?? '')}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 3, mb: 1.5, flexWrap: 'wrap' }} data-testid="distribution-totals">
          <Typography>
            {L('amount')}: <b>{dollars(amount)}</b>
          </Typography>
          <Typography>
            {L('distributed')}: <b data-testid="distributed">{dollars(distributed)}</b>
          </Typography>
          <Typography color={distributed === amount ? 'success.main' : 'warning.main'}>
            {L('left')}: <b data-testid="left">{dollars(amount - distributed)}</b>
          </Typography>
        </Box>
        <TextField
          autoFocus
          size="small"
          fullWidth
          label={L('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': L('search') } }}
        />
        {server && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {server.message}
            {Object.values(server.errors)
              .flat()
              .map((m) => (
                <div key={m}>{m}</div>
              ))}
          </Alert>
        )}
        {claims && !claims.length && (
          <Typography sx={{ mt: 1 }} color="text.secondary">
            {L('none')}
          </Typography>
        )}
        {(claims ?? []).map((c) => (
          <Accordion
            key={c.id}
            expanded={open === c.id}
            onChange={(_e, x) => setOpen(x ? c.id : null)}
            disableGutters
            sx={{ mt: 1 }}
            data-testid={`claim-${c.code}`}
          >
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography>
                {c.code} · {c.patient_name} · {c.date_of_service}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              {c.payer_said_on && (
                <Typography sx={{ fontSize: 13, color: 'text.secondary' }} data-testid={`payer-said-${c.code}`}>
                  {L('payer_said', {
                    on: c.payer_said_on,
                    deductible: dollars(c.payer_deductible_remaining ?? 0),
                    copay: dollars(c.payer_copay ?? 0),
                  })}
                </Typography>
              )}
              {c.lines.map((l) => {
                const e = entry(l.id);
                const idx = touched.findIndex((x) => x.id === l.id);
                const errs =
                  idx >= 0
                    ? Object.entries(problems)
                        .filter(([k]) => k.startsWith(`services.${idx}.`))
                        .flatMap(([, m]) => m)
                    : [];
                const gap = idx >= 0 ? lineGap(postings[idx]) : l.charge;
                const pr = e.adjustments.filter((a) => a.group === 'PR').reduce((n, a) => n + cents(a.amount), 0);
                const proposal =
                  e.adjustments.length || e.allowed === '' || e.paid === ''
                    ? []
                    : proposedAdjustments(
                        l.charge,
                        cents(e.allowed),
                        cents(e.paid),
                        patientReason,
                        l.copay,
                        payerSaid(c, l.id, entries),
                      );
                const accept = proposal.length
                  ? () =>
                      set(l.id, {
                        adjustments: proposal.map((a) => ({ ...a, amount: formatCents(a.amount) })),
                      })
                  : undefined;
                return (
                  <Box key={l.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }} data-testid={`line-${l.id}`}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ width: 190 }}>
                        {l.procedure} · {l.from_service}
                      </Typography>
                      <Typography sx={{ width: 120 }}>
                        {L('charge')} {dollars(l.charge)}
                      </Typography>
                      <Typography sx={{ width: 140 }} color="text.secondary">
                        {L('balance')} {dollars(l.balance)}
                      </Typography>
                      {money(L('allowed'), e.allowed, (v) => set(l.id, { allowed: v }), accept)}
                      {money(L('paid'), e.paid, (v) => set(l.id, { paid: v }), accept)}
                      <Typography sx={{ width: 150 }}>
                        {L('patient')} {dollars(pr)}
                      </Typography>
                      <Typography
                        sx={{ width: 160 }}
                        color={gap === 0 ? 'success.main' : 'error.main'}
                        data-testid={`gap-${l.id}`}
                      >
                        {L('unexplained')} {dollars(gap)}
                      </Typography>
                    </Box>
                    {accept && (
                      <Button size="small" sx={{ ml: 4, mt: 1 }} onClick={accept} data-testid={`propose-${l.id}`}>
                        {L('propose', {
                          codes: proposal.map((a) => `${a.group}-${a.reason} ${dollars(a.amount)}`).join(' · '),
                        })}
                      </Button>
                    )}
                    {e.adjustments.map((a, k) => (
                      <Box key={k} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, ml: 4 }}>
                        <TextField
                          select
                          size="small"
                          label={L('group')}
                          value={a.group}
                          onChange={(x) => setAdj(l.id, k, { group: x.target.value })}
                          sx={{ width: 90 }}
                          slotProps={{ htmlInput: { 'aria-label': L('group') } }}
                        >
                          {GROUPS.map((g) => (
                            <MenuItem key={g} value={g}>
                              {g}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField
                          size="small"
                          label={L('reason')}
                          value={a.reason}
                          onChange={(x) => setAdj(l.id, k, { reason: x.target.value })}
                          sx={{ width: 90 }}
                          autoFocus={added === `${l.id}:${k}`}
                          slotProps={{ htmlInput: { 'aria-label': L('reason'), maxLength: 5 } }}
                        />
                        {money(L('adjustment'), a.amount, (v) => setAdj(l.id, k, { amount: v }))}
                        <Typography variant="caption" sx={{ flex: 1 }}>
                          {a.reason ? describeAdjustment(a.group, a.reason.trim().toUpperCase(), locale) : ''}
                        </Typography>
                        <IconButton
                          aria-label={L('remove_adjustment')}
                          size="small"
                          onClick={() => set(l.id, { adjustments: e.adjustments.filter((_, i) => i !== k) })}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Box>
                    ))}
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, ml: 4 }}>
                      <Button
                        size="small"
                        onClick={() => {
                          setAdded(`${l.id}:${e.adjustments.length}`);
                          set(l.id, { adjustments: [...e.adjustments, { group: 'CO', reason: '', amount: '' }] });
                        }}
                      >
                        {L('add_adjustment')}
                      </Button>
                      <TextField
                        select
                        size="small"
                        label={L('refile')}
                        value={e.next_responsibility}
                        onChange={(x) => set(l.id, { next_responsibility: x.target.value })}
                        sx={{ width: 160 }}
                        slotProps={{ htmlInput: { 'aria-label': L('refile') } }}
                      >
                        <MenuItem value="">
                          <em>—</em>
                        </MenuItem>
                        <MenuItem value="S">{L('secondary')}</MenuItem>
                        <MenuItem value="T">{L('tertiary')}</MenuItem>
                      </TextField>
                      {e.next_responsibility && (
                        <TextField
                          size="small"
                          label={L('refile_reason')}
                          value={e.refile_reason}
                          onChange={(x) => set(l.id, { refile_reason: x.target.value })}
                          sx={{ width: 240 }}
                        />
                      )}
                    </Box>
                    {errs.map((m) => (
                      <Typography key={m} role="alert" sx={{ color: 'error.main', fontSize: 12, ml: 4 }}>
                        {m}
                      </Typography>
                    ))}
                  </Box>
                );
              })}
            </AccordionDetails>
          </Accordion>
        ))}
        {problems.amount && touched.length > 0 && (
          <Typography role="status" sx={{ mt: 1, color: 'warning.main' }}>
            {problems.amount[0]}
          </Typography>
        )}
        {!problems.amount && touched.length > 0 && distributed < amount && (
          <Typography role="status" sx={{ mt: 1, color: 'text.secondary' }} data-testid="partial">
            {L('partial')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{L('cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || !touched.length || Object.keys(problems).length > 0}
        >
          {L('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
