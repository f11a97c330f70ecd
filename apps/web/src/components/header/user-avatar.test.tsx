import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render.tsx';
import { initialsOf, UserAvatar } from './user-avatar.tsx';

describe('user avatar', () => {
  it('takes the first letter of each name, upper-cased, diacritics kept', () => {
    expect(initialsOf('jana', 'Nováková')).toBe('JN');
    expect(initialsOf('Šárka', 'Čermáková')).toBe('ŠČ');
    expect(initialsOf(' Ola ', '')).toBe('O');
  });

  it('shows the initials, or a generic person icon when the account has no name', async () => {
    const named = await renderWithApp(<UserAvatar firstName="Jana" lastName="Nováková" />);
    expect(named.container.querySelector('[data-initials="JN"]')).not.toBeNull();
    expect(named.container.querySelector('svg.tabler-icon-user')).toBeNull();
    named.unmount();
    const nameless = await renderWithApp(<UserAvatar firstName="" lastName="" />);
    expect(nameless.container.querySelector('svg.tabler-icon-user')).not.toBeNull();
  });
});
