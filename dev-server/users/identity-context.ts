import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { MailTransport } from '../mail/mail-transport.ts';

/** What the identity routes (users, roles, profile, sessions) share. */
export interface IdentityContext {
  db: Database;
  entities: Entity[];
  mail: MailTransport;
  files: FileStore;
}

export const userEntity = (ctx: IdentityContext) => ctx.entities.find((e) => e.name === 'user')!;
