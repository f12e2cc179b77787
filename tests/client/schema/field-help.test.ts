import { describe, expect, it } from 'vitest';
import { formFor } from '../../../src/client/schema/form-schema.ts';
import { entityByName } from '../../../src/client/schema/entities.ts';

const form = (entity: string, locale: 'en' | 'es', superUser = false) =>
  formFor(entityByName(entity)!, { superUser, locale }).uiSchema as Record<string, Record<string, unknown>>;

describe('a long explanation goes under its field, so that the label reads whole', () => {
  it("a field's help line shows in the reader's language, its label short", () => {
    expect(form('clearing-house-account', 'en').inbound_folder).toMatchObject({
      'ui:title': 'Inbound folder',
      'ui:help': '999, 277CA and 835 files come from here',
    });
    expect(form('clearing-house-account', 'es').inbound_folder).toMatchObject({
      'ui:title': 'Carpeta de entrada',
      'ui:help': 'De aquí vienen los 999, 277CA y 835',
    });
  });

  it("a shared code's billing company says under it what leaving it empty means", () => {
    expect(form('procedure', 'en', true).billing_company_id['ui:help']).toBe(
      'Empty: the code set every billing company reads',
    );
    expect(form('patient', 'en', true).billing_company_id['ui:help']).toBeUndefined();
  });
});
