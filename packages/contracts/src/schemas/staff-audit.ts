import { z } from 'zod';
import { staffActions, staffAuditRecordTypes } from '../enums.ts';
import { DateTimeSchema } from '../validation/fields.ts';
import { IdSchema } from './common.ts';

// Accountability (issue 25 §5, decision 0122): every staff action is written to an append-only log in
// the action's own transaction, readable by platform administrators.

export const StaffAuditEntrySchema = z
  .object({
    /** Increasing: a later entry has a greater id. */
    id: z.string().regex(/^\d+$/),
    at: DateTimeSchema,
    /** Who acted, as they were then (name and e-mail kept when the account goes). */
    actor: z.object({ id: IdSchema.nullable(), name: z.string(), email: z.string() }),
    action: z.enum(staffActions),
    recordType: z.enum(staffAuditRecordTypes),
    recordId: IdSchema,
    /** The record's name when the action was taken (a provider's name, a questionnaire's code). */
    recordLabel: z.string(),
    /** Why: the rejection's reason code and note, or the reason given. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'StaffAuditEntry' });
export type StaffAuditEntry = z.infer<typeof StaffAuditEntrySchema>;

/** Filters of the log; `before` pages back from an entry's id (newest first). */
export const StaffAuditQuerySchema = z.object({
  action: z.enum(staffActions).optional(),
  recordType: z.enum(staffAuditRecordTypes).optional(),
  recordId: z.uuid().toLowerCase().optional(),
  /** Part of the actor's e-mail or name, or of the record's label. */
  q: z.string().trim().max(200).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type StaffAuditQuery = z.input<typeof StaffAuditQuerySchema>;

export const StaffAuditListSchema = z
  .object({
    items: z.array(StaffAuditEntrySchema),
    /** Pass as `before` for the next (older) page; null on the last one. */
    nextBefore: z.string().nullable(),
  })
  .meta({ id: 'StaffAuditList' });
export type StaffAuditList = z.infer<typeof StaffAuditListSchema>;
