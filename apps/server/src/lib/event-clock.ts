import { latestEventMoment, type RuleContext } from '@rescuedesk/shared';

/**
 * Where the case rules read "now" from (docs/product.md#dates-of-a-case): the latest moment an event
 * may be recorded at, on the NGOs' calendar, with the phones' clock skew allowed.
 */
export interface EventClock {
  context(): RuleContext;
}

export function eventClock(settings: { timeZone: string; clockSkewMinutes: number }, now: () => number = Date.now): EventClock {
  return { context: () => ({ latest: latestEventMoment(now(), settings.clockSkewMinutes, settings.timeZone) }) };
}
