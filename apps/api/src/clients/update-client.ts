import {
  type Client,
  type ClientUpdate,
  createErrorDetail,
  type ErrorDetail,
  parseBirthNumber,
} from '@opora/contracts';
import { clients, type Db } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import { clientColumns, resolveReferences, savePersons } from './client-input.ts';
import { readClient } from './client-views.ts';
import { hasHealthDataConsent, recordHealthDataConsent } from './health-data-consent.ts';

/**
 * Whether a stored birth number still fits a changed date of birth. A stored number the rules
 * refuse (an operator may have recorded one) cannot be compared, so it is left alone.
 */
function storedNumberMismatch(stored: string | null, dateOfBirth: string): boolean {
  if (stored === null) return false;
  const parsed = parseBirthNumber(stored);
  return parsed.valid && parsed.dateOfBirth !== dateOfBirth;
}

/**
 * `PUT /clients/{clientId}`: the whole form again, checked as on create, in one transaction. The
 * birth number is never sent back in full, so one left out is kept — unless the date of birth changed
 * and it no longer matches, which is the same field error the form gives (`birthNumber`,
 * `birthNumberDateOfBirthMismatch`). A person left out of the form is removed. A change that leaves no
 * health-data consent covering the client — "I am the client" turned off, so the caller's consent for
 * themselves no longer speaks for the person entered — needs `healthDataConsent`, then recorded on the
 * client's behalf; without it the change is refused on that field.
 */
export async function updateClient(
  db: Db,
  userId: string,
  clientId: string,
  input: ClientUpdate,
): Promise<Client> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ birthNumber: clients.birthNumber })
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, userId)))
      .for('update');
    if (!current) throw new NotFoundError();
    const { references, errors } = await resolveReferences(tx, input);
    const birthNumber = input.birthNumber === undefined ? current.birthNumber : input.birthNumber;
    const fieldErrors: ErrorDetail[] = [...errors];
    if (input.birthNumber === undefined && storedNumberMismatch(current.birthNumber, input.dateOfBirth)) {
      fieldErrors.push(createErrorDetail('birthNumber', 'birthNumberDateOfBirthMismatch'));
    }
    if (fieldErrors.length > 0) throw new FieldValidationError(fieldErrors);
    const consentNeeded = !(await hasHealthDataConsent(tx, userId, clientId, references.isSelf));
    if (consentNeeded && input.healthDataConsent !== true) {
      throw new FieldValidationError([createErrorDetail('healthDataConsent', 'healthDataConsentRequired')]);
    }
    await tx
      .update(clients)
      .set({ ...clientColumns(input, references), birthNumber })
      .where(eq(clients.id, clientId));
    await savePersons(tx, clientId, input);
    if (consentNeeded) await recordHealthDataConsent(tx, userId, clientId, references.isSelf);
  });
  return readClient(db, userId, clientId);
}
