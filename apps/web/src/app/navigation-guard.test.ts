import { describe, expect, it } from 'vitest';
import { navigationGuard } from './navigation-guard.ts';

async function redirectOf(work: Promise<void>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('navigation guard without a signed-in user', () => {
  it('admits anyone to a public route', async () => {
    await expect(redirectOf(navigationGuard('public'))).resolves.toBeNull();
  });

  it('sends a guest on a login route to sign-in', async () => {
    await expect(redirectOf(navigationGuard('login'))).resolves.toBe('/login');
  });

  it('sends a guest on a permission route to sign-in, not to unauthorized', async () => {
    await expect(redirectOf(navigationGuard({ permission: 'listRegions' }))).resolves.toBe('/login');
  });

  it('sends a guest to sign-in with the page asked for, so sign-in can return to it', async () => {
    await expect(
      redirectOf(navigationGuard('login', 'http://localhost:3000/user/change-password?from=menu')),
    ).resolves.toBe('/login?redirectTo=%2Fuser%2Fchange-password%3Ffrom%3Dmenu');
    await expect(
      redirectOf(navigationGuard({ permission: 'providerHome' }, 'http://localhost:3000/provider')),
    ).resolves.toBe('/login?redirectTo=%2Fprovider');
  });

  it('admits a guest to sign-in whatever return path it carries', async () => {
    await expect(
      redirectOf(
        navigationGuard('guest', 'http://localhost:3000/login?redirectTo=https%3A%2F%2Fevil.example'),
      ),
    ).resolves.toBeNull();
  });
});
