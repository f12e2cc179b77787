import { anesthesiaTimeUnits, isAnesthesia } from '../../../domain/claims/anesthesia.ts';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { claimTotals, lineCharge } from '../../../domain/claims/claim-amounts.ts';
import { completeDateEntry } from '../../../domain/date-entry.ts';
import { centsFromEntry, formatCents } from '../../../domain/money-input.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { enterMovesOn, focusRow } from './grid-keys.ts';
import { clean } from './line-values.ts';
import { useSuggestions } from './use-suggestions.ts';
import { AddCodeOffer } from './AddCodeOffer.tsx';

type Line = Record<string, unknown>;

/** Where a grid looks codes up as they are typed: a claim's own calls, or an admission's (its company's programs). */
export interface LineLookups {
  procedures(form: Record<string, unknown>): string | null;
  revenues(form: Record<string, unknown>): string;
  /** revenue-code lines whatever the form says (an admission is always institutional) */
  institutional?: boolean;
}
const CLAIM_LOOKUPS: LineLookups = {
  procedures: (form) => (form.company_id ? `/claim/procedures/${String(form.company_id)}` : null),
  revenues: () => '/claim/get-list-claim-services',
};
const LETTERS = 'ABCDEFGHIJKL';

/** The cell's own errors (client rules and the server's answer), from RJSF's error schema of the lines. */
const cellErrors = (es: ErrorSchema | undefined, row: number, col: string): string[] => [
  ...new Set((es as Record<number, Record<string, { __errors?: string[] }>> | undefined)?.[row]?.[col]?.__errors ?? []),
];

function Cell({
  row,
  col,
  value,
  onChange,
  errors,
  width,
  label,
  list,
  onBlur,
  align,
  children,
}: {
  row: number;
  col: string;
  value: string;
  onChange(v: string): void;
  errors: string[];
  width: number;
  label: string;
  list?: string;
  onBlur?(): void;
  align?: 'right';
  children?: React.ReactNode;
}) {
  return (
    <TableCell sx={{ p: 0.25, verticalAlign: 'top' }}>
      <Box
        component="input"
        aria-label={`${label} ${row + 1}`}
        aria-invalid={errors.length > 0}
        data-cell={`${row}:${col}`}
        list={list}
        value={value}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        onBlur={onBlur}
        title={errors.join(' ')}
        sx={{
          width,
          font: 'inherit',
          fontSize: 13,
          p: '4px 6px',
          textAlign: align,
          border: 1,
          borderRadius: 0.5,
          borderColor: errors.length ? 'error.main' : 'divider',
          bgcolor: 'background.paper',
          color: 'text.primary',
          outlineColor: 'primary.main',
        }}
      />
      {errors.map((m) => (
        <Typography
          key={m}
          role="alert"
          data-error-for={`${row}:${col}`}
          sx={{ color: 'error.main', fontSize: 11, maxWidth: Math.max(width, 120) }}
        >
          {m}
        </Typography>
      ))}
      {children}
    </TableCell>
  );
}

/**
 * The claim's service lines as a grid worked from the keyboard: Tab or Enter to the next cell, Enter
 * on the last cell opens a new line; procedure, modifier and revenue codes looked up as you type;
 * pointer letters from the diagnoses above; each line's charge and the claim's total as you type;
 * every error on the cell it concerns. Institutional claims show revenue codes, professional ones
 * place of service and pointers.
 */
export function ServiceLineEditor(p: FieldProps<Line[]> & { lookups?: LineLookups }) {
  const { t } = useI18n();
  const lines = (p.formData ?? []) as Line[];
  const form = (p.registry.formContext?.formData ?? {}) as Record<string, unknown>;
  const lookups = p.lookups ?? CLAIM_LOOKUPS;
  const professional = !lookups.institutional && Number(form.format_id ?? 1) === 1;
  const diagnoses = (Array.isArray(form.diagnoses) ? form.diagnoses : []) as Array<{ code?: string }>;
  const grid = useRef<HTMLDivElement>(null);
  const [focusNew, setFocusNew] = useState<number | null>(null);
  const [typing, setTyping] = useState<{ row: number; col: string; text: string } | null>(null);
  const [moneyText, setMoneyText] = useState<Record<string, string>>({});
  useEffect(() => {
    if (focusNew !== null) {
      focusRow(grid.current, focusNew);
      setFocusNew(null);
    }
  }, [focusNew, lines.length]);

  const set = (next: Line[]) => p.onChange(next, p.fieldPathId.path);
  const update = (row: number, patch: Line) => set(lines.map((l, i) => (i === row ? clean({ ...l, ...patch }) : l)));
  const addLine = () => {
    const last = lines[lines.length - 1];
    // A new line starts on the previous line's date and place: most claims bill one visit.
    set([
      ...lines,
      clean({
        from_service: last?.from_service,
        to_service: last?.to_service,
        place_of_service: last?.place_of_service,
      }),
    ]);
    setFocusNew(lines.length);
  };
  const remove = (row: number) => set(lines.filter((_, i) => i !== row));

  const procedures = useSuggestions(
    lookups.procedures(form),
    typing?.col === 'procedure_code' ? typing.text : '',
    (r) => ({ value: String(r.code ?? r.id), label: String(r.name), price: Number(r.price ?? 0) }),
  );
  const revenues = useSuggestions(
    lookups.revenues(form),
    typing?.col === 'revenue_code' ? typing.text : '',
    (r) => ({ value: String(r.id), label: String(r.name) }),
    1,
  );
  const modifiers = useSuggestions(
    '/modifier/get-all-server',
    typing?.col === 'modifiers' ? (typing.text.split(/[\s,]+/).pop() ?? '') : '',
    (r) => ({ value: String(r.code), label: String(r.display_name ?? r.code) }),
    1,
  );

  const text = (row: number, col: string) => (typing?.row === row && typing.col === col ? typing.text : undefined);
  const errs = (row: number, col: string) => cellErrors(p.errorSchema as unknown as ErrorSchema, row, col);
  const L = (k: string) => t(`claims.lines.${k}`);
  // What the contracts expect of each line, as the claim was last verified: shown once any line has a price.
  const priced = lines.some((l) => l.expected_allowed !== undefined && l.expected_allowed !== null);
  // Anesthesia is billed in minutes (SV103 MJ, box 24G): their column shows once a line has an anesthesia code.
  const anesthesia = professional && lines.some((l) => isAnesthesia(l.procedure_code) || l.minutes !== undefined);
  const dateCell = (row: number, col: 'from_service' | 'to_service', width = 92) => (
    <Cell
      row={row}
      col={col}
      label={L(col)}
      width={width}
      errors={errs(row, col)}
      value={text(row, col) ?? String(lines[row][col] ?? '')}
      onChange={(v) => setTyping({ row, col, text: v })}
      onBlur={() => {
        if (text(row, col) !== undefined) {
          const v = typing!.text.trim();
          update(row, { [col]: v ? (completeDateEntry(v) ?? v) : undefined });
          setTyping(null);
        }
      }}
    />
  );
  const moneyCell = (row: number, col: 'price' | 'copay') => {
    const key = `${row}:${col}`;
    return (
      <Cell
        row={row}
        col={col}
        label={L(col)}
        width={84}
        align="right"
        errors={errs(row, col)}
        value={moneyText[key] ?? (lines[row][col] === undefined ? '' : formatCents(Number(lines[row][col])))}
        onChange={(v) => {
          setMoneyText({ ...moneyText, [key]: v });
          update(row, { [col]: centsFromEntry(v) ?? undefined });
        }}
        onBlur={() => {
          const { [key]: _gone, ...rest } = moneyText;
          setMoneyText(rest);
        }}
      />
    );
  };
  const codeCell = (row: number, col: 'procedure_code' | 'revenue_code', list: string, width: number) => (
    <Cell
      row={row}
      col={col}
      label={L(col)}
      width={width}
      list={list}
      errors={errs(row, col)}
      value={text(row, col) ?? String(lines[row][col] ?? '')}
      onChange={(v) => {
        const code = v.trim().toUpperCase().split(' ')[0];
        setTyping({ row, col, text: v });
        const picked = col === 'procedure_code' ? procedures.find((s) => s.value === code) : undefined;
        update(row, {
          [col]: code || undefined,
          ...(picked && lines[row].price === undefined && picked.price ? { price: picked.price } : {}),
        });
      }}
      onBlur={() => setTyping(null)}
    >
      {col === 'procedure_code' && typeof lines[row].procedure_code === 'string' && (
        <AddCodeOffer
          kind="procedure"
          code={lines[row].procedure_code as string}
          onAdded={(price) => {
            if (price !== null && lines[row].price === undefined) update(row, { price });
          }}
        />
      )}
    </Cell>
  );
  const total = claimTotals(lines).billed;
  const letters = LETTERS.slice(0, Math.max(diagnoses.filter((d) => d?.code).length, 0));

  return (
    <Box component="section" aria-label={t('claims.lines.title')} sx={{ my: 1 }}>
      {((p.errorSchema as { __errors?: string[] } | undefined)?.__errors ?? []).map((m) => (
        <Typography key={m} role="alert" data-error-for="services" sx={{ color: 'error.main', fontSize: 12 }}>
          {m}
        </Typography>
      ))}
      <Box
        ref={grid}
        sx={{ overflowX: 'auto' }}
        onKeyDown={(e) => enterMovesOn(grid.current, e, addLine)}
        data-testid="service-lines"
      >
        <Table size="small" sx={{ '& th': { fontSize: 12, p: 0.5, whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{L('from_service')}</TableCell>
              <TableCell>{L('to_service')}</TableCell>
              {!professional && <TableCell>{L('revenue_code')}</TableCell>}
              <TableCell>{L('procedure_code')}</TableCell>
              <TableCell>{L('modifiers')}</TableCell>
              {professional && <TableCell>{L('place_of_service')}</TableCell>}
              {professional && (
                <TableCell>
                  {L('diagnosis_pointers')}
                  {letters ? ` (${letters.split('').join(' ')})` : ''}
                </TableCell>
              )}
              <TableCell>{L('days_or_units')}</TableCell>
              {anesthesia && <TableCell>{L('minutes')}</TableCell>}
              <TableCell>{L('price')}</TableCell>
              <TableCell>{L('line_charge')}</TableCell>
              {priced && <TableCell>{L('expected_allowed')}</TableCell>}
              {professional && <TableCell>{L('copay')}</TableCell>}
              {professional && <TableCell>{L('emg')}</TableCell>}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, row) => (
              <TableRow key={row} data-row={row}>
                <TableCell sx={{ p: 0.5, fontSize: 12, color: 'text.secondary' }}>{row + 1}</TableCell>
                {dateCell(row, 'from_service')}
                {dateCell(row, 'to_service')}
                {!professional && codeCell(row, 'revenue_code', 'claim-revenue-codes', 64)}
                {codeCell(row, 'procedure_code', 'claim-procedures', 76)}
                <Cell
                  row={row}
                  col="modifiers"
                  label={L('modifiers')}
                  width={72}
                  list="claim-modifiers"
                  errors={errs(row, 'modifiers')}
                  value={text(row, 'modifiers') ?? ((l.modifiers as string[] | undefined) ?? []).join(' ')}
                  onChange={(v) => {
                    setTyping({ row, col: 'modifiers', text: v });
                    const m = v
                      .toUpperCase()
                      .split(/[\s,]+/)
                      .filter(Boolean)
                      .map((x) => x.split(' ')[0]);
                    update(row, { modifiers: m.length ? m : undefined });
                  }}
                  onBlur={() => setTyping(null)}
                >
                  {((l.modifiers as string[] | undefined) ?? []).map((m) => (
                    <AddCodeOffer key={m} kind="modifier" code={m} />
                  ))}
                </Cell>
                {professional && (
                  <Cell
                    row={row}
                    col="place_of_service"
                    label={L('place_of_service')}
                    width={40}
                    errors={errs(row, 'place_of_service')}
                    value={String(l.place_of_service ?? '')}
                    onChange={(v) => update(row, { place_of_service: v.replace(/\D/g, '').slice(0, 2) || undefined })}
                  />
                )}
                {professional && (
                  <Cell
                    row={row}
                    col="diagnosis_pointers"
                    label={L('diagnosis_pointers')}
                    width={56}
                    errors={errs(row, 'diagnosis_pointers')}
                    value={((l.diagnosis_pointers as string[] | undefined) ?? []).join('')}
                    onChange={(v) => {
                      const ps = [
                        ...new Set(
                          v
                            .toUpperCase()
                            .replace(/[^A-L]/g, '')
                            .split(''),
                        ),
                      ].slice(0, 4);
                      update(row, { diagnosis_pointers: ps.length ? ps : undefined });
                    }}
                  />
                )}
                <Cell
                  row={row}
                  col="days_or_units"
                  label={L('days_or_units')}
                  width={60}
                  align="right"
                  errors={errs(row, 'days_or_units')}
                  value={String(l.days_or_units ?? '')}
                  onChange={(v) => update(row, { days_or_units: v.trim() || undefined })}
                />
                {anesthesia && (
                  <Cell
                    row={row}
                    col="minutes"
                    label={L('minutes')}
                    width={56}
                    align="right"
                    errors={errs(row, 'minutes')}
                    value={l.minutes === undefined || l.minutes === null ? '' : String(l.minutes)}
                    onChange={(v) => {
                      const n = v.replace(/\D/g, '').slice(0, 3);
                      update(row, { minutes: n ? Number(n) : undefined });
                    }}
                  >
                    {Number(l.minutes) > 0 && (
                      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {t('claims.lines.minutesInUnits', { units: anesthesiaTimeUnits(Number(l.minutes)) })}
                      </Typography>
                    )}
                  </Cell>
                )}
                {moneyCell(row, 'price')}
                <TableCell
                  sx={{ p: 0.5, fontSize: 13, textAlign: 'right', whiteSpace: 'nowrap' }}
                  data-testid={`line-charge-${row}`}
                >
                  {formatCents(lineCharge(l.days_or_units, l.price) ?? 0)}
                </TableCell>
                {priced && (
                  <TableCell
                    sx={{ p: 0.5, fontSize: 13, textAlign: 'right', whiteSpace: 'nowrap', color: 'text.secondary' }}
                    data-testid={`line-expected-${row}`}
                  >
                    {l.expected_allowed === undefined || l.expected_allowed === null
                      ? '—'
                      : formatCents(Number(l.expected_allowed))}
                  </TableCell>
                )}
                {professional && moneyCell(row, 'copay')}
                {professional && (
                  <TableCell sx={{ p: 0 }}>
                    <Checkbox
                      size="small"
                      checked={l.emg === true}
                      onChange={(e) => update(row, { emg: e.target.checked || undefined })}
                      slotProps={{ input: { 'aria-label': `${L('emg')} ${row + 1}` } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ p: 0 }}>
                  <IconButton
                    size="small"
                    aria-label={`${t('claims.lines.remove')} ${row + 1}`}
                    onClick={() => remove(row)}
                    tabIndex={-1}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <datalist id="claim-procedures">
        {procedures.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
      <datalist id="claim-revenue-codes">
        {revenues.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
      <datalist id="claim-modifiers">
        {modifiers.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button size="small" onClick={addLine}>
          {t('claims.lines.add')}
        </Button>
        <Typography sx={{ ml: 'auto', fontWeight: 700 }} data-testid="claim-total">
          {t('claims.lines.total')}: ${formatCents(total)}
        </Typography>
      </Box>
      <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>{t('claims.lines.keys')}</Typography>
    </Box>
  );
}
