import { z } from 'zod';
import { locales, supportMessageStatuses } from '../enums.ts';
import { DateTimeSchema, requiredText, selectedOptionError } from '../validation/fields.ts';
import { IdParamSchema, IdSchema } from './common.ts';

// The support inbox (issue 25 §4, decision 0124): messages of the public contact form, kept as well as
// e-mailed, assigned to a staff member, answered by e-mail from the console, closed.

export const SupportMessageParamsSchema = z.object({ messageId: IdParamSchema });

export const SupportMessageListQuerySchema = z.object({
  /** `active`: open, assigned and answered ones (the default); or one status. */
  status: z.enum([...supportMessageStatuses, 'active']).default('active'),
});
export type SupportMessageListQuery = z.input<typeof SupportMessageListQuerySchema>;

export const SupportMessageItemSchema = z
  .object({
    id: IdSchema,
    receivedAt: DateTimeSchema,
    name: z.string(),
    email: z.string(),
    /** The message's first line or so. */
    preview: z.string(),
    status: z.enum(supportMessageStatuses),
    assignedTo: z.object({ userId: IdSchema.nullable(), name: z.string() }).nullable(),
    /** The caller handles it. */
    mine: z.boolean(),
    repliesCount: z.number().int().min(0),
  })
  .meta({ id: 'SupportMessageItem' });
export type SupportMessageItem = z.infer<typeof SupportMessageItemSchema>;

export const SupportMessageListSchema = z
  .object({
    items: z.array(SupportMessageItemSchema),
    counts: z.record(z.enum(supportMessageStatuses), z.number().int().min(0)),
  })
  .meta({ id: 'SupportMessageList' });
export type SupportMessageList = z.infer<typeof SupportMessageListSchema>;

export const SupportMessageSchema = SupportMessageItemSchema.extend({
  text: z.string(),
  replies: z.array(
    z.object({
      id: IdSchema,
      at: DateTimeSchema,
      by: z.string(),
      locale: z.enum(locales),
      text: z.string(),
    }),
  ),
  closedAt: DateTimeSchema.nullable(),
}).meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** A reply by e-mail, in the language chosen (the sender's). */
export const SupportReplySchema = z
  .object({
    text: requiredText({ max: 10_000, multiline: true }),
    locale: z.enum(locales, { error: selectedOptionError }),
  })
  .meta({ id: 'SupportReplyBody' });
export type SupportReply = z.input<typeof SupportReplySchema>;
