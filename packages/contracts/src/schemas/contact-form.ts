import { z } from 'zod';
import { EmailSchema, nameText, requiredText } from '../validation/fields.ts';

/** The public contact page: a message to the Opora team. */
export const ContactFormSchema = z
  .object({
    firstName: nameText(100),
    lastName: nameText(100),
    email: EmailSchema,
    text: requiredText({ max: 5000, multiline: true }),
  })
  .meta({ id: 'ContactForm' });
export type ContactForm = z.infer<typeof ContactFormSchema>;
