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
}

export const can = (actor: Actor, slug: string) => actor.permissions.has(slug);
