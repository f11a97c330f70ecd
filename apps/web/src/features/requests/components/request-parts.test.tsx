import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { SentByAssistantNote } from './request-parts.tsx';

describe('SentByAssistantNote', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
    await i18n.loadNamespaces(['requests']);
  });

  it('tells the carer an Opora assistant sent the request, by first name', async () => {
    await renderWithApp(<SentByAssistantNote request={{ sentByAssistant: true, assistantName: 'Alena' }} />);
    screen.getByText('Tuto poptávku za vás poslal tým asistence Opory (Alena).');
  });

  it('says so without a name when the assistant’s is not known', async () => {
    await renderWithApp(<SentByAssistantNote request={{ sentByAssistant: true, assistantName: null }} />);
    screen.getByText('Tuto poptávku za vás poslal tým asistence Opory.');
  });

  it('says nothing on the carer’s own request', async () => {
    await renderWithApp(<SentByAssistantNote request={{ sentByAssistant: false, assistantName: null }} />);
    expect(screen.queryByText(/asistence Opory/)).toBeNull();
  });

  it('names the assistant in English too', async () => {
    await i18n.changeLanguage('en');
    await renderWithApp(<SentByAssistantNote request={{ sentByAssistant: true, assistantName: 'Alena' }} />);
    screen.getByText('An Opora assistant, Alena, sent this request for you.');
  });
});
