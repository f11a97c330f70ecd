import { z } from 'zod';
import { EmailSchema, requiredText } from '../validation/fields.ts';

/** The public contact page: a message to the Opora team. */
export const ContactFormSchema = z
  .object({
    firstName: requiredText({ max: 100 }),
    lastName: requiredText({ max: 100 }),
    email: EmailSchema,
    text: requiredText({ max: 5000 }),
  })
  .meta({ id: 'ContactForm' });
export type ContactForm = z.infer<typeof ContactFormSchema>;
