/** The little raw-SQL surface the migration runner needs; one per connection. */
export interface SqlSession {
  /** Runs a script that may hold several statements. */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** One parameterised statement on any pooled connection: the ORM-free hot paths use it. */
export interface SqlQuery {
  /**
   * `name` makes it a prepared statement on Postgres (parsed and planned once per connection,
   * not per call); give the same name only to the same SQL text.
   */
  query<Row>(sql: string, params?: unknown[], name?: string): Promise<Row[]>;
}

/** The pool's SqlQuery, which can also run several statements as one transaction. */
export interface SqlDatabase extends SqlQuery {
  /**
   * Runs `work` in one transaction on one connection (BEGIN ... COMMIT; ROLLBACK when it throws)
   * and resolves with its result. Every statement of the transaction goes through the `tx` given:
   * the pool's own `query` would run on another connection (on PGlite it would wait for this
   * transaction to end, which waits for it).
   */
  transaction<T>(work: (tx: SqlQuery) => Promise<T>): Promise<T>;
}

/** What a LISTEN subscription reports. */
export interface ChangeListener {
  /** A payload NOTIFYed on the channel, by any process. */
  onNotify(payload: string): void;
  /** Notifications may have been missed (the listening connection dropped): forget everything. */
  onReset(): void;
}
