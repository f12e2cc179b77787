import { describe, expect, it } from 'vitest';
import { knownNames, namesSource, rememberNames } from '../../../src/client/widgets/known-names.ts';

describe('names a page has been shown', () => {
  it("a record shown on one screen is named at once by another screen's picker of the same records", () => {
    rememberNames(namesSource('patient'), [{ id: 41, name: 'Lucía Pérez 03/04/1980' }]);
    expect(knownNames('/patient/get-list')).toMatchObject({ '41': 'Lucía Pérez 03/04/1980' });
  });

  it("a newer name replaces the one held, and one source's names are not another's", () => {
    rememberNames('/company/get-list', [{ id: 3, name: 'Old Clinic' }]);
    rememberNames('/company/get-list', [{ id: 3, name: 'New Clinic' }]);
    expect(knownNames('/company/get-list')['3']).toBe('New Clinic');
    expect(knownNames('/facility/get-list')['3']).toBeUndefined();
  });

  it('a record without a name is not held as named', () => {
    rememberNames('/facility/get-list', [
      { id: 9, name: '' },
      { id: 10, name: null },
    ]);
    expect(knownNames('/facility/get-list')).toEqual({});
  });
});
