import type { Request } from 'express';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { FormMode, FormOffsets } from './paper-form-pdf.ts';

/** ?mode=data|full&left=&top=: data only (pre-printed red forms, the default) or the form drawn too; offsets in points, 0–72. */
export function formQuery(req: Request): { mode: FormMode; offsets: Partial<FormOffsets> } {
  const mode = (req.query.mode ?? 'data') as string;
  if (mode !== 'data' && mode !== 'full') throw invalid({ mode: [problem('mode_data_pre_printed_forms_full')] });
  const offset = (name: 'left' | 'top') => {
    const v = req.query[name];
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 72)
      throw invalid({ [name]: [problem('name_offset_between_0_72_points', { name })] });
    return n;
  };
  return { mode, offsets: { left: offset('left'), top: offset('top') } };
}
