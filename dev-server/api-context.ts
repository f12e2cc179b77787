import type { Database } from './db/database.ts';
import type { Entity } from '../src/platform/entity.ts';
import type { CodeList } from '../src/platform/load-schemas.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import type { FileStore } from './storage/file-store.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { MessengerHub } from './messenger/messenger-hub.ts';

/** What the app gives every route: each module's routes take the part of it they use. */
export interface ApiContext {
  db: Database;
  entities: Entity[];
  lists: Map<string, CodeList>;
  mail: MailTransport;
  files: FileStore;
  /** absent where the server runs no background jobs (modules that need them are then not mounted) */
  jobs?: JobQueue;
  hub: MessengerHub;
}
