import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
});
afterAll(() => app.close());

describe('server messages in English and Spanish', () => {
  it('answers in Spanish before sign-in when the lang header asks for es', async () => {
    const r = await app.as(null)('GET', '/diagnosis', undefined, { lang: 'es' });
    expect(r.body).toEqual({ message: 'No autenticado.', code: 'unauthenticated' });
  });

  it("answers validation errors in the signed-in user's language, with the Spanish field labels", async () => {
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    const r = await root('POST', '/modifier', { code: 'GAX' });
    expect(r.body.message).toBe('Los datos proporcionados no son válidos.');
    expect(r.body.errors.description).toEqual(['El campo descripción es obligatorio.']);
    expect(r.body.errors.code).toContain('El campo código no puede tener más de 2 caracteres.');
  });

  it('translates the spec duplicate messages', async () => {
    await root('POST', '/diagnosis', { code: 'R51', description: 'Headache' });
    const r = await root('POST', '/diagnosis', { code: 'R51', description: 'Headache' });
    expect(r.body.message).toBe('Este diagnóstico ya está registrado');
  });

  it('every fixed server message has a Spanish text', async () => {
    const { translate } = await import('../../dev-server/i18n/locale.ts');
    const { SIGN_IN } = await import('../../dev-server/auth/sign-in.ts');
    const { RECOVERY } = await import('../../dev-server/auth/recovery-router.ts');
    const { USER_MESSAGES } = await import('../../dev-server/users/user-routes.ts');
    const { LAST_ROLE_MESSAGE } = await import('../../dev-server/users/role-assignment-routes.ts');
    const { IP_RESTRICTED, SESSION_EXPIRED } = await import('../../dev-server/auth/sessions.ts');
    const policy = await import('../../src/domain/password-policy.ts');
    const rules = await import('../../src/domain/rules/entity-rules.ts');
    const all = [
      ...Object.values(SIGN_IN),
      ...Object.values(RECOVERY),
      ...Object.values(USER_MESSAGES),
      LAST_ROLE_MESSAGE,
      IP_RESTRICTED,
      SESSION_EXPIRED,
      policy.PASSWORD_RULE_MESSAGE,
      policy.PASSWORD_MISMATCH_MESSAGE,
      rules.USER_LEGAL_AGE_MESSAGE,
      rules.BIRTH_IN_FUTURE_MESSAGE,
      rules.IP_RANGE_MESSAGE,
    ];
    // The master-data rules and routes: every string they export, and the messages the schemas name.
    const modules = await Promise.all(
      [
        '../../src/domain/rules/entity-rules.ts',
        '../../dev-server/resources/stored-rules.ts',
        '../../dev-server/patients/policy-routes.ts',
        '../../dev-server/patients/patient-routes.ts',
        '../../dev-server/master-data/npi-routes.ts',
        '../../dev-server/master-data/link-routes.ts',
        '../../dev-server/master-data/lookup-routes.ts',
        '../../dev-server/denials/refile.ts',
      ].map((m) => import(m)),
    );
    for (const m of modules)
      for (const v of Object.values(m)) {
        if (typeof v === 'string' && / /.test(v)) all.push(v);
        else if (v && typeof v === 'object' && !Array.isArray(v))
          all.push(...Object.values(v).filter((x): x is string => typeof x === 'string' && / /.test(x)));
      }
    const { loadEntities } = await import('../../src/platform/load-schemas.ts');
    for (const e of loadEntities(new URL('../../schemas/entities', import.meta.url).pathname)) {
      if (e.resource.duplicateMessage) all.push(e.resource.duplicateMessage);
      for (const g of e.resource.getBy ?? []) if (g.notFound) all.push(g.notFound);
      for (const f of Object.values(e.schema.properties))
        if (f['x-db']?.uniqueMessage) all.push(f['x-db'].uniqueMessage);
    }
    const missing = [...new Set(all.filter((m) => translate(m, 'es') === m))];
    expect(missing).toEqual([]);
  });

  it("success messages of the identity routes answer in the user's language too", async () => {
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    const client = (await app.db.query<{ id: number }>("select id from roles where slug = 'client'")).rows[0].id;
    const r = await root('PATCH', `/permission/assign-permissions-role/${client}/report.view`);
    expect(r.body.message).toBe('Permiso report.view agregado al rol Client.');
  });
});
