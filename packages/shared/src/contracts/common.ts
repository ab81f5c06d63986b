import { z } from 'zod';

export const idSchema = z.uuid();
export const idParamsSchema = z.strictObject({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const isoDateSchema = z.iso.datetime();
