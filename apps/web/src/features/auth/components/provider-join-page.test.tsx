import { paths } from '@opora/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useRealApi } from '@/testing/real-api.tsx';
import {
  emptyProviderJoinValues,
  ProviderJoinPage,
  providerJoinFields,
  toProviderJoinInput,
} from './provider-join-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerJoin.path,
  url: paths.providerJoin.getHref(),
  namespaces: ['auth', 'validation', 'errors', 'provider-join', 'clients'],
};

/** What a screen reader reads after the field's name: its hint and its error. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

function field(name: string | RegExp): HTMLElement {
  return screen.getByRole('textbox', { name });
}

describe('the join form', { timeout: 60_000 }, () => {
  it('says beside each field what is missing or wrong, with the rules the API uses', async () => {
    const user = userEvent.setup();
    await api.renderPage(<ProviderJoinPage />, route);
    screen.getByRole('heading', { level: 1, name: 'Registrace poskytovatele péče' });

    await user.click(screen.getByRole('button', { name: 'Zaregistrovat organizaci' }));
    expect(description(field(/^Název organizace/))).toMatch(/Pole je povinné/);
    expect(description(field(/^IČO/))).toMatch(/Pole je povinné/);
    expect(description(field(/^E-mail pro poptávky/))).toMatch(/Pole je povinné/);
    expect(description(screen.getByRole('combobox', { name: /^Obec sídla/ }))).toMatch(/Pole je povinné/);
    expect(description(screen.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }))).toMatch(
      /.+/,
    );
    expect(document.activeElement).toBe(field(/^Název organizace/));

    // A mistyped IČO fails its check digit; a Slovak DIČ does not fit a Czech organisation.
    await user.type(field(/^IČO/), '25596642');
    await user.type(field(/^DIČ/), 'SK2020273893');
    await user.click(screen.getByRole('button', { name: 'Zaregistrovat organizaci' }));
    expect(description(field(/^IČO/))).toMatch(/chybnou kontrolní číslici/);
    expect(description(field(/^DIČ/))).toMatch(/DIČ země organizace/);

    // The IČO of a real company passes; the DIČ does once the country is Slovakia.
    await user.clear(field(/^IČO/));
    await user.type(field(/^IČO/), '25596641');
    await user.click(screen.getByRole('radio', { name: 'Slovensko' }));
    await user.click(screen.getByRole('button', { name: 'Zaregistrovat organizaci' }));
    expect(field(/^IČO/).getAttribute('aria-invalid')).not.toBe('true');
    expect(field(/^DIČ/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('asks for a billing address of its own only when it is not the registered office', async () => {
    const user = userEvent.setup();
    await api.renderPage(<ProviderJoinPage />, route);
    expect(screen.getAllByRole('combobox')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Fakturační adresa je stejná jako sídlo' }));
    const billing = screen.getByRole('combobox', { name: /^Obec fakturační adresy/ });
    await user.type(
      screen.getAllByRole('textbox', { name: /^Ulice a číslo domu/ })[1] as HTMLElement,
      'Jiná 1',
    );
    await user.click(screen.getByRole('button', { name: 'Zaregistrovat organizaci' }));
    expect(description(billing)).toMatch(/Pole je povinné/);
  });
});

describe('the join body', () => {
  it('sends the chosen place’s parts and leaves billing out when it is the office', () => {
    const values = structuredClone(emptyProviderJoinValues);
    values.address = {
      ...values.address,
      street: 'Korunní 12',
      city: 'Praha 2',
      zipcode: '120 00',
      countyCode: 'CZ0100',
      countyName: 'Praha',
    };
    values.organisation.billingName = 'Slunce účtárna';
    values.billingAddress = { ...values.billingAddress, city: 'Brno' };
    const officeOnly = toProviderJoinInput(values);
    expect(officeOnly).toMatchObject({
      organisation: {
        address: { street: 'Korunní 12', city: 'Praha 2', zipcode: '120 00', countyCode: 'CZ0100' },
        billingAddress: {},
      },
    });
    expect(JSON.stringify(officeOnly)).not.toMatch(/countyName|Brno|účtárna/);
    values.billingSameAsAddress = false;
    expect(toProviderJoinInput(values)).toMatchObject({
      organisation: { billingAddress: { name: 'Slunce účtárna', city: 'Brno' } },
    });
    expect(providerJoinFields['organisation.address.city']).toBe('address.place');
    expect(providerJoinFields['organisation.address.countyCode']).toBe('address.place');
    expect(providerJoinFields['organisation.billingAddress.name']).toBe('organisation.billingName');
    expect(providerJoinFields['organisation.identificationCode']).toBe('organisation.identificationCode');
  });
});
