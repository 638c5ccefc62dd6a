import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

describe('migrations', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.dispose());

  it('records every migration in Prisma bookkeeping with its checksum', async () => {
    const migrations = await loadMigrations();
    const rows = await test.db.prisma.$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows).toEqual(migrations.map((m) => ({ migration_name: m.name, checksum: m.checksum })));
  });

  it('applies nothing the second time', async () => {
    expect(await test.db.migrate()).toEqual([]);
  });

  it('refuses a migration whose file changed after it was applied', async () => {
    const [first] = await loadMigrations();
    await expect(test.db.migrate([{ ...first!, checksum: 'changed' }])).rejects.toThrow(/changed after/);
    // The lock was released: a normal run still goes through.
    expect(await test.db.migrate()).toEqual([]);
  });

  it('lets several runners start at once and applies each migration exactly once', async () => {
    const results = await Promise.all([test.db.migrate(), test.db.migrate(), test.db.migrate()]);
    expect(results.flat()).toEqual([]);
    const [{ count }] = await test.db.prisma
      .$queryRawUnsafe<{ count: bigint }[]>('SELECT count(*) AS count FROM "_prisma_migrations"')
      .then((rows) => rows as [{ count: bigint }]);
    expect(Number(count)).toBe((await loadMigrations()).length);
  });
});
