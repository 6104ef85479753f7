/** The ceiling: a bare Fastify route answering a small JSON body, on the same machine, in the same run. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ data: { ok: true } }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
