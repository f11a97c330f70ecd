import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { RequestOriginBadges } from './source-badge.tsx';

describe('the grid’s marks of where a request came from', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
    await i18n.loadNamespaces(['provider']);
  });

  it('marks nothing on a request the requester sent through Opora', async () => {
    const { container } = await renderWithApp(<RequestOriginBadges source="opora" sentByAssistant={false} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
  });

  it('marks a request an Opora assistant sent, in words (the icon is decoration)', async () => {
    const { container } = await renderWithApp(<RequestOriginBadges source="opora" sentByAssistant />);
    screen.getByText('Odeslal asistent Opory');
    for (const icon of container.querySelectorAll('svg'))
      expect(icon.getAttribute('aria-hidden')).toBe('true');
  });

  it('says how a request the provider entered came', async () => {
    await renderWithApp(<RequestOriginBadges source="phone" sentByAssistant={false} />);
    screen.getByText('Telefonicky');
    expect(screen.queryByText('Odeslal asistent Opory')).toBeNull();
  });
});
