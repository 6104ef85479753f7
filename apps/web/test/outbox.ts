import { ApiError } from '../src/lib/api-client';
import { CaseOutbox as Outbox } from '../src/features/cases/offline/case-outbox';
import { memoryOutbox } from '../src/lib/offline/outbox-store';

/** An outbox of user 7 whose case 12 has a refused save ('Release needs a reason') with a later save waiting behind it. */
export async function outboxWithARefusedSave(): Promise<Outbox> {
  let online = false;
  const outbox = new Outbox({
    storage: memoryOutbox(),
    send: async (entry) => {
      if (entry.key === 'refused') throw new ApiError(422, 'Release needs a reason');
      return { id: entry.caseId };
    },
    readCase: async () => null,
    isOnline: () => online,
  });
  await outbox.start(7);
  const step = (key: string, animalColor: string) => ({ key, kind: 'caseStep' as const, path: '/case/updateAnimalDetail', step: 'animalDetail', caseId: 12, body: { caseId: 12, animalColor } });
  await outbox.submit(step('refused', 'Black'));
  await outbox.submit(step('behind', 'Brown'));
  online = true;
  await outbox.sync();
  return outbox;
}
