import {
  fullName,
  isValidIdentificationCode,
  type ProviderVerificationDetail,
  type ProviderVerificationQueue,
  type ServiceTypeCode,
} from '@opora/contracts';
import {
  type DbExecutor,
  facilities,
  facilityServices,
  providers,
  providerUsers,
  providerVerifications,
  serviceTypes,
  users,
} from '@opora/db';
import { and, arrayContains, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import {
  readCurrentProviderDocuments,
  readDecidedProviderDocuments,
} from '../provider-documents/provider-documents.ts';
import { readVerificationDetails } from './verification-records.ts';

/** `GET /api/v1/admin/provider-verifications`: the open checks, oldest first. */
export async function listVerificationQueue(db: DbExecutor): Promise<ProviderVerificationQueue> {
  const servicesCount = db
    .select({ providerId: facilityServices.providerId, total: count().as('total') })
    .from(facilityServices)
    .groupBy(facilityServices.providerId)
    .as('services_count');
  const rows = await db
    .select({
      verificationId: providerVerifications.id,
      kind: providerVerifications.kind,
      openedAt: providerVerifications.openedAt,
      providerId: providers.id,
      name: providers.name,
      country: providers.country,
      identificationCode: providers.identificationCode,
      servicesCount: servicesCount.total,
    })
    .from(providerVerifications)
    .innerJoin(providers, eq(providers.id, providerVerifications.providerId))
    .leftJoin(servicesCount, eq(servicesCount.providerId, providers.id))
    .where(eq(providerVerifications.status, 'open'))
    .orderBy(asc(providerVerifications.openedAt), asc(providerVerifications.id))
    .limit(500);
  return {
    items: rows.map((row) => ({
      verificationId: row.verificationId,
      kind: row.kind,
      openedAt: row.openedAt.toISOString(),
      provider: {
        id: row.providerId,
        name: row.name,
        country: row.country,
        identificationCode: row.identificationCode,
      },
      servicesCount: Number(row.servicesCount ?? 0),
    })),
  };
}

/** `GET …/provider-verifications/{id}`: everything staff check, side by side; 404 for an unknown id. */
export async function readVerificationDetail(
  db: DbExecutor,
  verificationId: string,
): Promise<ProviderVerificationDetail> {
  const [row] = await db
    .select({ verification: providerVerifications, provider: providers })
    .from(providerVerifications)
    .innerJoin(providers, eq(providers.id, providerVerifications.providerId))
    .where(eq(providerVerifications.id, verificationId));
  if (!row) throw new NotFoundError();
  const { verification, provider } = row;
  const details = await readVerificationDetails(db, provider.id);
  if (!details) throw new NotFoundError();

  const administrators = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      inviteEmail: providerUsers.inviteEmail,
      registered: sql<boolean>`${providerUsers.userId} is not null`,
      joinedAt: providerUsers.createdAt,
    })
    .from(providerUsers)
    .leftJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(eq(providerUsers.providerId, provider.id), arrayContains(providerUsers.roles, ['providerAdmin'])),
    )
    .orderBy(asc(providerUsers.createdAt));

  const services = await db
    .select({
      id: facilityServices.id,
      name: facilityServices.name,
      facility: facilities.name,
      serviceTypeCode: serviceTypes.code,
      legalReference: serviceTypes.legalReference,
      form: facilityServices.form,
      status: facilityServices.status,
      registerNumber: facilityServices.registerNumber,
    })
    .from(facilityServices)
    .innerJoin(facilities, eq(facilities.id, facilityServices.facilityId))
    .innerJoin(serviceTypes, eq(serviceTypes.id, facilityServices.serviceTypeId))
    .where(and(eq(facilityServices.providerId, provider.id), ne(facilityServices.status, 'archive')))
    .orderBy(asc(facilities.name), asc(facilityServices.name));

  const history = await db
    .select()
    .from(providerVerifications)
    .where(and(eq(providerVerifications.providerId, provider.id), ne(providerVerifications.status, 'open')))
    .orderBy(desc(providerVerifications.decidedAt));

  // A decided check shows the documents it had when staff decided (decision 0130).
  const documents =
    verification.status === 'open'
      ? await readCurrentProviderDocuments(db, provider.id)
      : await readDecidedProviderDocuments(db, verification.id);

  return {
    verificationId: verification.id,
    kind: verification.kind,
    status: verification.status,
    openedAt: verification.openedAt.toISOString(),
    provider: {
      id: provider.id,
      name: provider.name,
      country: provider.country,
      identificationCode: provider.identificationCode,
      revision: provider.revision,
      verified: provider.verified,
      verifiedAt: provider.verifiedAt?.toISOString() ?? null,
      identificationCodeValid:
        provider.identificationCode !== null && isValidIdentificationCode(provider.identificationCode),
    },
    // A decided check shows what staff decided on (a rejected claim's details are gone from the provider).
    details: verification.decidedDetails ?? details,
    previousDetails: verification.previousDetails ?? null,
    administrators: administrators.map((admin) => ({
      name: fullName(admin) || (admin.email ?? admin.inviteEmail ?? ''),
      email: admin.email ?? admin.inviteEmail ?? '',
      registered: admin.registered,
      joinedAt: admin.joinedAt.toISOString(),
    })),
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      facility: service.facility,
      serviceType: {
        code: service.serviceTypeCode as ServiceTypeCode,
        legalReference: service.legalReference,
      },
      form: service.form,
      status: service.status,
      registerNumber: service.registerNumber,
    })),
    history: history.flatMap((decided) =>
      decided.status === 'open' || !decided.decidedAt
        ? []
        : [
            {
              verificationId: decided.id,
              kind: decided.kind,
              outcome: decided.status,
              reason: decided.reason,
              note: decided.note,
              decidedAt: decided.decidedAt.toISOString(),
              decidedBy: decided.decidedByName ?? '',
            },
          ],
    ),
    documents,
  };
}
