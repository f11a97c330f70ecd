import { randomUUID } from 'node:crypto';
import {
  maxDocumentBytes,
  ProviderDocumentListSchema,
  ProviderDocumentSchema,
  ProviderVerificationDetailSchema,
} from '@opora/contracts';
import {
  documentContents,
  documents,
  providerDocuments,
  providerVerifications,
  staffAuditLog,
} from '@opora/db';
import { createFacility, createFacilityService, createProvider } from '@opora/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// Issue 25 §1 (decision 0130): a provider's registration decision or health-care licence, uploaded by
// its administrators and seen — and downloaded, audited — by staff on the check.

let server: AccountTestServer;
let staff: SignedInAccount;

beforeAll(async () => {
  // Fewer connections than the burst of uploads below: they queue as under load.
  server = await startAccountTestServer({ pool: { max: 4 }, env: { RATE_LIMIT_MAX: '100000' } });
  staff = await server.signedIn({ realmRoles: ['client', 'admin'], firstName: 'Eva', lastName: 'Kontrolní' });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function provider() {
  const created = await createProvider(db());
  const facility = await createFacility(db(), { providerId: created.id });
  const service = await createFacilityService(db(), { facilityId: facility.id });
  const [verification] = await db()
    .insert(providerVerifications)
    .values({ providerId: created.id, kind: 'new' })
    .returning({ id: providerVerifications.id });
  const other = await createProvider(db());
  return {
    providerId: created.id,
    serviceId: service.id,
    verificationId: verification?.id ?? '',
    administrator: await providerMember(server, created.id, ['providerAdmin']),
    worker: await providerMember(server, created.id, ['providerUser'], { facilityIds: [facility.id] }),
    stranger: await providerMember(server, other.id, ['providerAdmin']),
  };
}

const base = (providerId: string) => `/api/v1/provider/providers/${providerId}/verification-documents`;

function upload(
  caller: ProviderMember | SignedInAccount,
  providerId: string,
  content: Buffer,
  query: Record<string, string> = {
    name: 'rozhodnutí o registraci.pdf',
    kind: 'social-services-registration',
  },
  documentId: string = randomUUID(),
) {
  return server.app.inject({
    method: 'PUT',
    url: `${base(providerId)}/${documentId}?${new URLSearchParams(query)}`,
    headers: { ...caller.headers, 'content-type': 'application/octet-stream' },
    payload: content,
  });
}

const list = (caller: { headers: Record<string, string> }, providerId: string) =>
  server.app.inject({ url: base(providerId), headers: caller.headers });

const detail = async (verificationId: string) => {
  const response = await server.app.inject({
    url: `/api/v1/admin/provider-verifications/${verificationId}`,
    headers: staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ProviderVerificationDetailSchema.parse(response.json());
};

const staffDownload = (verificationId: string, documentId: string, headers = staff.headers) =>
  server.app.inject({
    url: `/api/v1/admin/provider-verifications/${verificationId}/documents/${documentId}`,
    headers,
  });

describe('verification documents', () => {
  it('lets the administrator upload, list, download and delete a document linked to a service', async () => {
    const team = await provider();
    const uploaded = await upload(team.administrator, team.providerId, pdf, {
      name: 'registrace.pdf',
      kind: 'social-services-registration',
      facilityServiceId: team.serviceId,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = ProviderDocumentSchema.parse(uploaded.json());
    expect(document).toMatchObject({
      kind: 'social-services-registration',
      fileName: 'registrace.pdf',
      contentType: 'application/pdf',
      size: pdf.byteLength,
      service: { id: team.serviceId },
      removed: false,
    });

    const listed = ProviderDocumentListSchema.parse((await list(team.administrator, team.providerId)).json());
    expect(listed.items.map((item) => item.id)).toEqual([document.id]);
    expect(listed).toMatchObject({ canEdit: true, verificationPending: true });
    expect(listed.services.map((service) => service.id)).toContain(team.serviceId);

    const download = await server.app.inject({
      url: `${base(team.providerId)}/${document.id}`,
      headers: team.administrator.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${base(team.providerId)}/${document.id}`,
      headers: team.administrator.headers,
    });
    expect(removed.statusCode).toBe(204);
    // Nothing relied on it: row and bytes are gone.
    expect(await db().$count(documents, eq(documents.id, document.id))).toBe(0);
    expect(
      ProviderDocumentListSchema.parse((await list(team.administrator, team.providerId)).json()).items,
    ).toEqual([]);
  });

  it('answers the same document to a retry with the same id', async () => {
    const team = await provider();
    const documentId = randomUUID();
    const first = await upload(team.administrator, team.providerId, pdf, undefined, documentId);
    const again = await upload(team.administrator, team.providerId, pdf, undefined, documentId);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await db().$count(documents, eq(documents.providerId, team.providerId))).toBe(1);
  });

  it('lets a worker read but not change; answers another provider 404 and a carer 403', async () => {
    const team = await provider();
    const stored = ProviderDocumentSchema.parse(
      (await upload(team.administrator, team.providerId, pdf)).json(),
    );
    const carer = await server.signedIn({ realmRoles: ['client'] });

    expect((await upload(team.worker, team.providerId, pdf)).statusCode).toBe(403);
    const workerList = ProviderDocumentListSchema.parse((await list(team.worker, team.providerId)).json());
    expect(workerList.canEdit).toBe(false);
    const workerDelete = await server.app.inject({
      method: 'DELETE',
      url: `${base(team.providerId)}/${stored.id}`,
      headers: team.worker.headers,
    });
    expect(workerDelete.statusCode).toBe(403);

    // Another provider's administrator: as if nothing were there; a carer has no provider role at all.
    for (const [outsider, status] of [
      [team.stranger, 404],
      [carer, 403],
    ] as const) {
      expect((await list(outsider, team.providerId)).statusCode).toBe(status);
      expect((await upload(outsider, team.providerId, pdf)).statusCode).toBe(status);
      const download = await server.app.inject({
        url: `${base(team.providerId)}/${stored.id}`,
        headers: outsider.headers,
      });
      expect(download.statusCode).toBe(status);
      const removal = await server.app.inject({
        method: 'DELETE',
        url: `${base(team.providerId)}/${stored.id}`,
        headers: outsider.headers,
      });
      expect(removal.statusCode).toBe(status);
    }
    // A service of another provider cannot be named.
    const foreignService = await createFacilityService(db());
    const linked = await upload(team.administrator, team.providerId, pdf, {
      name: 'a.pdf',
      kind: 'health-care-licence',
      facilityServiceId: foreignService.id,
    });
    expect(linked.statusCode).toBe(404);
  });

  it('refuses a disguised file and an oversize file, storing nothing', async () => {
    const team = await provider();
    // A Windows program named as a PDF.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const disguised = await upload(team.administrator, team.providerId, exe, {
      name: 'rozhodnuti.pdf',
      kind: 'social-services-registration',
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toMatchObject({ code: 'ProviderDocumentTypeNotAllowed' });

    const oversize = await upload(
      team.administrator,
      team.providerId,
      Buffer.concat([pdf, Buffer.alloc(maxDocumentBytes)]),
    );
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ code: 'PayloadTooLarge' });
    expect(await db().$count(documents, eq(documents.providerId, team.providerId))).toBe(0);
  });

  it('cleans hostile file names (NUL, a lone surrogate) and refuses a name too long with a clear 400', async () => {
    const team = await provider();
    const put = (query: string) =>
      server.app.inject({
        method: 'PUT',
        url: `${base(team.providerId)}/${randomUUID()}?${query}&kind=health-care-licence`,
        headers: { ...team.administrator.headers, 'content-type': 'application/octet-stream' },
        payload: pdf,
      });
    const nul = await put(`name=${encodeURIComponent('zpr\u0000áva.pdf')}`);
    expect(nul.statusCode, nul.body).toBe(201);
    expect(ProviderDocumentSchema.parse(nul.json()).fileName).toBe('zpráva.pdf');
    // A lone surrogate half as the raw bytes a client may send: cleaned or refused, never stored as is.
    const surrogate = await put('name=bad%ED%A0%80half.pdf');
    if (surrogate.statusCode === 201) {
      expect(ProviderDocumentSchema.parse(surrogate.json()).fileName).not.toMatch(/[\p{Cs}\p{Cc}]/u);
    } else {
      expect(surrogate.statusCode, surrogate.body).toBe(400);
    }
    for (const length of [1001, 1024 * 1024]) {
      const long = await put(`name=${'a'.repeat(length)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'ValidationFailed' });
    }
    expect(await db().$count(documents, eq(documents.providerId, team.providerId))).toBe(
      surrogate.statusCode === 201 ? 2 : 1,
    );
  });

  it('stores 12 simultaneous uploads whole, or refuses the ones past the limit cleanly', async () => {
    const team = await provider();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        upload(team.administrator, team.providerId, Buffer.concat([pdf, Buffer.from(`% ${index}\n`)]), {
          name: `doklad-${index}.pdf`,
          kind: 'health-care-licence',
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const rows = await db()
      .select({ id: documents.id, storageKey: documents.storageKey })
      .from(documents)
      .innerJoin(providerDocuments, eq(providerDocuments.documentId, documents.id))
      .where(eq(documents.providerId, team.providerId));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(await db().$count(documentContents, eq(documentContents.storageKey, row.storageKey))).toBe(1);
    }
    // Past the limit (20), the next ones are refused with nothing half-written.
    const more = await Promise.all(
      Array.from({ length: 12 }, () => upload(team.administrator, team.providerId, pdf)),
    );
    const codes = more.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(8);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    expect(more.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      code: 'ProviderDocumentLimitReached',
    });
    expect(await db().$count(documents, eq(documents.providerId, team.providerId))).toBe(20);
  });
});

describe('staff and the documents', () => {
  it('shows the documents on the check, audits each download, and keeps the decided list', async () => {
    const team = await provider();
    const kept = ProviderDocumentSchema.parse(
      (await upload(team.administrator, team.providerId, pdf)).json(),
    );
    const open = await detail(team.verificationId);
    expect(open.documents.map((document) => document.id)).toEqual([kept.id]);

    const download = await staffDownload(team.verificationId, kept.id);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toContain('no-store');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.recordId, team.providerId),
          eq(staffAuditLog.action, 'provider-document-downloaded'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: staff.userId,
      recordType: 'provider',
      details: { verificationId: team.verificationId, documentId: kept.id },
    });

    // A provider administrator is not staff; a document of another check is not this one's.
    expect((await staffDownload(team.verificationId, kept.id, team.administrator.headers)).statusCode).toBe(
      403,
    );
    const otherTeam = await provider();
    expect((await staffDownload(otherTeam.verificationId, kept.id)).statusCode).toBe(404);

    const decided = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/provider-verifications/${team.verificationId}/decision`,
      headers: staff.headers,
      payload: { outcome: 'approved', providerRevision: open.provider.revision },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // After the decision: a removal keeps the relied-on document for staff; a new one is not on the old check.
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${base(team.providerId)}/${kept.id}`,
      headers: team.administrator.headers,
    });
    expect(removed.statusCode).toBe(204);
    const later = ProviderDocumentSchema.parse(
      (await upload(team.administrator, team.providerId, pdf)).json(),
    );
    expect(
      ProviderDocumentListSchema.parse((await list(team.administrator, team.providerId)).json()).items,
    ).toEqual([expect.objectContaining({ id: later.id })]);
    const after = await detail(team.verificationId);
    expect(after.documents).toEqual([expect.objectContaining({ id: kept.id, removed: true })]);
    expect((await staffDownload(team.verificationId, kept.id)).statusCode).toBe(200);
    expect((await staffDownload(team.verificationId, later.id)).statusCode).toBe(404);
    // The provider no longer reaches the removed one.
    const providerDownload = await server.app.inject({
      url: `${base(team.providerId)}/${kept.id}`,
      headers: team.administrator.headers,
    });
    expect(providerDownload.statusCode).toBe(404);
  });
});
