import { Loader, Stack, Text } from '@mantine/core';
import { can, type Me } from '@rescuedesk/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import print from '../../reports/components/print.module.css';
import { useStock } from '../api/get-stock';
import { AddItemForm } from './add-item-form';
import { AdjustBatchForm } from './adjust-batch-form';
import { EditBatchForm } from './edit-batch-form';
import { EditItemForm } from './edit-item-form';
import { ItemList } from './item-list';
import { ReceiveBatchForm } from './receive-batch-form';
import { StatementPanel } from './statement-panel';
import { StockAlerts } from './stock-alerts';

/** /stock: items with balances and alerts; the office adds items, receives, adjusts and corrects batches; the month's statement (docs/stock.md). */
export function StockPage({ me }: { me: Me }) {
  const t = useT();
  const stock = useStock();
  useErrorToast(stock.error);
  // The office of one NGO manages its stock here; an Admin does it through the API, naming the NGO.
  const manages = can(me.role, 'stock.manage') && me.ngoId !== null;
  const data = stock.data;
  return (
    <Stack gap="md" maw={960}>
      <div className={print.noPrint}>
        <PageTitle>{t('stock.page.title')}</PageTitle>
        {data && (
          <Text size="sm" c="dimmed">
            {t('stock.page.intro', { today: formatDate(data.today) })}
          </Text>
        )}
      </div>
      {!data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <>
          {/* On paper, only the statement. */}
          <Stack gap="md" className={print.noPrint}>
            <StockAlerts alerts={data.alerts} />
            <ItemList items={data.items} today={data.today} />
            {manages && (
              <>
                <AddItemForm />
                {data.items.length > 0 && <ReceiveBatchForm items={data.items} today={data.today} />}
                {data.items.some((i) => i.batches.length > 0) && <AdjustBatchForm items={data.items} />}
                {data.items.length > 0 && <EditItemForm items={data.items} />}
                {data.items.some((i) => i.batches.length > 0) && <EditBatchForm items={data.items} />}
              </>
            )}
          </Stack>
          <StatementPanel initialMonth={data.today.slice(0, 7)} ngoName={me.ngoName} />
        </>
      )}
    </Stack>
  );
}
