import { randomUUID } from 'node:crypto';
import {
  type CareRequest,
  CareRequestSchema,
  type DocumentFile,
  DocumentFileSchema,
  maxDocumentBytes,
  maxDocumentsPerRequest,
  type RequestDraft,
  RequestDraftSchema,
} from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  documentContents,
  documents,
  requestDrafts,
  requestStatuses,
} from '@opora/db';
import {
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createSubscription,
} from '@opora/db/testing';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { providerMember } from '../provider-inbox/testing/provider-member.ts';
import { findProviderCareRequestDocument } from './request-documents.ts';
import { elfExecutable, htmlPage, plainZip, tinyDocx, tinyJpeg, tinyPdf, tinyPng } from './testing/files.ts';

// The app gets a pool smaller than the simultaneous uploads the concurrency tests send.
const poolSize = 4;

let server: AccountTestServer;
let origin: string;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server does not listen');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server.close();
});

interface Setup {
  caller: SignedInAccount;
  draft: RequestDraft;
  providerId: string;
}

/** A carer with a subscription, a client and case, and the review page of a verified provider's service. */
async function prepared(caller?: SignedInAccount): Promise<Setup> {
  const db = server.database.db;
  const who = caller ?? (await server.signedIn());
  const client = await createClient(db, { ownerUserId: who.userId });
  const careCase = await createCase(db, { ownerUserId: who.userId, clientId: client.id });
  const provider = await createProvider(db, { verified: true });
  const facility = await createFacility(db, { providerId: provider.id });
  const service = await createFacilityService(db, { facilityId: facility.id });
  if (!caller) await createSubscription(db, { userId: who.userId });
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/v1/web/cases/${careCase.id}/request-drafts/${service.id}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { caller: who, draft: RequestDraftSchema.parse(response.json()), providerId: provider.id };
}

type Owner = { draftId: string } | { careRequestId: string };

function documentsPath(owner: Owner, documentId: string): string {
  return 'draftId' in owner
    ? `/api/v1/web/request-drafts/${owner.draftId}/documents/${documentId}`
    : `/api/v1/web/care-requests/${owner.careRequestId}/documents/${documentId}`;
}

/** An upload over real HTTP, as the browser sends it. */
function upload(
  caller: SignedInAccount,
  owner: Owner,
  content: Buffer | ReadableStream<Uint8Array>,
  { name = 'zprava.pdf', documentId = randomUUID(), contentType = 'application/octet-stream' } = {},
) {
  return fetch(`${origin}${documentsPath(owner, documentId)}?${new URLSearchParams({ name })}`, {
    method: 'PUT',
    headers: { ...caller.headers, 'content-type': contentType },
    body: content,
    ...(content instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function uploaded(
  caller: SignedInAccount,
  owner: Owner,
  content: Buffer,
  options = {},
): Promise<DocumentFile> {
  const response = await upload(caller, owner, content, options);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return DocumentFileSchema.parse(JSON.parse(text));
}

function download(caller: SignedInAccount, owner: Owner, documentId: string) {
  return fetch(`${origin}${documentsPath(owner, documentId)}`, { headers: caller.headers });
}

function remove(caller: SignedInAccount, owner: Owner, documentId: string) {
  return fetch(`${origin}${documentsPath(owner, documentId)}`, { method: 'DELETE', headers: caller.headers });
}

async function draftView(setup: Setup): Promise<RequestDraft> {
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/v1/web/cases/${setup.draft.case.id}/request-drafts/${setup.draft.service.id}`,
    headers: setup.caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return RequestDraftSchema.parse(response.json());
}

async function send(setup: Setup): Promise<CareRequest> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/web/request-drafts/${setup.draft.id}/send`,
    headers: setup.caller.headers,
    payload: { providerConsent: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return CareRequestSchema.parse(response.json());
}

async function readRequest(caller: SignedInAccount, careRequestId: string): Promise<CareRequest> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/web/care-requests/${careRequestId}`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return CareRequestSchema.parse(response.json());
}

/** Rows of both tables for a draft (documents) and in all (bytes), to show nothing was half-written. */
async function stored(draftId: string) {
  const db = server.database.db;
  const [rows] = await db.select({ n: count() }).from(documents).where(eq(documents.requestDraftId, draftId));
  const [bytes] = await db
    .select({ n: count() })
    .from(documentContents)
    .innerJoin(documents, eq(documents.storageKey, documentContents.storageKey))
    .where(eq(documents.requestDraftId, draftId));
  return { rows: rows?.n ?? 0, bytes: bytes?.n ?? 0 };
}

async function problemCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code;
}

const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('uploading to a request being prepared', () => {
  it('stores each allowed type by its content, lists it on the review page and downloads the same bytes', async () => {
    const setup = await prepared();
    const owner = { draftId: setup.draft.id };
    const files = [
      { content: tinyPdf(), name: 'Zpráva od lékaře.pdf', type: 'application/pdf' },
      { content: tinyPng(), name: 'fotka.png', type: 'image/png' },
      { content: tinyJpeg(), name: 'sken.JPG', type: 'image/jpeg' },
      { content: tinyDocx(), name: 'dopis.docx', type: docxType },
    ];
    const made: DocumentFile[] = [];
    for (const file of files) {
      made.push(await uploaded(setup.caller, owner, file.content, { name: file.name }));
    }
    expect(made.map((document) => [document.fileName, document.contentType, document.size])).toEqual(
      files.map((file) => [file.name, file.type, file.content.byteLength]),
    );
    expect((await draftView(setup)).documents).toEqual(made);

    for (const [index, document] of made.entries()) {
      const response = await download(setup.caller, owner, document.id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(files[index]?.type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${document.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
      );
      expect(Buffer.from(await response.arrayBuffer()).equals(files[index]?.content ?? Buffer.alloc(0))).toBe(
        true,
      );
    }
  });

  it('refuses a disguised file by its content, whatever its name and headers say, writing nothing', async () => {
    const setup = await prepared();
    const owner = { draftId: setup.draft.id };
    for (const content of [elfExecutable(), htmlPage(), plainZip(), Buffer.alloc(0), Buffer.from('%PDX')]) {
      const response = await upload(setup.caller, owner, content, { name: 'zprava.pdf' });
      expect(response.status).toBe(415);
      expect(await problemCode(response)).toBe('DocumentTypeNotAllowed');
    }
    // Only the raw file is taken: JSON or a form is not an upload.
    const json = await upload(setup.caller, owner, Buffer.from('{}'), { contentType: 'application/json' });
    expect(json.status).toBe(400);
    const form = await upload(setup.caller, owner, tinyPdf(), {
      contentType: 'multipart/form-data; boundary=x',
    });
    expect(form.status).toBe(415);
    expect(await problemCode(form)).toBe('UnsupportedMediaType');
    expect(await stored(setup.draft.id)).toMatchObject({ rows: 0, bytes: 0 });
  });

  it('refuses a file over 10 MB, sent whole or streamed, before storing anything', async () => {
    const setup = await prepared();
    const owner = { draftId: setup.draft.id };
    const tooBig = Buffer.concat([tinyPdf(), Buffer.alloc(maxDocumentBytes + 1 - tinyPdf().byteLength)]);
    expect(tooBig.byteLength).toBe(maxDocumentBytes + 1);
    const whole = await upload(setup.caller, owner, tooBig);
    expect(whole.status).toBe(413);
    expect(await problemCode(whole)).toBe('PayloadTooLarge');

    // Without a length up front (chunked), reading stops at the limit.
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > maxDocumentBytes + chunk.byteLength) return controller.close();
        controller.enqueue(sent === 0 ? Buffer.concat([tinyPdf(), chunk]) : chunk);
        sent += chunk.byteLength;
      },
    });
    const streamed = await upload(setup.caller, owner, stream).catch((error: unknown) => error);
    // The server answers 413 and may close the connection while the client still sends.
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    else expect(streamed).toBeInstanceOf(Error);

    // Exactly the limit is taken.
    const atLimit = Buffer.concat([tinyPdf(), Buffer.alloc(maxDocumentBytes - tinyPdf().byteLength)]);
    const taken = await uploaded(setup.caller, owner, atLimit);
    expect(taken.size).toBe(maxDocumentBytes);
    expect(await stored(setup.draft.id)).toMatchObject({ rows: 1, bytes: 1 });
  });

  it(`holds at most ${maxDocumentsPerRequest} documents, also when uploads come all at once`, async () => {
    const setup = await prepared();
    const owner = { draftId: setup.draft.id };
    // Three times the pool: uploads wait for connections while others hold the draft's lock.
    const answers = await Promise.all(
      Array.from({ length: maxDocumentsPerRequest + 2 }, (_, index) =>
        upload(setup.caller, owner, tinyPng(), { name: `fotka-${index}.png` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxDocumentsPerRequest);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual([409, 409]);
    expect(await Promise.all(refused.map(problemCode))).toEqual([
      'DocumentLimitReached',
      'DocumentLimitReached',
    ]);
    expect(await stored(setup.draft.id)).toMatchObject({
      rows: maxDocumentsPerRequest,
      bytes: maxDocumentsPerRequest,
    });

    // After a removal, the refused upload tried again goes through.
    const [first] = (await draftView(setup)).documents;
    expect((await remove(setup.caller, owner, first?.id ?? '')).status).toBe(204);
    await uploaded(setup.caller, owner, tinyPng(), { name: 'znovu.png' });
    expect(await stored(setup.draft.id)).toMatchObject({ rows: maxDocumentsPerRequest });
  });

  it('stores a double submit (the same id twice at once) once, and a retry after a refusal', async () => {
    const setup = await prepared();
    const owner = { draftId: setup.draft.id };
    const documentId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(setup.caller, owner, tinyPdf(), { documentId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(await stored(setup.draft.id)).toMatchObject({ rows: 1, bytes: 1 });

    const retried = randomUUID();
    expect((await upload(setup.caller, owner, htmlPage(), { documentId: retried })).status).toBe(415);
    const document = await uploaded(setup.caller, owner, tinyPdf(), { documentId: retried });
    expect(document.id).toBe(retried);
    expect(await stored(setup.draft.id)).toMatchObject({ rows: 2, bytes: 2 });

    // An id of another document (here on another draft) is not taken over.
    const other = await prepared(setup.caller);
    const taken = await upload(setup.caller, { draftId: other.draft.id }, tinyPdf(), { documentId: retried });
    expect(taken.status).toBe(409);
  });

  it('cleans hostile file names and refuses one too long to be a name', async () => {
    const setup = await prepared();
    const owner = { draftId: setup.draft.id };
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd.pdf'],
      ['C:\\Users\\eva\\Desktop\\zpráva.pdf', 'zpráva.pdf'],
      ['zpr\u0000áva\u0007.pdf', 'zpráva.pdf'],
      // A URL cannot carry a lone surrogate half: the browser sends U+FFFD (the raw bytes: below).
      ['bad\ud800half\udc00.pdf', 'bad\ufffdhalf\ufffd.pdf'],
      ['fdp.\u202Eexe.pdf', 'fdp.exe.pdf'],
      ['...', 'document.pdf'],
      ['<img src=x onerror=alert(1)>.pdf', '_img src=x onerror=alert(1)_.pdf'],
      ['fotka.png', 'fotka.png.pdf'],
      [`${'ž'.repeat(500)}.pdf`, `${'ž'.repeat(116)}.pdf`],
      ['😀'.repeat(200), `${'😀'.repeat(116)}.pdf`],
    ];
    for (const [name, cleaned] of names) {
      const document = await uploaded(setup.caller, owner, tinyPdf(), { name });
      expect(document.fileName, JSON.stringify(name)).toBe(cleaned);
      const response = await download(setup.caller, owner, document.id);
      expect(response.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(cleaned).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
      await response.arrayBuffer();
      expect((await remove(setup.caller, owner, document.id)).status).toBe(204);
    }
    // Surrogate halves and NUL as raw bytes in the address.
    const raw = await fetch(
      `${origin}${documentsPath(owner, randomUUID())}?name=bad%ED%A0%80half%00%C0%AF.pdf`,
      {
        method: 'PUT',
        headers: { ...setup.caller.headers, 'content-type': 'application/octet-stream' },
        body: tinyPdf(),
      },
    );
    const rawText = await raw.text();
    if (raw.status === 201) {
      const { fileName, id } = DocumentFileSchema.parse(JSON.parse(rawText));
      expect(fileName).not.toMatch(/[\p{Cs}\p{Cc}]/u);
      expect(fileName.endsWith('.pdf')).toBe(true);
      expect((await remove(setup.caller, owner, id)).status).toBe(204);
    } else {
      expect(raw.status, rawText).toBe(400);
    }
    const long = await upload(setup.caller, owner, tinyPdf(), { name: 'a'.repeat(1001) });
    expect(long.status).toBe(400);
    // A megabyte of name does not fit in a request line at all.
    const huge = await upload(setup.caller, owner, tinyPdf(), { name: 'a'.repeat(1024 * 1024) }).catch(
      (error: unknown) => error,
    );
    if (huge instanceof Response) expect([400, 414, 431]).toContain(huge.status);
    const empty = await upload(setup.caller, owner, tinyPdf(), { name: '' });
    expect(empty.status).toBe(400);
    expect(await stored(setup.draft.id)).toMatchObject({ rows: 0, bytes: 0 });
  });

  it('answers 404 for another user’s draft and document, on upload, download and removal', async () => {
    const mine = await prepared();
    const theirs = await prepared();
    const theirDocument = await uploaded(theirs.caller, { draftId: theirs.draft.id }, tinyPdf());
    const myDocument = await uploaded(mine.caller, { draftId: mine.draft.id }, tinyPdf());

    const theirDraft = { draftId: theirs.draft.id };
    expect((await upload(mine.caller, theirDraft, tinyPdf())).status).toBe(404);
    expect((await download(mine.caller, theirDraft, theirDocument.id)).status).toBe(404);
    expect((await remove(mine.caller, theirDraft, theirDocument.id)).status).toBe(404);
    // Their document named under my draft.
    const myDraft = { draftId: mine.draft.id };
    expect((await download(mine.caller, myDraft, theirDocument.id)).status).toBe(404);
    expect((await remove(mine.caller, myDraft, theirDocument.id)).status).toBe(404);
    // A missing one.
    expect((await download(mine.caller, myDraft, randomUUID())).status).toBe(404);
    expect(await stored(theirs.draft.id)).toMatchObject({ rows: 1, bytes: 1 });
    expect((await download(mine.caller, myDraft, myDocument.id)).status).toBe(200);
  });
});

describe('documents of a sent request', () => {
  it('moves the draft’s documents to the request when it is sent', async () => {
    const setup = await prepared();
    const document = await uploaded(setup.caller, { draftId: setup.draft.id }, tinyPdf());
    const request = await send(setup);
    expect(request.documents).toEqual([document]);
    expect(await stored(setup.draft.id)).toMatchObject({ rows: 0 });
    const response = await download(setup.caller, { careRequestId: request.id }, document.id);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(tinyPdf())).toBe(true);
    // The draft is gone: its paths answer 404.
    expect((await download(setup.caller, { draftId: setup.draft.id }, document.id)).status).toBe(404);
    expect((await upload(setup.caller, { draftId: setup.draft.id }, tinyPdf())).status).toBe(404);
  });

  it('records an addition and a removal in the history the provider sees, never silently', async () => {
    const setup = await prepared();
    const request = await send(setup);
    const owner = { careRequestId: request.id };
    const document = await uploaded(setup.caller, owner, tinyPng(), { name: 'lékařská zpráva.png' });
    expect((await readRequest(setup.caller, request.id)).documents).toEqual([document]);
    const [row] = await server.database.db
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, document.id));

    // A double click on Remove: one removal, one event.
    const removals = await Promise.all([1, 2, 3].map(() => remove(setup.caller, owner, document.id)));
    expect(removals.map((response) => response.status).toSorted()).toEqual([204, 404, 404]);
    const after = await readRequest(setup.caller, request.id);
    expect(after.documents).toEqual([]);
    expect(after.events.map((event) => [event.kind, event.documentName, event.actor])).toEqual([
      ['created', null, 'requester'],
      ['document-added', 'lékařská zpráva.png', 'requester'],
      ['document-removed', 'lékařská zpráva.png', 'requester'],
    ]);
    const stillThere = await server.database.db
      .select({ n: count() })
      .from(documentContents)
      .where(eq(documentContents.storageKey, row?.storageKey ?? ''));
    expect(stillThere[0]?.n).toBe(0);
  });

  it('takes no new documents once the request is closed, but still lets the sender remove one', async () => {
    const setup = await prepared();
    const request = await send(setup);
    const owner = { careRequestId: request.id };
    const document = await uploaded(setup.caller, owner, tinyPdf());
    const withdrawn = await server.app.inject({
      method: 'POST',
      url: `/api/v1/web/care-requests/${request.id}/withdraw`,
      headers: setup.caller.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    const refused = await upload(setup.caller, owner, tinyPdf());
    expect(refused.status).toBe(409);
    // The same upload repeated (a retry of one that went through) still answers it.
    expect((await uploaded(setup.caller, owner, tinyPdf(), { documentId: document.id })).id).toBe(
      document.id,
    );
    expect((await remove(setup.caller, owner, document.id)).status).toBe(204);
  });

  it('respects the limit on a sent request too, counting what came with the draft', async () => {
    const setup = await prepared();
    for (let index = 0; index < maxDocumentsPerRequest - 1; index += 1) {
      await uploaded(setup.caller, { draftId: setup.draft.id }, tinyJpeg(), { name: `sken-${index}.jpg` });
    }
    const request = await send(setup);
    const owner = { careRequestId: request.id };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => upload(setup.caller, owner, tinyPdf())));
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 409, 409, 409, 409]);
    const events = await server.database.db
      .select({ n: count() })
      .from(careRequestEvents)
      .where(
        and(eq(careRequestEvents.careRequestId, request.id), eq(careRequestEvents.kind, 'document-added')),
      );
    expect(events[0]?.n).toBe(1);
  });

  it('answers 404 for another user’s request and its documents', async () => {
    const mine = await prepared();
    const theirs = await prepared();
    const theirRequest = await send(theirs);
    const theirOwner = { careRequestId: theirRequest.id };
    const theirDocument = await uploaded(theirs.caller, theirOwner, tinyPdf());
    expect((await upload(mine.caller, theirOwner, tinyPdf())).status).toBe(404);
    expect((await download(mine.caller, theirOwner, theirDocument.id)).status).toBe(404);
    expect((await remove(mine.caller, theirOwner, theirDocument.id)).status).toBe(404);
    const myRequest = await send(mine);
    expect((await download(mine.caller, { careRequestId: myRequest.id }, theirDocument.id)).status).toBe(404);
    expect((await readRequest(theirs.caller, theirRequest.id)).events.map((event) => event.kind)).toEqual([
      'created',
      'document-added',
    ]);
  });

  it('lets the staff of the provider the request went to find its documents, and nobody else', async () => {
    const db = server.database.db;
    const setup = await prepared();
    const request = await send(setup);
    const document = await uploaded(setup.caller, { careRequestId: request.id }, tinyPdf());
    const staff = await providerMember(server, setup.providerId, ['providerAdmin']);
    const otherProvider = await createProvider(db);
    const otherStaff = await providerMember(server, otherProvider.id, ['providerAdmin']);
    const scopeOf = (caller: { userId: string; subject: string; email: string }, providerId: string) =>
      resolveProviderScope(db, { ...caller, roles: [] }, providerId);

    expect(
      await findProviderCareRequestDocument(
        db,
        await scopeOf(staff, setup.providerId),
        request.id,
        document.id,
      ),
    ).toMatchObject({ id: document.id, contentType: 'application/pdf' });
    expect(
      await findProviderCareRequestDocument(
        db,
        await scopeOf(otherStaff, otherProvider.id),
        request.id,
        document.id,
      ),
    ).toBeUndefined();
    await expect(scopeOf(setup.caller, setup.providerId)).rejects.toThrow();
  });
});

describe('deleting the account', () => {
  it('removes documents of requests being prepared and keeps those of sent requests', async () => {
    const db = server.database.db;
    const setup = await prepared();
    const sentDocument = await uploaded(setup.caller, { draftId: setup.draft.id }, tinyPdf());
    const request = await send(setup);
    // A second service of the same case, prepared but never sent.
    const facility = await createFacility(db, { providerId: setup.providerId });
    const service = await createFacilityService(db, { facilityId: facility.id });
    const opened = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/web/cases/${setup.draft.case.id}/request-drafts/${service.id}`,
      headers: setup.caller.headers,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const draftId = RequestDraftSchema.parse(opened.json()).id;
    const draftDocument = await uploaded(setup.caller, { draftId }, tinyPng());

    const deleted = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/web/users/me',
      headers: setup.caller.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const left = await db
      .select({ id: documents.id, careRequestId: documents.careRequestId })
      .from(documents)
      .where(inArray(documents.id, [sentDocument.id, draftDocument.id]));
    expect(left).toEqual([{ id: sentDocument.id, careRequestId: request.id }]);
    expect(await db.select().from(requestDrafts).where(eq(requestDrafts.id, draftId))).toEqual([]);
    const [bytes] = await db
      .select({ n: count() })
      .from(documentContents)
      .innerJoin(documents, eq(documents.storageKey, documentContents.storageKey))
      .where(eq(documents.careRequestId, request.id));
    expect(bytes?.n).toBe(1);
    // The request itself stays for the provider.
    const [kept] = await db
      .select({ status: requestStatuses.code })
      .from(careRequests)
      .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
      .where(eq(careRequests.id, request.id));
    expect(kept?.status).toBe('new');
  });
});
