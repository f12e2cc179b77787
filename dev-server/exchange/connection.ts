import { log } from '../http/server-log.ts';

/**
 * How the product reaches a clearing house: put a file in its outbound folder, read what waits in its
 * inbound folder. One interface, two real adapters (SFTP and a local folder pair); the batch sender
 * and the inbound poll never know which one they hold.
 */
export interface RemoteFile {
  name: string;
  size: number;
  /** when the clearing house wrote it (ms since the epoch, as the folder or server says) */
  modifiedAt: number;
}

/**
 * The order a backlog is taken in: the oldest file first (the day's 999 before the 277CA that follows it, last week's
 * ERA before today's), by the time the clearing house wrote it, then by name for files written in the same instant.
 */
export const oldestFirst = (a: RemoteFile, b: RemoteFile) =>
  a.modifiedAt - b.modifiedAt || a.name.localeCompare(b.name);

export interface ClearingHouseConnection {
  /** where files go and come from, for people: "sftp://user@host:22/outbound" */
  readonly label: string;
  /** writes the whole file or nothing: a clearing house must never pick up half an 837 */
  put(name: string, bytes: Buffer): Promise<void>;
  /** whether a file of this name waits in the outbound folder (put out by a run that stopped before saying so) */
  hasOutbound(name: string): Promise<boolean>;
  /** the regular files waiting in the inbound folder, oldest first (oldestFirst) */
  listInbound(): Promise<RemoteFile[]>;
  get(name: string): Promise<Buffer>;
  /** takes a file out of the inbound folder once it is kept here */
  remove(name: string): Promise<void>;
  /**
   * Moves a file that is not this account's (addressed to another receiver or payee) into the
   * inbound folder's "not-ours" folder: left where the clearing house can be told, never taken in,
   * and not found again by the next poll.
   */
  setAside(name: string): Promise<void>;
  close(): Promise<void>;
}

/** The folder, inside an account's inbound folder, that holds files set aside as not the account's. */
export const SET_ASIDE_FOLDER = 'not-ours';

/** A connection problem in words a billing office can act on (never a stack trace). */
export class ConnectionError extends Error {}

/**
 * A failure on the way to the clearing house in words a billing office can act on: a connection's own words, else one
 * plain sentence (what a library or another machine said goes to the server log, never to the tenant).
 */
export function failureWords(e: unknown): string {
  if (e instanceof ConnectionError) return e.message;
  log.warn({ err: { name: (e as Error)?.name, message: (e as Error)?.message } }, 'clearing house exchange failed');
  return 'The connection to the clearing house failed; try again later.';
}
