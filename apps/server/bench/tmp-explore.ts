import { writeFileSync } from 'node:fs';
import { createTestDatabase } from '@forms-engine/db/testing';
import { questionPlaces } from '@forms-engine/schema/rules';
import { planQuestion } from '../src/services/response-summary-questions.ts';
import { SummaryScan } from '../src/services/response-summary-sql.ts';
import { call, startTestServer } from '../test/harness.ts';
import { insertMoreTypesResponses, MORE_TYPES_DEFINITION } from './summary-data.ts';

process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = await createTestDatabase();
const server = await startTestServer({}, { database });
const q = await call(server, 'POST', '/api/v1/questionnaires', { name: 'x' });
const id = q.body.id;
await call(server, 'PUT', `/api/v1/questionnaires/${id}/draft`, MORE_TYPES_DEFINITION);
const pub = await call(server, 'POST', `/api/v1/questionnaires/${id}/publish`);
await insertMoreTypesResponses(database.db.sql, id, 1, 100000);
await database.db.sql.query('ANALYZE response');
const definition = pub.body.draft;
const questions = questionPlaces(definition).map((p: any) => p.question);
for (const question of questions) {
  const scan = new SummaryScan(id, {}, 'a');
  planQuestion(scan, question);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await scan.run(server.deps.prisma);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(question.code, Math.round(times[2]!), 'ms');
}
const base = new SummaryScan(id, {}, 'a');
base.add('count(*)::int');
const times = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await base.run(server.deps.prisma);
  times.push(performance.now() - t);
}
console.log('empty scan', Math.round(times.sort((a, b) => a - b)[2]!));
writeFileSync('/tmp/bench-db.txt', `${database.databaseUrl}\n${id}\n`);
server.close().catch(() => {});
process.exit(0);
