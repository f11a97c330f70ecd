import { randomUUID } from 'node:crypto';
import {
  buildHref,
  type OperationInput,
  type OperationOutput,
  type Operations,
  operations,
} from '@opora/contracts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { giveSubscription } from './database.ts';
import { expect } from './fixtures.ts';
import {
  newClientWizardFirstStep,
  newPerson,
  signedInNewCarer,
  signInThroughForm,
  signUpByApi,
  type TestPerson,
} from './identity.ts';
import type { OwnProvider } from './staff.ts';

// A carer's records made through the API as the web app makes them, so a test starts where it means to:
// a case, the client (a daughter's mother), a request to a provider of the test's own (e2e/staff.ts).
// The screens that make them are the journeys of e2e/clients.spec.ts and e2e/requests.spec.ts.

export type Headers = { authorization: string };

/** The bearer of the page's signed-in session, for calls the test makes beside the page. */
export async function bearerOf(page: Page): Promise<Headers> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value;
  expect(token, 'signed in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** A new carer signed in on `page` (in the wizard, as after a first sign-in), and their bearer. */
export async function signedInCarer(
  page: Page,
  request: APIRequestContext,
): Promise<{ person: TestPerson; headers: Headers }> {
  const person = await signedInNewCarer(page, request);
  return { person, headers: await bearerOf(page) };
}

/** Calls an operation of the contracts' table by its id, typed by it; any failure fails the test. */
export async function callOperation<K extends keyof Operations>(
  request: APIRequestContext,
  headers: Headers,
  operationId: K,
  input: OperationInput<Operations[K]>,
  extraHeaders: Record<string, string> = {},
): Promise<OperationOutput<Operations[K]>> {
  const { method, path } = operations[operationId];
  const { params, body } = input as { params?: Record<string, string>; body?: unknown };
  const response = await request.fetch(buildHref(path, params), {
    method,
    headers: { ...headers, ...extraHeaders },
    ...(body === undefined ? {} : { data: body as object }),
  });
  return answerOf(response, operationId);
}

/** A one-page PDF, as a scanner sends a doctor's report. */
export const reportPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' +
    ' '.repeat(2048),
  'latin1',
);

type Residence = { street?: string; city: string; zipcode: string; countyCode: string };

/** Prague 4, where the test's own providers (and the demo provider) serve. */
export const prague4: Residence = {
  street: 'Hrnčířská 12',
  city: 'Praha 4',
  zipcode: '14900',
  countyCode: 'CZ0100',
};

/** A new case of the signed-in carer's. */
export async function createCaseByApi(request: APIRequestContext, headers: Headers): Promise<string> {
  const opened = await callOperation(request, headers, 'createCase', {
    body: { date: new Date().toISOString().slice(0, 10), fcServiceLevel: 1, name: 'Péče o maminku' },
  });
  return opened.id;
}

/**
 * The carer's mother, Marie Dvořáková, living at `residence`, entered for `caseId` (or for no case);
 * `reachable` adds her phone and a contact person (Jana Nováková), as a request to a provider needs.
 */
export async function createClientByApi(
  request: APIRequestContext,
  headers: Headers,
  {
    residence = prague4,
    caseId,
    reachable = false,
  }: { residence?: Residence; caseId?: string; reachable?: boolean },
): Promise<string> {
  const types = await callOperation(request, headers, 'listRelationshipTypes', {});
  const created = await callOperation(request, headers, 'createClient', {
    body: {
      isClient: false,
      relationshipTypeId: types.find((type) => type.code === 'child')?.id ?? '',
      firstName: 'Marie',
      lastName: 'Dvořáková',
      dateOfBirth: '1941-03-12',
      sex: 'female',
      residence,
      serviceAddressDiffers: false,
      healthDataConsent: true,
      ...(reachable
        ? {
            phone: '+420 601 222 333',
            contactPerson: { firstName: 'Jana', lastName: 'Nováková', phone: '+420 601 123 456' },
          }
        : {}),
      ...(caseId ? { caseId } : {}),
    },
  });
  return created.id;
}

/** A case, then its client (`createClientByApi`'s mother). */
export async function createClientCaseByApi(
  request: APIRequestContext,
  headers: Headers,
  client: { residence?: Residence; reachable?: boolean } = {},
): Promise<{ caseId: string; clientId: string }> {
  const caseId = await createCaseByApi(request, headers);
  return { caseId, clientId: await createClientByApi(request, headers, { ...client, caseId }) };
}

export type SentRequest = { id: string; code: string; clientName: string; carerEmail: string; carer: Page };

/**
 * A new carer (signed in, in a browser context of their own) sends a request for their mother, Marie
 * Dvořáková, to the provider's home care service: its questionnaire filled in, a doctor's report attached,
 * consent to share contacts given.
 */
export async function sendRequestByApi(
  browser: Browser,
  request: APIRequestContext,
  provider: OwnProvider,
): Promise<SentRequest> {
  const person = newPerson();
  await signUpByApi(request, person);
  const carer = await (await browser.newContext()).newPage();
  await signInThroughForm(carer, person.email, person.password);
  await expect(carer).toHaveURL(newClientWizardFirstStep);
  const headers = await bearerOf(carer);
  const { caseId } = await createClientCaseByApi(request, headers, { reachable: true });
  await giveSubscription(person.email);
  const draft = await callOperation(request, headers, 'openRequestDraft', {
    params: { caseId, serviceId: provider.serviceId },
  });
  for (const survey of draft.surveys) {
    await callOperation(request, headers, 'saveRequestDraftSurvey', {
      params: { draftId: draft.id, surveyDefinitionId: survey.surveyDefinitionId },
      body: {
        answers: {
          mobility: 'aid',
          diet: 'other',
          'diet-other': 'Bezlepková',
          'start-date': '2027-01-04',
          notes: 'Ráda luští křížovky.',
        },
        complete: true,
      },
    });
  }
  const report = await request.put(
    `/api/v1/web/request-drafts/${draft.id}/documents/${randomUUID()}?name=${encodeURIComponent('Lékařská zpráva.pdf')}`,
    { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: reportPdf },
  );
  expect(report.status(), await report.text()).toBeLessThan(300);
  const sent = await callOperation(request, headers, 'sendRequestDraft', {
    params: { draftId: draft.id },
    body: { providerConsent: true, message: 'Maminka potřebuje pomoc od ledna.\nVolejte prosím odpoledne.' },
  });
  return { id: sent.id, code: sent.code, clientName: 'Marie Dvořáková', carerEmail: person.email, carer };
}
