import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logging.ts';
import { waitFor } from '../testing/wait-for.ts';
import {
  type AccountTestServer,
  bearer,
  someClientAddress,
  startAccountTestServer,
} from './testing/account-test-server.ts';

// Every line the process logs, at the most talkative level, for the whole account life cycle.
const lines: string[] = [];
const logger = createLogger({ logLevel: 'trace' }, { write: (line: string) => void lines.push(line) });

let server: AccountTestServer;
let smtpDown: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ logger });
  // Port 9 (discard) refuses connections: every delivery fails and its failure is logged.
  smtpDown = await startAccountTestServer({ logger, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
});

afterAll(async () => {
  await smtpDown.close();
  await server.close();
});

describe('logs', () => {
  it('never contain a password, a token or an e-mailed link', async () => {
    const secrets: string[] = [];
    const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, token?: string) =>
      server.app.inject({
        method,
        url,
        ...(payload && { payload }),
        headers: token ? bearer(token) : {},
        remoteAddress: someClientAddress(),
      });

    const password = 'Tajné-heslo-Alfa-1';
    const account = await server.signUp({ password });
    secrets.push(password);
    const session = await server.signIn(account.email, password);
    secrets.push(session.accessToken, session.refreshToken);

    const confirmToken = await server.linkToken(account.email, '/confirm-email');
    const confirmMail = (await server.mailbox())[0];
    secrets.push(confirmToken ?? 'missing', ...(confirmMail?.links ?? []));
    await call('POST', '/api/v1/web/users/email-confirmation', { token: 'Neplatny-Token-Beta-2' });
    secrets.push('Neplatny-Token-Beta-2');
    await call('POST', '/api/v1/web/users/email-confirmation', { token: confirmToken });

    await call(
      'PUT',
      '/api/v1/web/users/me/password',
      { currentPassword: 'Spatne-heslo-Gama-3', newPassword: 'x' },
      session.accessToken,
    );
    secrets.push('Spatne-heslo-Gama-3');
    const changed = 'Nove-heslo-Delta-4';
    await call(
      'PUT',
      '/api/v1/web/users/me/password',
      { currentPassword: password, newPassword: changed },
      session.accessToken,
    );
    secrets.push(changed);

    await call('PUT', '/api/v1/web/users/reset-password/request', { email: account.email });
    const resetToken = await server.linkToken(account.email, '/reset-password');
    secrets.push(resetToken ?? 'missing', ...((await server.mailbox())[0]?.links ?? []));
    const reset = 'Resetovane-heslo-Epsilon-5';
    await call('PUT', '/api/v1/web/users/reset-password/set-password', { resetToken, newPassword: reset });
    await call('PUT', '/api/v1/web/users/reset-password/set-password', { resetToken, newPassword: reset });
    secrets.push(reset);

    const fresh = await server.signIn(account.email, reset);
    secrets.push(fresh.accessToken, fresh.refreshToken);
    await call('GET', '/api/v1/web/users/me?_envelope=1', undefined, fresh.accessToken);
    await call('GET', '/api/v1/web/users/me', undefined, session.refreshToken);
    await call('DELETE', '/api/v1/web/users/me', undefined, fresh.accessToken);

    // E-mail failures are logged, without the message or its link.
    const downPassword = 'Heslo-bez-posty-Zeta-6';
    const downAccount = await smtpDown.signUp({ password: downPassword });
    secrets.push(downPassword);
    await smtpDown.app.inject({
      method: 'PUT',
      url: '/api/v1/web/users/reset-password/request',
      payload: { email: downAccount.email },
      remoteAddress: someClientAddress(),
    });

    // The confirmation and the reset e-mail: each first delivery fails.
    const failedDeliveries = () =>
      lines.filter(
        (line) => line.includes('"queue":"email-delivery"') && line.includes('background job failed'),
      ).length;
    await waitFor('two failed deliveries in the log', () => (failedDeliveries() >= 2 ? true : undefined));
    const log = lines.join('\n');
    expect(log).toContain('account created');
    // Only the kind of failure (nodemailer's code), never the server's answer, which quotes addresses.
    expect(log).toMatch(/E-mail delivery failed: ESOCKET/);
    for (const secret of secrets) expect(log, 'a secret was logged').not.toContain(secret);
    expect(log).not.toMatch(/token=[\w-]{20,}/);
    // Nor the e-mail addresses (personal data): accounts are named by their id.
    expect(log).not.toContain(account.email);
    expect(log).not.toContain(downAccount.email);
  });
});
