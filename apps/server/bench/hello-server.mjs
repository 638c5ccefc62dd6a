// The ceiling for `pnpm bench`: an Express 5 app that answers JSON and nothing else, run as its
// own process next to the real server so both are measured by the same load generator.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/hello', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port }));
});
