import { z } from "zod";

/**
 * Lead ids are uuids. Postgres accepts any 8-4-4-4-12 hex string; anything else would make
 * the `::uuid` cast throw, so a malformed id is answered as an unknown lead instead.
 */
const leadIdSchema = z.guid();

export function isLeadId(value: string): boolean {
  return leadIdSchema.safeParse(value).success;
}

/** Both drivers return timestamps as Date; this keeps a string from slipping through as one. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
