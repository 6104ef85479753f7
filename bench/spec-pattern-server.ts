/**
 * The observed product's dashboard pattern, for comparison only: getCaseByType answers every case of the type
 * (the dashboard's default tab, All) with all of its details in one response, and the browser
 * counts the tiles from it. Same machine, same database, same Fastify; only the pattern differs.
 *
 *   node --import tsx bench/spec-pattern-server.ts PORT   (DATA_DIR or DATABASE_URL as the app)
 */
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';

const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: { error: () => {} } });
const app = Fastify({ logger: false, bodyLimit: 1024 });
app.post<{ Body: { ngoId: number } }>('/api/case/getCaseByType', async (request) => ({
  data: await database.db.selectFrom('cases').selectAll().where('ngo_id', '=', request.body.ngoId).where('deleted_at', 'is', null).orderBy('id', 'desc').execute(),
}));
app.addHook('onClose', () => database.destroy());
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
