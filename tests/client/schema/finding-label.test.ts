import { describe, expect, it } from 'vitest';
import { findingLabel } from '../../../src/client/resources/finding-label.ts';
import { entityByName } from '../../../src/client/schema/entities.ts';

const t = ((key: string, o?: { _?: string; row?: number }) =>
  key === 'record.finding_row' ? `row ${o?.row}` : (o?._ ?? key)) as Parameters<typeof findingLabel>[3];

/** A command's refusal lists its findings by field: the person reads the field's label, never its storage name. */
describe("a refusal's findings name their fields in words", () => {
  it("an admission's transfer refused for its claim's policies says Insurance policies, not insurance_policy_ids", () => {
    expect(findingLabel(entityByName('admission')!, 'insurance_policy_ids', 'en', t)).toBe('Insurance policies');
    expect(findingLabel(entityByName('admission')!, 'insurance_policy_ids', 'es', t)).toBe('Pólizas de seguro');
  });

  it("a line's field says which line and the field's label", () => {
    expect(findingLabel(entityByName('claim')!, 'services.2.price', 'en', t)).toBe('Services, row 3: Price');
    expect(findingLabel(entityByName('claim')!, 'services.0.days_or_units', 'es', t)).toBe(
      'Servicios, row 1: Días/unidades',
    );
  });
});
