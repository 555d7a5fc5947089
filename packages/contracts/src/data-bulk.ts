import { z } from 'zod';
import { LEAD_STATUSES } from './constants.ts';
import { leadListQuerySchema, tagsSchema } from './leads.ts';

/**
 * The bulk centre (issue 26; 03-decisions §4b): POST /data/bulk/ runs one action over a
 * selection (ids) or a filter of any size, as background work in batches with progress.
 */

export const BULK_RESOURCES = ['leads'] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];
export const BULK_ACTIONS = ['status', 'assign', 'tags', 'event', 'delete', 'restore'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** 03-decisions §4b: the statuses of every data-centre job. */
export const BULK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
/** Most ids a selection may name (a filter has no limit). */
export const BULK_IDS_MAX = 100_000;

/** The leads list's filters, without paging and ordering. */
export const bulkFiltersSchema = leadListQuerySchema.omit({ page: true, page_size: true, ordering: true });
export type BulkFilters = z.output<typeof bulkFiltersSchema>;

/** A note kept on each changed lead's timeline (status and assign), as POST /leads/bulk/ takes it. */
const bulkNote = z.string().trim().max(5000, 'Use at most 5000 characters').optional();

const paramsByAction = {
  status: z.object({ status: z.enum(LEAD_STATUSES), note: bulkNote }).strict(),
  // One member (null: nobody), or `round_robin` members sharing the leads in turn.
  assign: z
    .object({
      assigned_to: z.uuid().nullable().optional(),
      round_robin: z.array(z.uuid()).min(1, 'Choose at least one member').max(100).optional(),
      note: bulkNote,
    })
    .strict()
    .refine((v) => (v.assigned_to !== undefined) !== (v.round_robin !== undefined), {
      message: 'Give either assigned_to or round_robin',
      path: ['assigned_to'],
    }),
  tags: z
    .object({
      tags: tagsSchema.refine((t) => t.length > 0, 'Give at least one tag'),
      mode: z.enum(['add', 'remove', 'set']).default('add'),
    })
    .strict(),
  event: z.object({ event: z.uuid().nullable() }).strict(),
  delete: z.object({}).strict(),
  restore: z.object({}).strict(),
} as const;

const base = {
  resource: z.enum(BULK_RESOURCES, { error: `Choose one of ${BULK_RESOURCES.join(', ')}` }),
  ids: z
    .array(z.uuid())
    .min(1, 'Select at least one record')
    .max(BULK_IDS_MAX, `Select at most ${BULK_IDS_MAX} records, or use a filter`)
    .optional(),
  filters: bulkFiltersSchema.optional(),
};

const withSelection = <T extends z.ZodObject>(schema: T) =>
  schema.refine((v: { ids?: unknown; filters?: unknown }) => (v.ids === undefined) !== (v.filters === undefined), {
    message: 'Give either ids or filters',
    path: ['ids'],
  });

/** POST /data/bulk/ */
export const createBulkJobSchema = z.discriminatedUnion(
  'action',
  [
    withSelection(z.object({ ...base, action: z.literal('status'), params: paramsByAction.status }).strict()),
    withSelection(z.object({ ...base, action: z.literal('assign'), params: paramsByAction.assign }).strict()),
    withSelection(z.object({ ...base, action: z.literal('tags'), params: paramsByAction.tags }).strict()),
    withSelection(z.object({ ...base, action: z.literal('event'), params: paramsByAction.event }).strict()),
    withSelection(
      z.object({ ...base, action: z.literal('delete'), params: paramsByAction.delete.default({}) }).strict(),
    ),
    withSelection(
      z.object({ ...base, action: z.literal('restore'), params: paramsByAction.restore.default({}) }).strict(),
    ),
  ],
  { error: `Choose an action: ${BULK_ACTIONS.join(', ')}` },
);
export type CreateBulkJob = z.output<typeof createBulkJobSchema>;
export type BulkParams = CreateBulkJob['params'];

export const bulkJobSchema = z.object({
  id: z.uuid(),
  resource: z.enum(BULK_RESOURCES),
  action: z.enum(BULK_ACTIONS),
  status: z.enum(BULK_STATUSES),
  /** Records of the selection done / in it (known once the selection is read). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Records the action changed (a record already in the wanted state is not counted). */
  changed: z.number().int(),
  selection: z.object({ ids: z.number().int().nullable(), filters: z.record(z.string(), z.unknown()).nullable() }),
  params: z.record(z.string(), z.unknown()),
  failure: z.string(),
  created_by: z.uuid().nullable(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
