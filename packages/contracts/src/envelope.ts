import { z } from 'zod';

/** `meta` of every JSON answer (03-decisions §2). */
export const metaSchema = z.object({ timestamp: z.iso.datetime() });

/** Success envelope: `{status:"success",status_code,data,meta}`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    status_code: z.number().int(),
    data,
    meta: metaSchema,
  });
}

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});

/** Error envelope: `{status:"error",status_code,error:{message,code,details},meta}`. */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  status_code: z.number().int(),
  error: errorBodySchema,
  meta: metaSchema,
});

export type SuccessEnvelope<T> = {
  status: 'success';
  status_code: number;
  data: T;
  meta: { timestamp: string };
};
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Paginated list payload (03-decisions §2). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
}

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
