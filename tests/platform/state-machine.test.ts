import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { allowedNext, machineProblems, refusedPairs, type StateMachine } from '../../src/platform/state-machine.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const fixture = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/schemas/work-order.schema.json'), 'utf8'));
const machine: StateMachine = fixture['x-states'];

function withWorkOrder(edit: (schema: Record<string, any>) => void) {
  const root = mkdtempSync(join(tmpdir(), 'states-'));
  cpSync(join(ROOT, 'schemas'), root, { recursive: true });
  const copy = structuredClone(fixture);
  edit(copy);
  writeFileSync(join(root, 'entities', 'work-order.schema.json'), JSON.stringify(copy));
  return join(root, 'entities');
}

describe('state machines as data', () => {
  it("offers a person only the transitions from the current state that they hold and that are not the system's", () => {
    expect(allowedNext('claim', machine, 2, new Set(['claim.status'])).map((s) => s.id)).toEqual([1]);
    expect(allowedNext('claim', machine, 3, new Set(['claim.status'])).map((s) => s.id)).toEqual([]);
    expect(allowedNext('claim', machine, 3, new Set(['claim.correctsubmit'])).map((s) => s.id)).toEqual([5]);
  });

  it('the refused pairs are every ordered pair of distinct states the table lacks', () => {
    expect(refusedPairs(machine)).toHaveLength(5 * 4 - machine.transitions.length);
  });

  it('a machine naming an undeclared state, or without its initial state, is refused when schemas load', () => {
    expect(machineProblems({ ...machine, initial: 9 })).toEqual(['initial state 9 is not declared']);
    const dir = withWorkOrder((s) => {
      s['x-states'].transitions.push({ from: 1, to: 7 });
    });
    expect(() => loadEntities(dir)).toThrow(
      /work-order\.schema\.json: at \/x-states: transition 1 → 7 names an undeclared state/,
    );
  });

  it('a state field a client could write is refused: it changes only by transitions', () => {
    const dir = withWorkOrder((s) => {
      delete s.properties.state_id.readOnly;
    });
    expect(() => loadEntities(dir)).toThrow(/field 'state_id' must be a read-only integer property/);
  });

  it('a colour that is not #rrggbb fails with the file and the JSON path', () => {
    const dir = withWorkOrder((s) => {
      s['x-states'].states[0].colors.light.background = 'grey';
    });
    expect(() => loadEntities(dir)).toThrow(
      /work-order\.schema\.json: at \/x-states\/states\/0\/colors\/light\/background/,
    );
  });

  it('an append-only entity may not declare delete or a status toggle', () => {
    const dir = withWorkOrder((s) => {
      s['x-resource'].appendOnly = true;
      s['x-resource'].delete = 'delete';
    });
    expect(() => loadEntities(dir)).toThrow(/an append-only entity has no delete, status toggle or field updates/);
  });
});
