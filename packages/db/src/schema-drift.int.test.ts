import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

// The SQL migrations are written by hand and `prisma migrate diff` needs an engine this project
// cannot download, so this test is the guard that schema.prisma and the migrated database agree.

const SCHEMA = readFileSync(join(import.meta.dirname, '..', 'prisma', 'schema.prisma'), 'utf8');

interface Field {
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
}

/** The lines between `<kind> <Name> {` and its closing `}` line, by name. */
function blocks(kind: 'model' | 'enum'): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of SCHEMA.split('\n')) {
    const opening = new RegExp(`^${kind} (\\w+) \\{$`).exec(line);
    if (opening) {
      current = [];
      found.set(opening[1]!, current);
    } else if (line === '}') {
      current = undefined;
    } else {
      current?.push(line.trim());
    }
  }
  return found;
}

function parseSchema() {
  const enums = new Map([...blocks('enum')].map(([name, lines]) => [name, lines.filter((l) => /^\w+$/.test(l))]));
  const models = new Map<string, Field[]>();
  for (const lines of blocks('model').values()) {
    const table = lines.map((line) => /^@@map\("(\w+)"\)/.exec(line)?.[1]).find(Boolean)!;
    const fields: Field[] = [];
    for (const line of lines) {
      const match = /^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
      // Relation fields name other models; only scalars and enums are columns.
      if (!match || !isScalar(match[2]!, enums)) continue;
      const [, name, type, list, optional, rest] = match;
      fields.push({
        column: /@map\("(\w+)"\)/.exec(rest!)?.[1] ?? name!,
        type: type!,
        optional: Boolean(optional),
        list: Boolean(list),
      });
    }
    models.set(table, fields);
  }
  return { enums, models };
}

const SCALARS: Record<string, string[]> = {
  String: ['text', 'uuid'],
  Int: ['integer'],
  BigInt: ['bigint'],
  Boolean: ['boolean'],
  DateTime: ['timestamp with time zone'],
  // `@db.Json` keeps key order (webhook payloads); plain Json is jsonb.
  Json: ['jsonb', 'json'],
};
const isScalar = (type: string, enums: Map<string, string[]>) => type in SCALARS || enums.has(type);

describe('schema.prisma matches the migrated database', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.dispose());

  const { enums, models } = parseSchema();

  it('reads every model and enum of the schema', () => {
    expect([...models.keys()].sort()).toEqual([
      'api_key',
      'audit_entry',
      'invite',
      'member',
      'questionnaire',
      'questionnaire_version',
      'rate_limit',
      'response',
      'response_count_by_day',
      'response_count_by_minute',
      'response_count_change',
      'response_quota',
      'session',
      'setup_code',
      'stored_file',
      'webhook',
      'webhook_delivery',
      'webhook_event',
    ]);
    expect([...enums.keys()].sort()).toEqual([
      'FileState',
      'MemberRole',
      'ResponseStatus',
      'SubmissionPolicy',
      'WebhookDeliveryStatus',
    ]);
  });

  it.each([...models.keys()])(
    'table %s has every field as a column of the right type and nullability',
    async (table) => {
      const columns = await test.db.prisma.$queryRawUnsafe<
        { column_name: string; data_type: string; udt_name: string; is_nullable: string }[]
      >(
        'SELECT column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_name = $1',
        table,
      );
      const byName = new Map(columns.map((column) => [column.column_name, column]));
      const fields = models.get(table)!;
      expect([...byName.keys()].sort(), table).toEqual(fields.map((field) => field.column).sort());
      for (const field of fields) {
        const column = byName.get(field.column)!;
        // Postgres arrays are nullable; Prisma lists are never optional.
        if (!field.list)
          expect(column.is_nullable === 'YES', `${table}.${field.column} nullability`).toBe(field.optional);
        if (field.list) expect(column.data_type, `${table}.${field.column}`).toBe('ARRAY');
        else if (enums.has(field.type)) expect(column.udt_name, `${table}.${field.column}`).toBe(field.type);
        else expect(SCALARS[field.type], `${table}.${field.column} is ${column.data_type}`).toContain(column.data_type);
      }
    },
  );

  it.each([...enums.keys()])('enum %s has the same values', async (name) => {
    const rows = await test.db.prisma.$queryRawUnsafe<{ enumlabel: string }[]>(
      'SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = $1 ORDER BY e.enumsortorder',
      name,
    );
    expect(rows.map((row) => row.enumlabel)).toEqual(enums.get(name));
  });
});
