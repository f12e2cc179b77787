import { describe, expect, it } from 'vitest';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { formFor } from '../../../src/client/schema/form-schema.ts';
import { entities, entityByName } from '../../../src/client/schema/entities.ts';
import { bulkFormEntity, bulkFormId, formId } from '../../../src/platform/form-schema.ts';

type Compiled = { schema: RJSFSchema; validators: Parameters<typeof createPrecompiledValidator>[0] };
const modules = import.meta.glob<{ forms: Record<string, Compiled> }>('../../../src/generated/forms/*.ts', {
  eager: true,
});
const compiled = (entity: string, id: string) => modules[`../../../src/generated/forms/${entity}.ts`]?.forms[id];
// As JSON: what the browser's form holds, without the client's own in-memory marks (a state field's machine).
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

describe("a form's checks are compiled ahead (the page may not make code: no 'unsafe-eval')", () => {
  it('every form the client builds, staff’s and a Super User’s, has its validator, for the very schema it shows', () => {
    for (const entity of entities)
      for (const superUser of [false, true]) {
        const form = compiled(entity.name, formId(entity, superUser));
        expect(form, `${entity.name} ${superUser}`).toBeDefined();
        expect(plain(formFor(entity, { superUser, locale: 'en' }).schema), entity.name).toEqual(form!.schema);
      }
  });

  it('every bulk change with fields has its form compiled', () => {
    for (const entity of entities)
      for (const bulk of (entity.resource.bulk ?? []).filter((b) => b.fields.length)) {
        const form = compiled(entity.name, bulkFormId(entity, bulk));
        expect(form, `${entity.name} ${bulk.path}`).toBeDefined();
        // The client names a bulk form by the bulk change, not as a record's form.
        const { $id: _, ...shown } = plain(
          formFor(bulkFormEntity(entity, bulk), { superUser: false, locale: 'en' }).schema,
        );
        const { $id: __, ...built } = form!.schema;
        expect(shown).toEqual(built);
      }
  });

  const patient = () => {
    const form = compiled('patient', formId(entityByName('patient')!, false))!;
    const validator = createPrecompiledValidator(form.validators, form.schema);
    return (data: Record<string, unknown>) =>
      validator.validateFormData(data, form.schema).errors.map((e) => `${e.property} ${e.name}`);
  };
  const ok = { first_name: 'Zoë', last_name: 'Muñoz-Pérez', date_of_birth: '03/02/1981' };

  it('a compiled form refuses what the server would: a required field left out, a date that is no date', () => {
    expect(patient()({ ...ok, first_name: undefined, date_of_birth: '13/45/2020' })).toEqual([
      'first_name required',
      '.date_of_birth format',
    ]);
    expect(patient()(ok)).toEqual([]);
  });

  it("a compiled form keeps the schema's conditions: a social network's link asks which network it is", () => {
    expect(patient()({ ...ok, social_networks: [{ link: 'https://example.com/zoe' }] })).toContain(
      '.social_networks.0.network required',
    );
    expect(patient()({ ...ok, social_networks: [{ link: 'https://example.com/zoe', network: 'X' }] })).toEqual([]);
  });
});
