import {
  AdjustStockInputSchema,
  CaseStockUseSchema,
  CaseStockUsesInputSchema,
  CreateStockItemInputSchema,
  ReceiveStockInputSchema,
  StockItemSchema,
  StockMovementSchema,
  StockOverviewSchema,
  StockStatementInputSchema,
  StockReconciliationSchema,
  StockStatementSchema,
  StockViewInputSchema,
  StockBatchSchema,
  UpdateStockBatchInputSchema,
  UpdateStockItemInputSchema,
  UseStockInputSchema,
  envelopeOf,
} from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/session.guard';
import { sendCsv } from '../report/report.routes';
import type { StockService } from './stock.service';

/** Stock by batch (docs/stock.md): everyone reads and uses it; the office adds items, receives and adjusts. */
export function stockRoutes(app: FastifyInstance, { stock }: { stock: StockService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stock'];
  const view = { access: 'stock.view' } as const;
  const manage = { access: 'stock.manage' } as const;
  const movement = { 200: envelopeOf(StockMovementSchema) };

  r.post(
    '/api/stock/getStock',
    { config: view, schema: { tags, summary: 'Items with their batches and balances, and the alerts: below reorder level, expiring within 30 days', body: StockViewInputSchema, response: { 200: envelopeOf(StockOverviewSchema) } } },
    async (request) => ({ data: await stock.overview(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/createItem',
    { config: manage, schema: { tags, summary: 'Adds a stock item', body: CreateStockItemInputSchema, response: { 200: envelopeOf(StockItemSchema) } } },
    async (request) => ({ data: await stock.createItem(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/updateItem',
    { config: manage, schema: { tags, summary: "Corrects an item's name, unit or reorder level (audited)", body: UpdateStockItemInputSchema, response: { 200: envelopeOf(StockItemSchema) } } },
    async (request) => ({ data: await stock.updateItem(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/updateBatch',
    {
      config: manage,
      schema: { tags, summary: "Corrects a batch's number, expiry, supplier or cost (audited); never its quantity", body: UpdateStockBatchInputSchema, response: { 200: envelopeOf(StockBatchSchema) } },
    },
    async (request) => ({ data: await stock.updateBatch(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/receiveBatch',
    { config: manage, schema: { tags, summary: 'Records a batch received; the same uid again answers the first receipt', body: ReceiveStockInputSchema, response: movement } },
    async (request) => ({ data: await stock.receive(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/useStock',
    { config: view, schema: { tags, summary: 'Records stock used, from the batch named or the one expiring first (FEFO)', body: UseStockInputSchema, response: movement } },
    async (request) => ({ data: await stock.use(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/adjustBatch',
    { config: manage, schema: { tags, summary: 'Adjusts a batch with a reason (wastage, breakage, count, transfer)', body: AdjustStockInputSchema, response: movement } },
    async (request) => ({ data: await stock.adjust(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/getCaseStockUses',
    { config: view, schema: { tags, summary: "Stock used on a case, line by line, as its steps' saves left it", body: CaseStockUsesInputSchema, response: { 200: envelopeOf(z.array(CaseStockUseSchema)) } } },
    async (request) => ({ data: await stock.caseUses(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/getReconciliation',
    {
      config: view,
      schema: { tags, summary: "A month's anti-rabies vaccinations recorded on cases against the vaccine doses used from stock", body: StockStatementInputSchema, response: { 200: envelopeOf(StockReconciliationSchema) } },
    },
    async (request) => ({ data: await stock.reconciliation(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/getStatement',
    { config: view, schema: { tags, summary: "A month's statement per item and batch: opening, received, used, adjusted, closing", body: StockStatementInputSchema, response: { 200: envelopeOf(StockStatementSchema) } } },
    async (request) => ({ data: await stock.statement(actorOf(request), request.body) }),
  );
  r.post(
    '/api/stock/getStatementCsv',
    { config: view, schema: { tags, summary: "A month's statement as CSV", body: StockStatementInputSchema, produces: ['text/csv'] } },
    async (request, reply) => sendCsv(reply, await stock.statementCsv(actorOf(request), request.body)),
  );
  r.post(
    '/api/stock/getStatementPdf',
    { config: view, schema: { tags, summary: "A month's statement as a PDF, in the reader's language", body: StockStatementInputSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await stock.statementPdf(actorOf(request), request.body);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );
}
