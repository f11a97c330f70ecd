import {
  type AdminServiceCategory,
  AdminServiceCategorySchema,
  AdminServiceTaxonomySchema,
  type AdminServiceType,
  AdminServiceTypeSchema,
  type ServiceTaxonomy,
  type ServiceTypeCode,
} from '@opora/contracts';
import { facilityServices, serviceCategories, serviceTypes, staffAuditLog } from '@opora/db';
import { createFacility, createFacilityService, createProvider } from '@opora/db/testing';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// Service types in the staff console (issue 25 §4, decision 0131) through HTTP against real
// PostgreSQL, with the catalogue cache on (as in production): its trigger must clear it.

let server: AccountTestServer;
let admin: Record<string, string>;
let assistant: Record<string, string>;
let client: Record<string, string>;
let providerAdmin: ProviderMember;
let providerId: string;
let facilityId: string;
let socialCategoryId: string;

beforeAll(async () => {
  server = await startAccountTestServer({
    pool: { max: 6 },
    env: { RATE_LIMIT_MAX: '100000', CATALOGUE_CACHE_SECONDS: '300' },
  });
  const signIn = async (realmRoles: ('client' | 'admin' | 'assistant')[]) => {
    const account = await server.createAccount({ realmRoles });
    return bearer((await server.signIn(account.email, account.password)).accessToken);
  };
  admin = await signIn(['client', 'admin']);
  assistant = await signIn(['client', 'assistant']);
  client = await signIn(['client']);
  const provider = await createProvider(server.database.db);
  providerId = provider.id;
  facilityId = (await createFacility(server.database.db, { providerId })).id;
  providerAdmin = await providerMember(server, providerId, ['providerAdmin']);
  const list = await server.app.inject({ method: 'GET', url: baseUrl, headers: admin });
  socialCategoryId = AdminServiceTaxonomySchema.parse(list.json()).categories.find(
    (c) => c.code === 'social',
  )!.id;
});

afterAll(async () => {
  await server.close();
});

const baseUrl = '/api/v1/admin/service-types';
let codes = 0;
const uniqueCode = () => `test-type-${Date.now().toString(36)}-${++codes}`;
const names = (suffix: string) => ({ cs: `Typ ${suffix}`, en: `Type ${suffix}`, sk: `Typ SK ${suffix}` });

function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createType(code = uniqueCode()): Promise<AdminServiceType> {
  const response = await call(admin, 'POST', baseUrl, {
    code,
    serviceCategoryId: socialCategoryId,
    form: 'field',
    legalReference: '108/2006 Sb. § 99',
    names: names(code),
  });
  expect(response.statusCode, response.body).toBe(201);
  return AdminServiceTypeSchema.parse(response.json());
}

async function taxonomy(): Promise<ServiceTaxonomy> {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/web/service-types' });
  expect(response.statusCode).toBe(200);
  return response.json<ServiceTaxonomy>();
}

/** The catalogue cache is cleared when the notification arrives, a moment after the commit. */
async function eventually(check: () => Promise<void>) {
  await vi.waitFor(check, { timeout: 15_000, interval: 20 });
}

async function auditCount(recordId: string, action?: string) {
  const [row] = await server.database.db
    .select({ total: count() })
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.recordId, recordId),
        action ? eq(staffAuditLog.action, action as never) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

describe('who may manage service types', () => {
  it('lets a platform administrator in and refuses an assistant, a carer, a provider (403) and a guest (401)', async () => {
    expect((await call(admin, 'GET', baseUrl)).statusCode).toBe(200);
    const type = await createType();
    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['list', 'GET', baseUrl],
      [
        'create',
        'POST',
        baseUrl,
        { code: uniqueCode(), serviceCategoryId: socialCategoryId, form: 'day', names: names('x') },
      ],
      [
        'update',
        'PUT',
        `${baseUrl}/${type.id}`,
        { revision: type.revision, sortOrder: 5, names: names('y') },
      ],
      ['retire', 'POST', `${baseUrl}/${type.id}/retire`, { revision: type.revision }],
      ['unretire', 'POST', `${baseUrl}/${type.id}/unretire`, { revision: type.revision }],
      ['delete', 'DELETE', `${baseUrl}/${type.id}`],
    ];
    for (const [label, method, url, body] of attempts) {
      for (const headers of [assistant, client, providerAdmin.headers]) {
        expect((await call(headers, method, url, body)).statusCode, `${label}`).toBe(403);
      }
      expect((await call({}, method, url, body)).statusCode, `${label} guest`).toBe(401);
    }
    const [row] = await server.database.db.select().from(serviceTypes).where(eq(serviceTypes.id, type.id));
    expect(row).toMatchObject({ revision: 0, retiredAt: null, names: type.names });
  });
});

describe('a new type', () => {
  it('is offered to a provider and named in the catalogue at the next request (the cache cleared)', async () => {
    await taxonomy(); // cached now
    const type = await createType();
    await eventually(async () => {
      const listed = (await taxonomy()).serviceTypes.find((t) => t.id === type.id);
      expect(listed).toMatchObject({ code: type.code, names: type.names, retired: false });
    });
    const created = await call(
      providerAdmin.headers,
      'POST',
      `/api/v1/provider/providers/${providerId}/services`,
      {
        name: 'Nová služba',
        facilityId,
        serviceTypeId: type.id,
        countyCodes: ['CZ0100'],
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const list = AdminServiceTaxonomySchema.parse((await call(admin, 'GET', baseUrl)).json());
    expect(list.serviceTypes.find((t) => t.id === type.id)?.servicesCount).toBe(1);
    expect(await auditCount(type.id, 'service-type-created')).toBe(1);
  });

  it('answers 409 on a code that exists and 400 on a malformed one', async () => {
    const type = await createType();
    const again = await call(admin, 'POST', baseUrl, {
      code: type.code,
      serviceCategoryId: socialCategoryId,
      form: 'field',
      names: names('dup'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ property: 'code', code: 'NotUniqueValidator' });
    const bad = await call(admin, 'POST', baseUrl, {
      code: 'Bad Code',
      serviceCategoryId: socialCategoryId,
      form: 'field',
      names: names('bad'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses hostile names with a clear 400 and writes nothing', async () => {
    const before = await server.database.db.select({ total: count() }).from(serviceTypes);
    const hostile = ['a\u0000b', 'a\ud800b', 'x'.repeat(1024 * 1024), '   '];
    for (const value of hostile) {
      const code = uniqueCode();
      const response = await call(admin, 'POST', baseUrl, {
        code,
        serviceCategoryId: socialCategoryId,
        form: 'field',
        names: { ...names(code), en: value },
      });
      expect([400, 413], value.slice(0, 10)).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json().errors.map((e: { property: string }) => e.property)).toEqual(['names.en']);
      }
    }
    const after = await server.database.db.select({ total: count() }).from(serviceTypes);
    expect(after).toEqual(before);
  });
});

describe('editing', () => {
  it('saves names on the revision read; of 12 simultaneous edits one wins and the others get 409', async () => {
    const type = await createType();
    await taxonomy();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call(admin, 'PUT', `${baseUrl}/${type.id}`, {
          revision: type.revision,
          sortOrder: 500,
          legalReference: null,
          names: names(`edit ${index}`),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      code: 'RecordChangedByAnother',
      current: { id: type.id, revision: 1 },
    });
    const winner = AdminServiceTypeSchema.parse(responses.find((r) => r.statusCode === 200)!.json());
    await eventually(async () => {
      expect((await taxonomy()).serviceTypes.find((t) => t.id === type.id)?.names).toEqual(winner.names);
    });
    expect(await auditCount(type.id, 'service-type-updated')).toBe(1);
  });
});

describe('retiring and deleting', () => {
  it('a retired type is not offered for new services; existing ones keep it and stay listed', async () => {
    const type = await createType();
    const service = await createFacilityService(server.database.db, {
      facilityId,
      serviceTypeCode: type.code as ServiceTypeCode,
    });
    const retired = await call(admin, 'POST', `${baseUrl}/${type.id}/retire`, { revision: type.revision });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().retiredAt).not.toBeNull();
    const again = await call(admin, 'POST', `${baseUrl}/${type.id}/retire`, {
      revision: retired.json().revision,
    });
    expect(again.statusCode).toBe(409);

    await eventually(async () => {
      expect((await taxonomy()).serviceTypes.find((t) => t.id === type.id)).toMatchObject({ retired: true });
    });
    const refused = await call(
      providerAdmin.headers,
      'POST',
      `/api/v1/provider/providers/${providerId}/services`,
      {
        name: 'Další služba',
        facilityId,
        serviceTypeId: type.id,
        countyCodes: ['CZ0100'],
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ property: 'serviceTypeId', code: 'invalidOption' });
    const [kept] = await server.database.db
      .select({ serviceTypeId: facilityServices.serviceTypeId })
      .from(facilityServices)
      .where(eq(facilityServices.id, service.id));
    expect(kept?.serviceTypeId).toBe(type.id);
    const detail = await server.app.inject({ method: 'GET', url: `/api/v1/web/services/${service.id}` });
    expect(detail.statusCode).toBe(200);

    // An unused retired type leaves the public taxonomy.
    const unused = await createType();
    await call(admin, 'POST', `${baseUrl}/${unused.id}/retire`, { revision: unused.revision });
    await eventually(async () => {
      expect((await taxonomy()).serviceTypes.some((t) => t.id === unused.id)).toBe(false);
    });

    const back = await call(admin, 'POST', `${baseUrl}/${type.id}/unretire`, {
      revision: retired.json().revision,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().retiredAt).toBeNull();
    expect(await auditCount(type.id, 'service-type-retired')).toBe(1);
    expect(await auditCount(type.id, 'service-type-unretired')).toBe(1);
  });

  it('deletes an unused type, refuses one in use with 409 ServiceTypeInUse', async () => {
    const used = await createType();
    await createFacilityService(server.database.db, {
      facilityId,
      serviceTypeCode: used.code as ServiceTypeCode,
    });
    const refused = await call(admin, 'DELETE', `${baseUrl}/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ServiceTypeInUse');
    expect(await auditCount(used.id, 'service-type-deleted')).toBe(0);

    const unused = await createType();
    await taxonomy();
    expect((await call(admin, 'DELETE', `${baseUrl}/${unused.id}`)).statusCode).toBe(204);
    await eventually(async () => {
      expect((await taxonomy()).serviceTypes.some((t) => t.id === unused.id)).toBe(false);
    });
    expect((await call(admin, 'DELETE', `${baseUrl}/${unused.id}`)).statusCode).toBe(404);
    expect(await auditCount(unused.id, 'service-type-deleted')).toBe(1);
  });
});

describe('a category’s names', () => {
  const categoryUrl = (id: string) => `/api/v1/admin/service-categories/${id}`;

  async function socialCategory(): Promise<AdminServiceCategory> {
    const list = AdminServiceTaxonomySchema.parse((await call(admin, 'GET', baseUrl)).json());
    return list.categories.find((category) => category.id === socialCategoryId)!;
  }

  async function storedNames() {
    const [row] = await server.database.db
      .select({ names: serviceCategories.names })
      .from(serviceCategories)
      .where(eq(serviceCategories.id, socialCategoryId));
    return row?.names;
  }

  /** Puts the seeded names back, whatever a test left. */
  async function restore(original: AdminServiceCategory['names']) {
    await server.database.db
      .update(serviceCategories)
      .set({ names: original })
      .where(eq(serviceCategories.id, socialCategoryId));
  }

  it('are renamed by a platform administrator, audited and shown by the public taxonomy', async () => {
    const category = await socialCategory();
    await taxonomy(); // cached now
    const renamed = {
      cs: 'Sociální péče (test)',
      en: 'Social care (test)',
      sk: 'Sociálna starostlivosť (test)',
    };
    const auditedBefore = await auditCount(socialCategoryId, 'service-type-updated');
    try {
      const response = await call(admin, 'PUT', categoryUrl(socialCategoryId), {
        names: renamed,
        previousNames: category.names,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(AdminServiceCategorySchema.parse(response.json())).toMatchObject({
        id: socialCategoryId,
        code: 'social',
        names: renamed,
        servicesCount: category.servicesCount,
      });
      await eventually(async () => {
        expect((await taxonomy()).categories.find((c) => c.id === socialCategoryId)?.names).toEqual(renamed);
      });
      expect(await auditCount(socialCategoryId, 'service-type-updated')).toBe(auditedBefore + 1);
      const [entry] = await server.database.db
        .select({ recordType: staffAuditLog.recordType, details: staffAuditLog.details })
        .from(staffAuditLog)
        .where(eq(staffAuditLog.recordId, socialCategoryId))
        .orderBy(desc(staffAuditLog.id))
        .limit(1);
      expect(entry).toEqual({
        recordType: 'service-type',
        details: { category: 'social', before: { names: category.names }, after: { names: renamed } },
      });
    } finally {
      await restore(category.names);
    }
  });

  it('are saved on the names read: a stale save, and all but one of simultaneous saves, get 409', async () => {
    const category = await socialCategory();
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          call(admin, 'PUT', categoryUrl(socialCategoryId), {
            names: names(`category ${index}`),
            previousNames: category.names,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(5);
      const winner = AdminServiceCategorySchema.parse(responses.find((r) => r.statusCode === 200)!.json());
      const refused = responses.find((response) => response.statusCode === 409)!;
      expect(refused.json()).toMatchObject({
        code: 'RecordChangedByAnother',
        current: { id: socialCategoryId, names: winner.names },
      });

      // The first reading again, after the winner's save: refused, the winner's names kept.
      const stale = await call(admin, 'PUT', categoryUrl(socialCategoryId), {
        names: names('stale'),
        previousNames: category.names,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.names).toEqual(winner.names);
      expect(await storedNames()).toEqual(winner.names);
    } finally {
      await restore(category.names);
    }
  });

  it('refuses an assistant, a carer, a provider (403) and a guest (401); an unknown category is 404', async () => {
    const category = await socialCategory();
    const body = { names: names('refused'), previousNames: category.names };
    for (const headers of [assistant, client, providerAdmin.headers]) {
      expect((await call(headers, 'PUT', categoryUrl(socialCategoryId), body)).statusCode).toBe(403);
    }
    expect((await call({}, 'PUT', categoryUrl(socialCategoryId), body)).statusCode).toBe(401);
    expect(
      (await call(admin, 'PUT', categoryUrl('00000000-0000-4000-8000-000000000000'), body)).statusCode,
    ).toBe(404);
    expect(await storedNames()).toEqual(category.names);
  });

  it('refuses hostile names with a clear 400 and writes nothing', async () => {
    const category = await socialCategory();
    const audited = await auditCount(socialCategoryId);
    const hostile = ['a\u0000b', 'a\ud800b', 'x'.repeat(121), 'x'.repeat(1024 * 1024), '   ', ''];
    for (const value of hostile) {
      const response = await call(admin, 'PUT', categoryUrl(socialCategoryId), {
        names: { ...category.names, en: value },
        previousNames: category.names,
      });
      expect([400, 413], value.slice(0, 10)).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json().errors.map((e: { property: string }) => e.property)).toEqual(['names.en']);
      }
    }
    const missing = await call(admin, 'PUT', categoryUrl(socialCategoryId), { names: category.names });
    expect(missing.statusCode).toBe(400);
    expect(await storedNames()).toEqual(category.names);
    expect(await auditCount(socialCategoryId)).toBe(audited);
  });
});
