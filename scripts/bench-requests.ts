/**
 * `pnpm bench requests`: sending care requests with BENCH_CLIENTS (default 50) signed-in carers at
 * once against the API in production mode on a database of its own (embedded PostgreSQL in a temporary
 * folder, or a new database on `DATABASE_URL`'s server; the API's pool is its default 10 connections).
 *
 *   1. Made with the test factories (not measured): a verified provider with BENCH_SERVICES (default 10)
 *      services, each asking for one questionnaire; per carer an account, a subscription, a client
 *      and a case.
 *   2. Each carer opens the review page of every service and answers its questionnaire (not measured:
 *      the drafts to send).
 *   3. Measured: every carer sends all its drafts one after another, each one twice at the same moment
 *      (a double click; BENCH_DOUBLE=0 sends once), all carers at once. Then the same number of
 *      `GET /api/health` with the same concurrency, as the baseline of the machine.
 *   4. After the run: the requests, `created` events, provider-sharing consents and e-mails (outbox rows
 *      and their delivery jobs) in the database against the requests the API acknowledged — nothing
 *      lost, nothing doubled — and whether every e-mail got delivered (waiting up to 30 s).
 *
 * Printed: requests, 2xx/4xx/5xx, errors, requests/s, p50/p99 of sends and of the baseline, and the
 * counts. Figures are printed, never asserted.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchAccessToken, startApiOnOwnDatabase } from './bench-support.ts';

const readyTimeoutMs = 120_000;
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const services = Number(process.env.BENCH_SERVICES ?? 10);
const double = process.env.BENCH_DOUBLE !== '0';
const mailWaitMs = 30_000;

interface Carer {
  email: string;
  password: string;
  caseId: string;
  token: string;
  drafts: string[];
}

interface Outcome {
  status: number | 'error';
  ms: number;
  requestId?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timed(url: string, init: RequestInit): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return {
      status: response.status,
      ms: performance.now() - started,
      ...(response.ok && body.id ? { requestId: body.id } : {}),
    };
  } catch {
    return { status: 'error', ms: performance.now() - started };
  }
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

function line(name: string, outcomes: Outcome[], seconds: number): string {
  const count = (low: number) =>
    outcomes.filter(
      (outcome) => typeof outcome.status === 'number' && outcome.status >= low && outcome.status < low + 100,
    ).length;
  const times = outcomes.map((outcome) => outcome.ms).toSorted((a, b) => a - b);
  return (
    `${name.padEnd(30)}${String(outcomes.length).padStart(9)}${String(count(200)).padStart(6)}` +
    `${String(count(400)).padStart(6)}${String(count(500)).padStart(6)}` +
    `${String(outcomes.filter((outcome) => outcome.status === 'error').length).padStart(8)}` +
    `${(outcomes.length / seconds).toFixed(0).padStart(10)}${percentile(times, 50).toFixed(1).padStart(9)}` +
    `${percentile(times, 99).toFixed(1).padStart(9)}`
  );
}

export async function benchRequests(): Promise<void> {
  const { server, database, dbModule, stop } = await startApiOnOwnDatabase('requests', {}, readyTimeoutMs);
  try {
    console.log(`database: ${database.description}`);
    console.log(
      `${clients} carers at once, ${services} requests each${double ? ', every send doubled (a double click)' : ''}`,
    );
    const [{ createDb }, factories] = await Promise.all([import('@opora/db'), import('@opora/db/factories')]);
    const handle = createDb(database.url, { max: 2, applicationName: 'opora-bench-requests' });
    const carers: Omit<Carer, 'token' | 'drafts'>[] = [];
    const serviceIds: string[] = [];
    try {
      const provider = await factories.createProvider(handle.db);
      const facility = await factories.createFacility(handle.db, { providerId: provider.id });
      for (let index = 0; index < services; index++) {
        const service = await factories.createFacilityService(handle.db, { facilityId: facility.id });
        await factories.createServiceSurvey(handle.db, { facilityServiceId: service.id });
        serviceIds.push(service.id);
      }
      const password = `Bench-${randomBytes(6).toString('hex')}`;
      for (let index = 0; index < clients; index++) {
        const identity = await factories.createIdentityUser(handle.db, {
          email: `bench-requests-${randomBytes(4).toString('hex')}@example.cz`,
          password,
        });
        const user = await factories.createUser(handle.db, {
          identitySubject: identity.id,
          email: identity.email,
        });
        await factories.createSubscription(handle.db, { userId: user.id });
        const client = await factories.createClient(handle.db, { ownerUserId: user.id });
        const careCase = await factories.createCase(handle.db, { ownerUserId: user.id, clientId: client.id });
        carers.push({ email: identity.email, password, caseId: careCase.id });
      }
    } finally {
      await handle.close();
    }

    const api = `${server.origin}/api/v1/web`;
    const ready: Carer[] = await Promise.all(
      carers.map(async (carer) => {
        const token = await benchAccessToken(server.origin, carer);
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const drafts: string[] = [];
        for (const serviceId of serviceIds) {
          const draft = (await expectOk(
            await fetch(`${api}/cases/${carer.caseId}/request-drafts/${serviceId}`, {
              method: 'PUT',
              headers: { authorization: headers.authorization },
            }),
            'opening a draft',
          )) as { id: string; surveys: { surveyDefinitionId: string }[] };
          for (const survey of draft.surveys) {
            await expectOk(
              await fetch(`${api}/request-drafts/${draft.id}/surveys/${survey.surveyDefinitionId}`, {
                method: 'PUT',
                headers,
                body: JSON.stringify({ answers: { colour: 'red' }, complete: true }),
              }),
              'answering a questionnaire',
            );
          }
          drafts.push(draft.id);
        }
        return { ...carer, token, drafts };
      }),
    );

    const body = JSON.stringify({ providerConsent: true, message: 'Maminka potřebuje pomoc od ledna.' });
    const sends: Outcome[] = [];
    const started = performance.now();
    await Promise.all(
      ready.map(async (carer) => {
        const headers = { authorization: `Bearer ${carer.token}`, 'content-type': 'application/json' };
        for (const draftId of carer.drafts) {
          const send = () =>
            timed(`${api}/request-drafts/${draftId}/send`, { method: 'POST', headers, body });
          sends.push(...(await Promise.all(double ? [send(), send()] : [send()])));
        }
      }),
    );
    const sendSeconds = (performance.now() - started) / 1000;

    const baseline: Outcome[] = [];
    const perCarer = Math.ceil(sends.length / ready.length);
    const baselineStarted = performance.now();
    await Promise.all(
      ready.map(async () => {
        for (let index = 0; index < perCarer; index++) {
          baseline.push(await timed(`${server.origin}/api/health`, {}));
        }
      }),
    );
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;

    const acknowledged = new Set(sends.flatMap((outcome) => (outcome.requestId ? [outcome.requestId] : [])));
    const ids = [...acknowledged];
    const count = async (text: string, values: unknown[] = []) =>
      (await dbModule.queryRows<{ n: number }>(database.url, text, values))[0]?.n ?? 0;
    const requests = await count('select count(*)::int as n from care_requests where id = any($1::uuid[])', [
      ids,
    ]);
    const allRequests = await count('select count(*)::int as n from care_requests');
    const events = await count("select count(*)::int as n from care_request_events where kind = 'created'");
    const consents = await count("select count(*)::int as n from consents where kind = 'provider-sharing'");
    const outbox = (template: string) =>
      count('select count(*)::int as n from email_outbox where template = $1', [template]);
    const providerMails = await outbox('care-request-received');
    const senderMails = await outbox('care-request-sent');
    const jobs = await count(
      `select count(*)::int as n from pgboss.job j join email_outbox o on o.id::text = j.data->>'outboxId'
       where j.name = 'email-delivery' and o.template like 'care-request-%'`,
    );
    const deadline = performance.now() + mailWaitMs;
    let pending = 0;
    do {
      pending = await count(
        "select count(*)::int as n from email_outbox where template like 'care-request-%' and status <> 'sent'",
      );
      if (pending > 0) await sleep(250);
    } while (pending > 0 && performance.now() < deadline);

    console.log(
      `\n${'run'.padEnd(30)}${'requests'.padStart(9)}${'2xx'.padStart(6)}${'4xx'.padStart(6)}${'5xx'.padStart(6)}` +
        `${'errors'.padStart(8)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
    );
    console.log(line('POST …/request-drafts/{id}/send', sends, sendSeconds));
    console.log(line('GET /api/health (baseline)', baseline, baselineSeconds));
    const expected = ready.length * serviceIds.length;
    console.log(`\nrequests sent: ${expected} drafts, ${acknowledged.size} distinct requests acknowledged`);
    console.log(`in the database: ${requests} of them (${allRequests} care requests in all)`);
    console.log(`  'created' events ${events}, provider-sharing consents ${consents}`);
    console.log(
      `  e-mails recorded: to providers ${providerMails}, to senders ${senderMails}; delivery jobs ${jobs}; ` +
        `not yet delivered after the wait: ${pending}`,
    );
    const whole =
      requests === acknowledged.size &&
      allRequests === acknowledged.size &&
      events === acknowledged.size &&
      consents === acknowledged.size &&
      providerMails === acknowledged.size &&
      senderMails === acknowledged.size &&
      jobs === 2 * acknowledged.size;
    console.log(`nothing lost, nothing doubled: ${whole ? 'yes' : 'NO'}`);
  } finally {
    await stop();
  }
}
