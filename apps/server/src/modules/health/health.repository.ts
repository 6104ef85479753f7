import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export class HealthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ping(timeoutMs = 2_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const query = sql`select 1`.execute(this.db).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
