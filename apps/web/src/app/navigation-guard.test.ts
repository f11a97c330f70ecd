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
});
