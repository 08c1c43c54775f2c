// The session check without a database round trip (issue 8): a process keeps the rows of the
// sessions it has checked while nothing they were read from has changed. Migration
// 0020_session_cache_notify makes every change to those tables NOTIFY 'funil_sessoes' at its
// commit; each process follows that channel (Database.listen) and drops all its rows on each
// notification, and also after any change request it answers itself (onSend in auth.plugin.ts),
// so a logout, a deactivation or a unit's new settings apply at once in the process that made
// them, and in the others when the notification arrives (a few milliseconds on one host). While
// the channel is not followed (the listening connection lost, before it starts) nothing is kept
// and every check reads the database. Expiry is checked on every use (sessionEnd), not cached.
// docs/decisions.md "Session check from memory".

/** At most this many rows; past it the cache starts over (a burst of new tokens is not a reason to grow). */
const MAX_ROWS = 20_000;

export const SESSION_CHANNEL = 'funil_sessoes';

export class SessionCache<Row> {
  private readonly rows = new Map<string, Row>();
  private following = false;
  private generation = 0;

  /** The row checked under this key (the token's hash) since the last change, if any. */
  get(key: string): Row | undefined {
    return this.following ? this.rows.get(key) : undefined;
  }

  /** Taken before a read: `keep` stores the row only if nothing changed while it was read. */
  mark(): number {
    return this.generation;
  }

  keep(key: string, row: Row, mark: number): void {
    if (!this.following || mark !== this.generation) return;
    if (this.rows.size >= MAX_ROWS) this.rows.clear();
    this.rows.set(key, row);
  }

  /** Something a session row is read from changed (a notification, a change answered here). */
  drop(): void {
    this.generation += 1;
    this.rows.clear();
  }

  /** Whether changes are followed; rows are kept only while they are. */
  follow(following: boolean): void {
    this.following = following;
    this.drop();
  }

  get size(): number {
    return this.rows.size;
  }
}
