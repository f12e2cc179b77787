import { Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n.ts';
import { api } from '../../session/api.ts';
import { codeLists } from '../../schema/entities.ts';
import { useMe } from '../../shell/me-context.ts';
import { can } from '../../shell/me.ts';
import { openFilteredList } from '../../shell/open-record.ts';
import { useShell } from '../../shell/shell-context.ts';
import { notifyError } from '../../notify/notify-error.ts';

/** P, S, T… as the responsibility code list spells them. */
const responsibilityCode = (id: number) =>
  codeLists.get('responsibility-types')?.items.find((i) => i.id === id)?.code ?? '';

interface Eligibility {
  state: string;
  coverage: string | null;
  asked_at: string;
  words: string;
}

interface Policy {
  id: number;
  name: string;
  type_responsibility_id: number;
  insurance_company_id: number;
  eff_date?: string;
  end_date?: string;
  /** the payer's latest answer about the policy, in words (absent to those who may not read eligibility) */
  eligibility?: Eligibility | null;
}

/** The claim's first date of service as its lines hold it (mm/dd/yyyy), for the payer to be asked about that day. */
const firstServiceDate = (form: Record<string, unknown>) =>
  ((form.services as Array<Record<string, unknown>> | undefined) ?? [])
    .map((l) => String(l.from_service ?? ''))
    .filter((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d))
    .sort((a, b) =>
      a
        .slice(6)
        .concat(a.slice(0, 5))
        .localeCompare(b.slice(6).concat(b.slice(0, 5))),
    )[0];

/** The patient's active policies, primary first, to bill on this claim; none is self pay. */
export function ClaimPolicies(p: FieldProps<number[]>) {
  const { t } = useI18n();
  const { me } = useMe();
  const { openByName } = useShell();
  // The payer's billing guidelines, a click away from the claim being written for it.
  const guidelines = can(me, 'guideline.view');
  const mayAsk = can(me, 'patient.eligibility.check');
  const [asking, setAsking] = useState<number | null>(null);
  const form = (p.registry.formContext?.formData ?? {}) as Record<string, unknown>;
  const patient = form.patient_id;
  const [policies, setPolicies] = useState<Policy[] | null>(null);
  const chosen = (p.formData ?? []).filter((x) => x !== null && x !== undefined);
  useEffect(() => {
    if (!patient) {
      setPolicies([]);
      return;
    }
    let live = true;
    api<Policy[]>(`/claim/get-list-insurance-policies/${String(patient)}`)
      .then((r) => {
        if (live) setPolicies(r);
      })
      .catch(() => live && setPolicies([]));
    return () => {
      live = false;
    };
  }, [patient]);
  // The payer asked now (real time) or through the next file; the answer in words replaces the policy's last one.
  const ask = async (policy: Policy) => {
    setAsking(policy.id);
    try {
      const said = await api<{ message: string; check: { state: string; coverage: string | null } }>(
        '/eligibility/ask',
        {
          method: 'POST',
          body: { insurance_policy_id: policy.id, date_of_service: firstServiceDate(form) },
        },
      );
      setPolicies(
        (ps) =>
          ps?.map((x) =>
            x.id === policy.id
              ? {
                  ...x,
                  eligibility: { ...said.check, asked_at: t('claims.policies.just_now'), words: said.message },
                }
              : x,
          ) ?? ps,
      );
    } catch (e) {
      notifyError(t, e);
    } finally {
      setAsking(null);
    }
  };
  const errors = (p.errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, my: 1 }} aria-label={t('claims.policies.title')}>
      <Typography component="legend" sx={{ fontSize: 13, color: 'text.secondary' }}>
        {t('claims.policies.title')}
      </Typography>
      {patient === undefined || patient === null ? (
        <Typography sx={{ fontSize: 13 }}>{t('claims.policies.pick_patient')}</Typography>
      ) : null}
      {policies?.map((pol) => (
        <Box key={pol.id}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <FormControlLabel
              label={`${responsibilityCode(pol.type_responsibility_id)} · ${pol.name}${pol.end_date ? ` (${t('claims.policies.until')} ${pol.end_date})` : ''}`}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(pol.id)}
                  onChange={(e) =>
                    p.onChange(
                      e.target.checked ? [...chosen, pol.id] : chosen.filter((x) => x !== pol.id),
                      p.fieldPathId.path,
                    )
                  }
                />
              }
            />
            {guidelines && (
              <Button
                size="small"
                onClick={() =>
                  openFilteredList(openByName, 'Guidelines', { insurance_company_id: pol.insurance_company_id })
                }
              >
                {t('claims.policies.guidelines')}
              </Button>
            )}
            {mayAsk && (
              <Button size="small" disabled={asking !== null} onClick={() => void ask(pol)}>
                {asking === pol.id ? t('claims.policies.asking') : t('claims.policies.check_eligibility')}
              </Button>
            )}
          </Box>
          {pol.eligibility && (
            <Typography
              data-testid={`eligibility-${pol.id}`}
              role="status"
              sx={{
                fontSize: 12,
                ml: 4,
                color:
                  pol.eligibility.coverage === 'inactive' || pol.eligibility.state === 'failed'
                    ? 'error.main'
                    : 'text.secondary',
              }}
            >
              {t('claims.policies.payer_said', { when: pol.eligibility.asked_at })} {pol.eligibility.words}
            </Typography>
          )}
        </Box>
      ))}
      {patient !== undefined && patient !== null && policies?.length === 0 ? (
        <Typography sx={{ fontSize: 13 }}>{t('claims.policies.self_pay')}</Typography>
      ) : null}
      {errors.map((m) => (
        <Typography key={m} role="alert" sx={{ color: 'error.main', fontSize: 12 }}>
          {m}
        </Typography>
      ))}
    </Box>
  );
}
