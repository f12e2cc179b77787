/**
 * A declared state machine (x-states): the states an entity moves through, with stable ids and
 * colours, and the transitions allowed between them with the permission each needs. Pure data and
 * pure functions: the server enforces them, the client offers only what they allow.
 */
export interface StateColours {
  background: string;
  text: string;
}

export interface StateDef {
  id: number;
  name: string;
  label_es?: string;
  colors: { light: StateColours; dark: StateColours };
  /** shown in the default breadcrumb (happy path); false for Rejected/Denied-like states */
  public?: boolean;
}

export interface TransitionDef {
  from: number;
  to: number;
  /** permission action of the entity's module the user needs (claim.status); absent: the machine's own action */
  permission?: string;
  /** a note must be given with this transition */
  noteRequired?: boolean;
  /** only the system takes it (a clearing house's answer), never a person */
  system?: boolean;
}

export interface StateMachine {
  /** the column holding the current state id */
  field: string;
  /** the state of a new record */
  initial: number;
  /** permission action for the transition route when a transition names none */
  permission: string;
  /** the column holding the current sub-status id, when the entity has sub-statuses */
  subStatusField?: string;
  /** the API path answering sub-statuses [{id, name}] (?status_id=N: those of one state) */
  subStatusSource?: string;
  states: StateDef[];
  transitions: TransitionDef[];
}

export const stateById = (m: StateMachine, id: number | null | undefined) => m.states.find((s) => s.id === id);

export const stateName = (m: StateMachine, id: number | null | undefined, locale: 'en' | 'es' = 'en') => {
  const s = stateById(m, id);
  return s ? (locale === 'es' && s.label_es) || s.name : String(id ?? '—');
};

/** The transition from one state to another, if the table has it. */
export const findTransition = (m: StateMachine, from: number, to: number) =>
  m.transitions.find((t) => t.from === from && t.to === to);

/** The permission slug a transition needs, given the entity's permission module (claim → claim.status). */
export const transitionSlug = (module: string, m: StateMachine, t: TransitionDef) =>
  `${module}.${t.permission ?? m.permission}`;

/** The next states a person holding these permissions may move a record to (system-only ones left out). */
export function allowedNext(
  module: string,
  m: StateMachine,
  from: number,
  permissions: ReadonlySet<string>,
): StateDef[] {
  return m.transitions
    .filter((t) => t.from === from && !t.system && permissions.has(transitionSlug(module, m, t)))
    .map((t) => stateById(m, t.to)!)
    .filter(Boolean);
}

/** Every (from, to) pair the table does not allow, for tests and documentation. */
export function refusedPairs(m: StateMachine): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const a of m.states)
    for (const b of m.states) if (a.id !== b.id && !findTransition(m, a.id, b.id)) out.push([a.id, b.id]);
  return out;
}

/** A machine's own consistency: ids unique, transitions between declared states, initial declared. */
export function machineProblems(m: StateMachine): string[] {
  const ids = m.states.map((s) => s.id);
  const problems: string[] = [];
  if (new Set(ids).size !== ids.length) problems.push('state ids repeat');
  if (!ids.includes(m.initial)) problems.push(`initial state ${m.initial} is not declared`);
  for (const t of m.transitions) {
    if (!ids.includes(t.from) || !ids.includes(t.to))
      problems.push(`transition ${t.from} → ${t.to} names an undeclared state`);
    if (t.from === t.to) problems.push(`transition ${t.from} → ${t.to} goes nowhere`);
  }
  const pairs = m.transitions.map((t) => `${t.from}>${t.to}`);
  if (new Set(pairs).size !== pairs.length) problems.push('a transition is declared twice');
  return problems;
}
