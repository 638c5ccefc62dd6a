/** The little raw-SQL surface the migration runner needs; one per connection. */
export interface SqlSession {
  /** Runs a script that may hold several statements. */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}
