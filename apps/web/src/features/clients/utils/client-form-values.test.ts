import { type Client, ClientCreateSchema, ClientUpdateSchema } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ClientFormValues,
  cityOfPlace,
  emptyClientForm,
  formFieldOf,
  toClientCreateInput,
  toClientUpdateInput,
  updateNeedsConsent,
} from './client-form-values.ts';
import { ageOn } from './person.ts';

const filled: ClientFormValues = {
  ...emptyClientForm,
  relationshipTypeId: '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
  firstName: 'Marie',
  lastName: 'Nováková',
  dateOfBirth: '1990-05-01',
  sex: 'female',
  residence: {
    street: 'Dukelské náměstí 22',
    city: 'Hustopeče',
    zipcode: '693 01',
    countyCode: 'CZ0644',
    countyName: 'Břeclav',
    regionName: 'Jihomoravský kraj',
  },
  healthDataConsent: true,
};

describe('client form values', () => {
  it('names a town district after its municipality, and a part named like it as it is', () => {
    expect(cityOfPlace({ part: 'Židenice', municipality: 'Brno' })).toBe('Brno-Židenice');
    expect(cityOfPlace({ part: 'Hustopeče', municipality: 'Hustopeče' })).toBe('Hustopeče');
    expect(cityOfPlace({ part: 'Brno-město', municipality: 'Brno' })).toBe('Brno-město');
  });

  it('gives a body the create schema accepts, without the address names shown only', () => {
    const body = ClientCreateSchema.parse(
      toClientCreateInput(filled, '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3e'),
    );
    expect(body.residence).toEqual({
      street: 'Dukelské náměstí 22',
      city: 'Hustopeče',
      zipcode: '69301',
      countyCode: 'CZ0644',
    });
    expect(body.serviceAddress).toBeUndefined();
    expect(body.contactPerson).toBeUndefined();
  });

  it('asks for the relationship unless "I am the client"', () => {
    const missing = ClientCreateSchema.safeParse(toClientCreateInput({ ...filled, relationshipTypeId: '' }));
    expect(missing.success).toBe(false);
    const self = ClientCreateSchema.safeParse(
      toClientCreateInput({ ...filled, relationshipTypeId: '', isClient: true }),
    );
    expect(self.success).toBe(true);
  });

  it('keeps the stored birth number when left empty, replaces it when typed, removes it on request', () => {
    expect('birthNumber' in toClientUpdateInput(filled)).toBe(false);
    expect(toClientUpdateInput({ ...filled, birthNumber: '9055011251' }).birthNumber).toBe('9055011251');
    expect(
      toClientUpdateInput({ ...filled, birthNumber: '9055011251', removeBirthNumber: true }).birthNumber,
    ).toBe(null);
    expect(ClientUpdateSchema.safeParse(toClientUpdateInput(filled)).success).toBe(true);
  });

  it('asks the consent again only when the stored one no longer covers the client, and sends it when ticked', () => {
    const consent = (onBehalf: boolean): Pick<Client, 'healthDataConsent'> => ({
      healthDataConsent: { grantedAt: '2026-11-24T08:00:00.000Z', grantedBy: 'Jana Nováková', onBehalf },
    });
    const own = consent(false) as Client;
    const onBehalf = consent(true) as Client;
    expect(updateNeedsConsent(own, true)).toBe(false);
    expect(updateNeedsConsent(own, false)).toBe(true);
    expect(updateNeedsConsent(onBehalf, false)).toBe(false);
    expect(updateNeedsConsent(onBehalf, true)).toBe(false);
    expect(updateNeedsConsent({ healthDataConsent: null } as Client, true)).toBe(true);

    expect(ClientUpdateSchema.parse(toClientUpdateInput(filled)).healthDataConsent).toBe(true);
    expect(
      ClientUpdateSchema.parse(toClientUpdateInput({ ...filled, healthDataConsent: false })),
    ).not.toHaveProperty('healthDataConsent');
  });

  it('puts errors of an address part chosen from the suggestions on the place field', () => {
    expect(formFieldOf('residence.countyCode')).toBe('residence.place');
    expect(formFieldOf('serviceAddress')).toBe('serviceAddress.place');
    expect(formFieldOf('residence.zipcode')).toBe('residence.zipcode');
    expect(formFieldOf('residence.street')).toBe('residence.street');
    expect(formFieldOf('firstName')).toBe('firstName');
  });

  it('counts full years, the birthday itself included', () => {
    expect(ageOn('1943-04-03', '2026-04-02')).toBe(82);
    expect(ageOn('1943-04-03', '2026-04-03')).toBe(83);
    expect(ageOn('1936-02-29', '2026-02-28')).toBe(89);
    expect(ageOn('not a date', '2026-04-03')).toBeNull();
  });
});
