/** Who is calling, as every route and the data layer see it. */
export interface Actor {
  userId: number;
  sessionId: number;
  deviceId: number | null;
  roleIds: number[];
  email: string;
  permissions: Set<string>;
  billingCompanyIds: number[];
  /** a system role (Super User and the like): not limited to billing companies */
  crossTenant: boolean;
  roles: string[];
  ip: string;
  url: string;
  userAgent: string;
  /** the system itself (a job, a clearing house's answer): recorded with no user */
  system?: boolean;
}

/**
 * The actor of work nobody is signed in for (jobs, exchange polling, ERA processing): it acts for
 * one billing company (or all, when null) with every permission, and is recorded as the system.
 */
export function systemActor(billingCompanyId: number | null, what: string): Actor {
  return {
    userId: 0,
    sessionId: 0,
    deviceId: null,
    roleIds: [],
    email: 'system',
    permissions: new Set(['*']),
    billingCompanyIds: billingCompanyId === null ? [] : [billingCompanyId],
    crossTenant: billingCompanyId === null,
    roles: ['system'],
    ip: '',
    url: `job:${what}`,
    userAgent: 'system',
    system: true,
  };
}

export const can = (actor: Actor, slug: string) =>
  actor.permissions.has(slug) || (actor.system === true && actor.permissions.has('*'));

/** A Super User: the platform's administrator (a Super Auditor or Development Support is cross-tenant too, but is not one). */
export const isSuperUser = (actor: Actor) =>
  actor.roles.includes('superuser') || (actor.system === true && actor.crossTenant);
