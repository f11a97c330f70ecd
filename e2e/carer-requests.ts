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
import { newClientWizardFirstStep, newPerson, signInThroughForm, signUpByApi } from './identity.ts';
import type { OwnProvider } from './staff.ts';

// A carer's request to a provider of the test's own (e2e/staff.ts), sent through the API as the web
// app sends it (the sending itself is e2e/requests.spec.ts's journey): the provider's specs start from it.

export type Headers = { authorization: string };

/** The bearer of the page's signed-in session, for calls the test makes beside the page. */
export async function bearerOf(page: Page): Promise<Headers> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value;
  expect(token, 'signed in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
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
  const careCase = await callOperation(request, headers, 'createCase', {
    body: { date: new Date().toISOString().slice(0, 10), fcServiceLevel: 1, name: 'Péče o maminku' },
  });
  const types = await callOperation(request, headers, 'listRelationshipTypes', {});
  const lastName = 'Dvořáková';
  await callOperation(request, headers, 'createClient', {
    body: {
      isClient: false,
      relationshipTypeId: types.find((type) => type.code === 'child')?.id ?? '',
      firstName: 'Marie',
      lastName,
      dateOfBirth: '1941-03-12',
      sex: 'female',
      phone: '+420 601 222 333',
      residence: { street: 'Hrnčířská 12', city: 'Praha 4', zipcode: '14900', countyCode: 'CZ0100' },
      serviceAddressDiffers: false,
      contactPerson: { firstName: 'Jana', lastName: 'Nováková', phone: '+420 601 123 456' },
      healthDataConsent: true,
      caseId: careCase.id,
    },
  });
  await giveSubscription(person.email);
  const draft = await callOperation(request, headers, 'openRequestDraft', {
    params: { caseId: careCase.id, serviceId: provider.serviceId },
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
  return { id: sent.id, code: sent.code, clientName: `Marie ${lastName}`, carerEmail: person.email, carer };
}
