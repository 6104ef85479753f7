/**
 * npm run check:dates
 * Lists the stored cases whose dates are out of order (reported, caught or admitted, operated on,
 * post-operative care, released or dead: docs/product.md#dates-of-a-case), with their case numbers,
 * and changes nothing. Cases saved before the rule may break it; a person decides which date is wrong.
 * Exits with 1 when it finds any, so a deploy script can notice.
 */
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import '../lib/i18n';
import { CaseRepository } from '../modules/case/case.repository';
import { casesWithDatesOutOfOrder } from '../modules/case/date-order-check';
import { PostOpDayRepository } from '../modules/case/post-op-day.repository';

const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: { error: (o, m) => console.error(m, o) } });
try {
  const found = await casesWithDatesOutOfOrder({ cases: new CaseRepository(database.db), postOpDays: new PostOpDayRepository(database.db) });
  if (found.length === 0) {
    console.log('No case has its dates out of order.');
  } else {
    console.log(`${found.length} ${found.length === 1 ? 'case has its' : 'cases have their'} dates out of order (nothing was changed):`);
    console.log(`Case ids: ${found.map((c) => c.id).join(', ')}`);
    for (const c of found) console.log(`  #${c.id} (NGO ${c.ngoId}${c.deleted ? ', deleted' : ''}): ${c.problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.destroy();
}
