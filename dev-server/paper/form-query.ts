import type { Request } from 'express';
import { invalid } from '../http/errors.ts';
import type { FormMode, FormOffsets } from './paper-form-pdf.ts';

/** ?mode=data|full&left=&top=: data only (pre-printed red forms, the default) or the form drawn too; offsets in points, 0–72. */
export function formQuery(req: Request): { mode: FormMode; offsets: Partial<FormOffsets> } {
  const mode = (req.query.mode ?? 'data') as string;
  if (mode !== 'data' && mode !== 'full')
    throw invalid({
      mode: ['The mode must be data (for pre-printed forms) or full (the form drawn, for plain paper).'],
    });
  const offset = (name: 'left' | 'top') => {
    const v = req.query[name];
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 72)
      throw invalid({ [name]: [`The ${name} offset must be between 0 and 72 points.`] });
    return n;
  };
  return { mode, offsets: { left: offset('left'), top: offset('top') } };
}
