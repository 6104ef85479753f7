import { z } from 'zod';
import { IdSchema } from './common';
import { dateText, optionalText, requiredText, says, wholeNumberLike } from './formats';
import { NgoChoiceSchema } from './list';
import { ClientUidSchema } from './survey';

/**
 * Medicine and vaccine stock by batch (issue 39, docs/stock.md). A batch's balance is the sum of its
 * movements and is never stored; every movement carries the id its sender gave it (`uid`), so a
 * receipt, a use or an adjustment sent twice is applied once.
 */

export const STOCK_ITEM_KINDS = ['medicine', 'anaesthetic', 'suture', 'vaccine_rabies', 'vaccine_other', 'other'] as const;
export type StockItemKind = (typeof STOCK_ITEM_KINDS)[number];

export const STOCK_MOVEMENT_KINDS = ['received', 'used', 'adjusted'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const STOCK_ADJUSTMENT_REASONS = ['wastage', 'breakage', 'count', 'transfer_out', 'transfer_in'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

/** Reasons that only ever take stock away, and the one that only adds it; a count correction goes either way. */
const TAKING_REASONS: readonly StockAdjustmentReason[] = ['wastage', 'breakage', 'transfer_out'];

/** Days before its expiry that a batch with stock is shown as expiring. */
export const STOCK_EXPIRY_WARNING_DAYS = 30;

/** A whole quantity of stock; more than this in one movement is a typing mistake. */
const MAX_QUANTITY = 1_000_000;

const quantity = wholeNumberLike('stock.field.quantity', { min: 1, max: MAX_QUANTITY });

export const CreateStockItemInputSchema = z.object({
  name: requiredText('stock.field.name', 120),
  kind: z.enum(STOCK_ITEM_KINDS, says('validation.oneOf', 'stock.field.kind', { options: STOCK_ITEM_KINDS.join(', ') })),
  unit: requiredText('stock.field.unit', 30),
  reorderLevel: wholeNumberLike('stock.field.reorderLevel', { min: 0, max: MAX_QUANTITY }).nullable().optional(),
  ...NgoChoiceSchema,
});
export type CreateStockItemInput = z.infer<typeof CreateStockItemInputSchema>;

/**
 * An item's details as the office corrects them: only what is sent changes. Its kind stays (the
 * reconciliation counts by it), and its stock moves only by receipts, uses and adjustments.
 */
export const UpdateStockItemInputSchema = z.object({
  itemId: IdSchema,
  name: requiredText('stock.field.name', 120).optional(),
  unit: requiredText('stock.field.unit', 30).optional(),
  reorderLevel: wholeNumberLike('stock.field.reorderLevel', { min: 0, max: MAX_QUANTITY }).nullable().optional(),
});
export type UpdateStockItemInput = z.infer<typeof UpdateStockItemInputSchema>;

export const ReceiveStockInputSchema = z.object({
  uid: ClientUidSchema,
  itemId: IdSchema,
  batchNo: requiredText('stock.field.batchNo', 60),
  expiryDate: dateText('stock.field.expiryDate'),
  supplier: optionalText('stock.field.supplier', 120),
  receivedOn: dateText('stock.field.receivedOn'),
  /** What the whole batch cost, in paise (₹1 = 100 paise), so no rupee amount is ever rounded. */
  costPaise: wholeNumberLike('stock.field.cost', { min: 0, max: 2_000_000_000 }).nullable().optional(),
  quantity,
});
export type ReceiveStockInput = z.infer<typeof ReceiveStockInputSchema>;

/**
 * A batch's details as the office corrects them (a mistyped batch number, expiry, supplier or cost):
 * only what is sent changes. Not its quantity, which moves only by receipts, uses and adjustments.
 */
export const UpdateStockBatchInputSchema = z.object({
  batchId: IdSchema,
  batchNo: requiredText('stock.field.batchNo', 60).optional(),
  expiryDate: dateText('stock.field.expiryDate').optional(),
  supplier: optionalText('stock.field.supplier', 120),
  costPaise: wholeNumberLike('stock.field.cost', { min: 0, max: 2_000_000_000 }).nullable().optional(),
});
export type UpdateStockBatchInput = z.infer<typeof UpdateStockBatchInputSchema>;

export const UseStockInputSchema = z.object({
  uid: ClientUidSchema,
  itemId: IdSchema,
  /** The batch to take from; without it, the batch expiring first that has stock (FEFO). */
  batchId: IdSchema.nullable().optional(),
  quantity,
  caseId: IdSchema.nullable().optional(),
  note: optionalText('stock.field.note', 500),
});
export type UseStockInput = z.infer<typeof UseStockInputSchema>;

export const AdjustStockInputSchema = z
  .object({
    uid: ClientUidSchema,
    batchId: IdSchema,
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, says('validation.oneOf', 'stock.field.reason', { options: STOCK_ADJUSTMENT_REASONS.join(', ') })),
    /** Signed: taken away below zero, added above; never zero. */
    quantity: wholeNumberLike('stock.field.change', { min: -MAX_QUANTITY, max: MAX_QUANTITY }).refine((n) => n !== 0, says('stock.validation.changeZero', 'stock.field.change')),
    note: optionalText('stock.field.note', 500),
  })
  .refine((a) => !(TAKING_REASONS.includes(a.reason) && a.quantity > 0), { path: ['quantity'], ...says('stock.validation.reasonTakes', 'stock.field.change') })
  .refine((a) => !(a.reason === 'transfer_in' && a.quantity < 0), { path: ['quantity'], ...says('stock.validation.reasonAdds', 'stock.field.change') });
export type AdjustStockInput = z.infer<typeof AdjustStockInputSchema>;

export const StockViewInputSchema = z.object({ ngoId: IdSchema.optional() }).prefault({});
export type StockViewInput = z.infer<typeof StockViewInputSchema>;

export const StockStatementInputSchema = z.object({
  month: z
    .string(says('validation.required', 'stock.field.month'))
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, says('stock.validation.month', 'stock.field.month')),
  ngoId: IdSchema.optional(),
});
export type StockStatementInput = z.infer<typeof StockStatementInputSchema>;

export const StockBatchSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  batchNo: z.string(),
  expiryDate: z.string(),
  supplier: z.string().nullable(),
  receivedOn: z.string(),
  costPaise: z.number().nullable(),
  quantityReceived: z.number(),
  balance: z.number(),
  /** The expiry date is before today (Asia/Kolkata): the batch can no longer be used. */
  expired: z.boolean(),
});
export type StockBatch = z.infer<typeof StockBatchSchema>;

export const StockItemSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  name: z.string(),
  kind: z.enum(STOCK_ITEM_KINDS),
  unit: z.string(),
  reorderLevel: z.number().nullable(),
});
export type StockItem = z.infer<typeof StockItemSchema>;

export const StockItemWithBatchesSchema = StockItemSchema.extend({
  /** Stock in batches not yet expired: what can be used. */
  usable: z.number(),
  /** Below its reorder level. */
  low: z.boolean(),
  batches: z.array(StockBatchSchema),
});
export type StockItemWithBatches = z.infer<typeof StockItemWithBatchesSchema>;

export const StockOverviewSchema = z.object({
  /** "Today" of the alerts: the date in Asia/Kolkata (the NGOs' time zone) when the answer was made. */
  today: z.string(),
  items: z.array(StockItemWithBatchesSchema),
  alerts: z.object({
    lowItems: z.array(z.object({ itemId: z.number(), name: z.string(), usable: z.number(), reorderLevel: z.number() })),
    expiringBatches: z.array(z.object({ batchId: z.number(), itemId: z.number(), name: z.string(), batchNo: z.string(), expiryDate: z.string(), balance: z.number(), expired: z.boolean() })),
  }),
});
export type StockOverview = z.infer<typeof StockOverviewSchema>;

export const StockMovementSchema = z.object({
  id: z.number(),
  uid: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  quantity: z.number(),
  reason: z.enum(STOCK_ADJUSTMENT_REASONS).nullable(),
  note: z.string().nullable(),
  caseId: z.number().nullable(),
  itemId: z.number(),
  batchId: z.number(),
  batchNo: z.string(),
  expiryDate: z.string(),
  occurredOn: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

const StatementFiguresSchema = z.object({ opening: z.number(), received: z.number(), used: z.number(), adjusted: z.number(), closing: z.number() });
export type StockStatementFigures = z.infer<typeof StatementFiguresSchema>;

export const StockStatementSchema = z.object({
  month: z.string(),
  items: z.array(
    z.object({
      itemId: z.number(),
      name: z.string(),
      kind: z.enum(STOCK_ITEM_KINDS),
      unit: z.string(),
      batches: z.array(StatementFiguresSchema.extend({ batchId: z.number(), batchNo: z.string(), expiryDate: z.string() })),
      total: StatementFiguresSchema,
    }),
  ),
});
export type StockStatement = z.infer<typeof StockStatementSchema>;

/**
 * The case steps that record stock used on the animal (docs/stock.md#stock-used-on-a-case): the
 * vaccination (medical step) and the operation's anaesthetic, sutures and medicines.
 */
export const STOCK_USE_STEPS = ['medicalDetail', 'operationDetail'] as const;
export type StockUseStep = (typeof STOCK_USE_STEPS)[number];

/** At most this many lines of stock used on one step. */
export const MAX_STOCK_USE_LINES = 30;

/** One line of stock used on a case's step: the item, the batch if the user picked one (else first expiry first), and how much. */
export const CaseStockUseLineSchema = z.object({
  /** Made by the phone when the line is added (a UUID): the same line, sent again, is the same use. */
  uid: z
    .string(says('validation.required', 'stock.field.lineUid'))
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, says('stock.validation.lineUid', 'stock.field.lineUid')),
  itemId: IdSchema,
  batchId: IdSchema.nullable().optional(),
  quantity,
});
export type CaseStockUseLine = z.infer<typeof CaseStockUseLineSchema>;

/**
 * Sent with a step's save: every line of stock used on that step, as it should now stand. A line
 * left out is given back to its batch; a changed quantity moves only the difference.
 */
export const StepStockUsesSchema = z
  .array(CaseStockUseLineSchema, says('validation.required', 'stock.field.used'))
  .max(MAX_STOCK_USE_LINES, says('stock.validation.tooManyLines', 'stock.field.used', { max: String(MAX_STOCK_USE_LINES) }))
  .refine((lines) => new Set(lines.map((l) => l.uid)).size === lines.length, says('stock.validation.lineTwice', 'stock.field.used'));

export const CaseStockUsesInputSchema = z.object({ caseId: IdSchema });
export type CaseStockUsesInput = z.infer<typeof CaseStockUsesInputSchema>;

/** A line of stock used on a case as it stands: the sum of its movements, on the batch it came from. */
export const CaseStockUseSchema = z.object({
  uid: z.string(),
  step: z.enum(STOCK_USE_STEPS),
  itemId: z.number(),
  itemName: z.string(),
  kind: z.enum(STOCK_ITEM_KINDS),
  unit: z.string(),
  batchId: z.number(),
  batchNo: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
});
export type CaseStockUse = z.infer<typeof CaseStockUseSchema>;

/** The kinds of stock an operation takes, whose use on cases the reconciliation shows item by item. */
export const OPERATION_SUPPLY_KINDS = ['anaesthetic', 'suture'] as const;

/**
 * The ABC report's check against the stock (docs/stock.md#the-abc-report-reconciles): anti-rabies
 * vaccinations recorded on the month's cases against the vaccine used from stock in the month, and
 * the month's operations (as the ABC report counts them) against the anaesthetic recorded on them.
 */
export const StockReconciliationSchema = z.object({
  rabiesVaccinations: z.number(),
  rabiesDosesUsed: z.number(),
  /** Doses used minus vaccinations recorded: 0 when they agree. */
  difference: z.number(),
  /** Operations in the month as the ABC report counts them (its "operated" column). */
  operations: z.number(),
  /** Of those, the ones whose operation step has an anaesthetic line from stock standing. */
  operationsWithAnaesthetic: z.number(),
  /** Operations minus those with an anaesthetic from stock: what an inspector asks about. */
  operationsWithoutAnaesthetic: z.number(),
  /** Anaesthetic and sutures used on cases in the month, item by item (each in its own unit), less what was given back. */
  operationSupplies: z.array(
    z.object({ itemId: z.number(), name: z.string(), kind: z.enum(OPERATION_SUPPLY_KINDS), unit: z.string(), usedOnCases: z.number() }),
  ),
});
export type StockReconciliation = z.infer<typeof StockReconciliationSchema>;
