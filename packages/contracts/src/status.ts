import { z } from 'zod';

export const statusSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  uptime_seconds: z.number(),
  time: z.iso.datetime(),
});
export type Status = z.infer<typeof statusSchema>;
