import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { RequestSource } from './request-overview.tsx';

describe('where a request came from, as the provider reads it', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
    await i18n.loadNamespaces(['provider', 'provider-request']);
  });

  const renderSource = (element: React.ReactElement) =>
    render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

  it('says a request sent through Opora', () => {
    renderSource(<RequestSource source="opora" by="Jana Nováková" sentByAssistant={false} />);
    screen.getByText('Přes Oporu');
  });

  it('says an Opora assistant sent it for the requester, by the requester’s full name', () => {
    renderSource(<RequestSource source="opora" by="Jana Nováková" sentByAssistant />);
    screen.getByText('Přes Oporu · odeslal asistent Opory za žadatele (Jana Nováková)');
  });

  it('names who of the provider entered a request and how the client came', () => {
    renderSource(<RequestSource source="phone" by="Karel Dvořák" />);
    screen.getByText('Telefonicky · zapsal(a) Karel Dvořák');
  });
});
