import { DATE_ORDER_RULES, POST_OP_DAYS_KEY, caseRuleProblems } from '@rescuedesk/shared';
import type { CaseRepository } from './case.repository';
import { flatState } from './case-view';
import type { PostOpDayRepository } from './post-op-day.repository';

/** Cases read at a time: a page of rows with their hundred columns stays a few MB. */
const PAGE = 500;

export interface CaseOutOfOrder {
  id: number;
  ngoId: number;
  deleted: boolean;
  /** What is out of order, in words (the first pair the rules find). */
  problem: string;
}

/**
 * The stored cases whose dates are out of order (docs/product.md#dates-of-a-case): saved before the
 * rule, or written around the app. Reads every case, deleted ones too (a restore brings them back),
 * and changes nothing: which date is wrong is for a person to find out.
 */
export async function casesWithDatesOutOfOrder(repos: { cases: CaseRepository; postOpDays: PostOpDayRepository }): Promise<CaseOutOfOrder[]> {
  const found: CaseOutOfOrder[] = [];
  let after = 0;
  for (;;) {
    const rows = await repos.cases.allAfter(after, PAGE);
    if (rows.length === 0) return found;
    const days = await repos.postOpDays.datesOfCases(rows.map((row) => row.id));
    for (const row of rows) {
      const state = { ...flatState(row), [POST_OP_DAYS_KEY]: days.filter((day) => day.caseId === row.id) };
      const [problem] = caseRuleProblems(state, 'all', {}, DATE_ORDER_RULES);
      if (problem) found.push({ id: row.id, ngoId: row.ngo_id, deleted: row.deleted_at !== null, problem: problem.message });
    }
    after = rows.at(-1)?.id ?? after;
  }
}
