import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import type { FileStorage } from '../files/file-storage.ts';
import type { MailTransport } from '../mail/mail-transport.ts';

/** What the identity routes (users, roles, profile, sessions) share. */
export interface IdentityContext {
  db: Database;
  entities: Entity[];
  mail: MailTransport;
  files: FileStorage;
}

export const userEntity = (ctx: IdentityContext) => ctx.entities.find((e) => e.name === 'user')!;
