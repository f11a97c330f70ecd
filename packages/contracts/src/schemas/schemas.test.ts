import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.ts';
import { CurrentUserSchema } from '../operations/table.ts';
import { toErrorDetails } from '../validation/error-details.ts';
import { SignUpFormSchema } from './accounts.ts';
import { CaseCreateInputSchema } from './cases.ts';
import {
  ClientCreateSchema,
  ClientFormSchema,
  ClientUpdateSchema,
  SexFilterSchema,
  SexSchema,
} from './clients.ts';
import { IdParamSchema, ListQuerySchema, paginatedSchema, parseSort, SelectedIdSchema } from './common.ts';
import { ContactFormSchema } from './contact-form.ts';
import {
  ChangePasswordFormSchema,
  ChangePasswordSchema,
  ResetPasswordFormSchema,
  TokenResponseSchema,
} from './identity.ts';
import { ProviderServiceInputSchema } from './provider-services.ts';
import {
  CountyCodeSchema,
  countyMustLieInRegion,
  RegionCodeSchema,
  RegionTreeSchema,
  SelectedCountyCodeSchema,
  SelectedRegionCodeSchema,
} from './regions.ts';
import { SurveyDefinitionInputSchema } from './surveys.ts';
import { WebConfigSchema } from './web-config.ts';

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : toErrorDetails(result.error).map((detail) => `${detail.property} ${detail.instructions}`);
};

describe('ClientFormSchema', () => {
  const relationshipTypeId = '5a0f6f63-3a7c-4b9e-8d21-7c4e2f1a9b08';
  const client = {
    isClient: false,
    relationshipTypeId,
    firstName: ' Marie ',
    lastName: 'Dvořáková',
    dateOfBirth: '1990-05-01',
    birthNumber: '905501/1251',
    sex: 'female',
    email: '',
    phone: '+420 601 123 456',
    residence: { street: 'Náměstí Míru 12', city: 'Brno', zipcode: '602 00', countyCode: 'CZ0642' },
    serviceAddressDiffers: false,
  };

  it('accepts a complete form and normalises what people type', () => {
    const parsed = ClientFormSchema.parse(client);
    expect(parsed).toMatchObject({
      firstName: 'Marie',
      birthNumber: '9055011251',
      phone: '+420601123456',
      email: undefined,
      residence: { street: 'Náměstí Míru 12', zipcode: '60200', countyCode: 'CZ0642' },
    });
    expect(parsed.serviceAddress).toBeUndefined();
  });

  it('needs only names, date of birth, sex and the residence’s town, postcode and county', () => {
    const minimal = {
      isClient: true,
      firstName: 'Marie',
      lastName: 'Dvořáková',
      dateOfBirth: '1940-01-31',
      sex: 'indetermined',
      residence: { city: 'Praha', zipcode: '11000', countyCode: 'CZ0100' },
    };
    const parsed = ClientFormSchema.parse(minimal);
    expect(parsed.serviceAddressDiffers).toBe(false);
    expect(parsed.residence.street).toBeUndefined();
    expect(problems(ClientFormSchema, { ...minimal, residence: { street: 'Dlouhá 1' } })).toEqual([
      'residence.city validation:required',
      'residence.zipcode validation:required',
      'residence.countyCode validation:required',
    ]);
    expect(
      problems(ClientFormSchema, {
        ...minimal,
        residence: { city: 'Praha', zipcode: '1100', countyCode: 'CZ0100' },
      }),
    ).toEqual(['residence.zipcode validation:zipcode']);
  });

  it('rejects a birth number that does not match the date of birth', () => {
    expect(problems(ClientFormSchema, { ...client, dateOfBirth: '1990-05-02' })).toEqual([
      'birthNumber validation:birthNumberDateOfBirthMismatch',
    ]);
  });

  it('reports the mismatch together with errors of other fields', () => {
    expect(problems(ClientFormSchema, { ...client, firstName: '', dateOfBirth: '1990-05-02' })).toEqual([
      'firstName validation:required',
      'birthNumber validation:birthNumberDateOfBirthMismatch',
    ]);
  });

  it('asks for the relationship unless the person filling in is the client', () => {
    const { relationshipTypeId: _, ...withoutRelationship } = client;
    expect(problems(ClientFormSchema, withoutRelationship)).toEqual([
      'relationshipTypeId validation:required',
    ]);
    expect(problems(ClientFormSchema, { ...withoutRelationship, relationshipTypeId: '' })).toEqual([
      'relationshipTypeId validation:required',
    ]);
    expect(problems(ClientFormSchema, { ...withoutRelationship, isClient: true })).toEqual([]);
  });

  it('asks for the service address when it differs from the permanent residence', () => {
    expect(problems(ClientFormSchema, { ...client, serviceAddressDiffers: true })).toEqual([
      'serviceAddress validation:required',
    ]);
    expect(
      problems(ClientFormSchema, {
        ...client,
        serviceAddressDiffers: true,
        serviceAddress: { city: 'Hustopeče', zipcode: '693 01', countyCode: 'CZ064' },
      }),
    ).toEqual(['serviceAddress.countyCode validation:invalidOption']);
    expect(
      problems(ClientFormSchema, {
        ...client,
        serviceAddressDiffers: true,
        serviceAddress: { street: 'Lidická 5', city: 'Hustopeče', zipcode: '693 01', countyCode: 'CZ0644' },
      }),
    ).toEqual([]);
  });

  it('refuses a date of birth in the future or before 1900', () => {
    expect(problems(ClientFormSchema, { ...client, birthNumber: '', dateOfBirth: '2999-01-01' })).toEqual([
      'dateOfBirth validation:dateMax',
    ]);
    expect(problems(ClientFormSchema, { ...client, birthNumber: '', dateOfBirth: '1899-12-31' })).toEqual([
      'dateOfBirth validation:dateMin',
    ]);
  });

  it('validates the contact person and attending doctor', () => {
    expect(
      problems(ClientFormSchema, {
        ...client,
        contactPerson: { firstName: 'Petr', lastName: 'Dvořák', phone: '601 123 456' },
        attendingDoctor: { firstName: '', lastName: 'Novák' },
      }),
    ).toEqual([
      'contactPerson.phone validation:phoneInternational',
      'attendingDoctor.firstName validation:required',
    ]);
  });

  it('refuses control characters, broken UTF-16 and overlong text', () => {
    expect(
      problems(ClientFormSchema, {
        ...client,
        firstName: 'Ma\u0000rie',
        lastName: 'Dvo\uD800řáková',
        residence: { ...client.residence, street: 'x'.repeat(1_000_000) },
      }),
    ).toEqual([
      'firstName validation:unsupportedCharacters',
      'lastName validation:unsupportedCharacters',
      'residence.street validation:maxLength',
    ]);
  });
});

describe('ClientCreateSchema', () => {
  const form = {
    isClient: true,
    firstName: 'Marie',
    lastName: 'Dvořáková',
    dateOfBirth: '1940-01-31',
    sex: 'female',
    residence: { city: 'Praha', zipcode: '11000', countyCode: 'CZ0100' },
  };

  it('needs the explicit consent to process health data', () => {
    expect(problems(ClientCreateSchema, form)).toEqual([
      'healthDataConsent validation:healthDataConsentRequired',
    ]);
    expect(problems(ClientCreateSchema, { ...form, healthDataConsent: 'true' })).toEqual([
      'healthDataConsent validation:healthDataConsentRequired',
    ]);
    expect(ClientCreateSchema.parse({ ...form, healthDataConsent: true }).caseId).toBeUndefined();
  });

  it('takes the case the client is entered for, as a UUID', () => {
    const caseId = '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d';
    expect(ClientCreateSchema.parse({ ...form, healthDataConsent: true, caseId })).toMatchObject({ caseId });
    expect(problems(ClientCreateSchema, { ...form, healthDataConsent: true, caseId: '42' })).toEqual([
      'caseId validation:format',
    ]);
  });

  it('checks the form as ClientFormSchema does', () => {
    expect(
      problems(ClientCreateSchema, {
        ...form,
        isClient: false,
        healthDataConsent: true,
        birthNumber: '9055011251',
      }),
    ).toEqual([
      'birthNumber validation:birthNumberDateOfBirthMismatch',
      'relationshipTypeId validation:required',
    ]);
  });
});

describe('ClientUpdateSchema', () => {
  const form = {
    isClient: true,
    firstName: 'Marie',
    lastName: 'Dvořáková',
    dateOfBirth: '1990-05-01',
    sex: 'female',
    residence: { city: 'Brno', zipcode: '60200', countyCode: 'CZ0642' },
  };

  it('keeps the stored birth number when it is left out or empty, removes it with null', () => {
    expect(ClientUpdateSchema.parse(form).birthNumber).toBeUndefined();
    expect(ClientUpdateSchema.parse({ ...form, birthNumber: '' }).birthNumber).toBeUndefined();
    expect(ClientUpdateSchema.parse({ ...form, birthNumber: null }).birthNumber).toBeNull();
    expect(ClientUpdateSchema.parse({ ...form, birthNumber: '905501/1251' }).birthNumber).toBe('9055011251');
  });

  it('checks a new birth number and its date of birth', () => {
    expect(problems(ClientUpdateSchema, { ...form, birthNumber: '9055011252' })).toEqual([
      'birthNumber validation:birthNumberChecksum',
    ]);
    expect(problems(ClientUpdateSchema, { ...form, birthNumber: '6006150140' })).toEqual([
      'birthNumber validation:birthNumberDateOfBirthMismatch',
    ]);
  });

  it('takes no consent and no case: those belong to the client’s creation', () => {
    expect(ClientUpdateSchema.parse({ ...form, healthDataConsent: true, caseId: 'x' })).not.toHaveProperty(
      'caseId',
    );
  });
});

describe('sex values', () => {
  it('has male, female and indetermined, plus all as a filter', () => {
    expect(SexSchema.options).toEqual(['male', 'female', 'indetermined']);
    expect(SexFilterSchema.options).toEqual(['male', 'female', 'indetermined', 'all']);
    expect(problems(SexSchema, 'all')).toEqual([' validation:invalidOption']);
  });
});

describe('identity forms', () => {
  const signUp = {
    firstName: 'Jana',
    lastName: 'Nováková',
    email: 'jana@example.cz',
    phone: '+421 905 123 456',
    password: 'dlouhé heslo',
    privacyPolicy: true,
  };

  it('accepts a sign-up with consent; marketing consent defaults to no', () => {
    expect(SignUpFormSchema.parse(signUp)).toMatchObject({ phone: '+421905123456', marketingAccept: false });
  });

  it('refuses a sign-up without consent to terms and data processing', () => {
    expect(problems(SignUpFormSchema, { ...signUp, privacyPolicy: false })).toEqual([
      'privacyPolicy validation:termsConsentRequired',
    ]);
  });

  it('requires matching passwords on reset', () => {
    expect(problems(ResetPasswordFormSchema, { password: 'abcdefgh', confirmPassword: 'abcdefgi' })).toEqual([
      'confirmPassword validation:passwordsMustMatch',
    ]);
    expect(problems(ResetPasswordFormSchema, { password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual(
      [],
    );
  });

  it('requires a new password different from the current one and repeated exactly', () => {
    expect(
      problems(ChangePasswordFormSchema, {
        currentPassword: 'stare heslo',
        newPassword: 'stare heslo',
        repeatPassword: 'stare heslo!',
      }),
    ).toEqual([
      'newPassword validation:newPasswordSameAsCurrent',
      'repeatPassword validation:repeatPasswordMismatch',
    ]);
    expect(
      problems(ChangePasswordFormSchema, {
        currentPassword: 'a',
        newPassword: 'nove heslo',
        repeatPassword: 'nove heslo',
      }),
    ).toEqual([]);
    expect(
      problems(ChangePasswordSchema, { currentPassword: 'same-pass', newPassword: 'same-pass' }),
    ).toEqual(['newPassword validation:newPasswordSameAsCurrent']);
  });

  it('reports a short new password and a wrong repetition at once', () => {
    expect(
      problems(ChangePasswordFormSchema, {
        currentPassword: 'x',
        newPassword: 'short',
        repeatPassword: 'shor',
      }),
    ).toEqual(['newPassword validation:minLength', 'repeatPassword validation:repeatPasswordMismatch']);
  });

  it('reads the identity server token response', () => {
    const token = {
      access_token: 'a',
      expires_in: 300,
      refresh_expires_in: 1800,
      refresh_token: 'r',
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: 's',
      scope: 'profile email offline_access',
    };
    expect(TokenResponseSchema.parse(token)).toEqual(token);
  });

  it('describes the current user with permissions and subscription', () => {
    const user = {
      id: '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
      firstName: 'Jana',
      lastName: 'Nováková',
      fullName: 'Jana Nováková',
      userName: 'jana@example.cz',
      email: 'jana@example.cz',
      phone: '+420601123456',
      locale: 'cs',
      roles: ['client'],
      permissions: [{ operationId: 'listRegions' }, { routeName: 'dashboard' }],
      subscription: { type: 'self-managed', endDate: '2026-12-31' },
      emailConfirmationPending: false,
    };
    expect(CurrentUserSchema.parse(user)).toEqual(user);
    expect(contracts.fullName({ firstName: ' Jana', lastName: null })).toBe('Jana');
    expect(contracts.fullName({ firstName: 'Jana', lastName: 'Nováková' })).toBe('Jana Nováková');
  });
});

describe('cases, contact form and surveys', () => {
  it('starts a case at service level 1', () => {
    expect(CaseCreateInputSchema.parse({ date: '2026-11-22', name: 'Nový případ' })).toEqual({
      date: '2026-11-22',
      fcServiceLevel: 1,
      name: 'Nový případ',
    });
  });

  it('validates the contact form', () => {
    expect(
      problems(ContactFormSchema, { firstName: 'Jan', lastName: '', email: 'jan@', text: 'Dobrý den' }),
    ).toEqual(['lastName validation:required', 'email validation:email']);
  });

  it('takes a multi-line message but refuses control characters, broken UTF-16 and bidi overrides in names', () => {
    const message = {
      firstName: 'Věra',
      lastName: 'Černá',
      email: 'vera@example.cz',
      text: 'Dobrý den,\r\n\tděkuji.',
    };
    expect(ContactFormSchema.parse(message)).toEqual(message);
    expect(
      problems(ContactFormSchema, {
        ...message,
        firstName: 'V\u0000ěra',
        lastName: '\u202EáneČ',
        text: 'Dobrý den\uD800',
      }),
    ).toEqual([
      'firstName validation:unsupportedCharacters',
      'lastName validation:unsupportedCharacters',
      'text validation:unsupportedCharacters',
    ]);
    // A contact-form name is not an account name: Keycloak's visible characters are not its business.
    expect(problems(ContactFormSchema, { ...message, lastName: 'Černá (Charita)' })).toEqual([]);
  });

  it('takes a questionnaire definition as JSON text that holds a questionnaire document', () => {
    const text = (value: string) => ({ cs: value, en: value, sk: value });
    const document = {
      title: text('Potřeby'),
      pages: [
        {
          name: 'one',
          title: text('Část'),
          questions: [{ name: 'q', type: 'boolean', title: text('Ano?') }],
        },
      ],
    };
    const input = { type: 'case', version: 1, code: 'needs-v1', definition: JSON.stringify(document) };
    expect(SurveyDefinitionInputSchema.parse(input)).toEqual(input);
    expect(problems(SurveyDefinitionInputSchema, { ...input, definition: '{"pages":[]}' })).toEqual([
      'definition validation:json',
    ]);
    expect(problems(SurveyDefinitionInputSchema, { ...input, definition: '[1]' })).toEqual([
      'definition validation:json',
    ]);
    expect(problems(SurveyDefinitionInputSchema, { ...input, definition: '{' })).toEqual([
      'definition validation:json',
    ]);
  });
});

describe('lists', () => {
  it('defaults page and page size and reads them from a query string', () => {
    expect(ListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ListQuerySchema.parse({ page: '3', pageSize: '100', sort: '-createdDate,name' })).toEqual({
      page: 3,
      pageSize: 100,
      sort: '-createdDate,name',
    });
  });

  it('refuses pages below 1, more than 100 rows and malformed sorts', () => {
    expect(ListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ sort: 'name;drop table' }).success).toBe(false);
  });

  it('splits sort fields and directions', () => {
    expect(parseSort('-createdDate,name')).toEqual([
      { field: 'createdDate', direction: 'desc' },
      { field: 'name', direction: 'asc' },
    ]);
    expect(parseSort(undefined)).toEqual([]);
  });

  it('shapes a page of items', () => {
    const Page = paginatedSchema(z.object({ id: z.number() }));
    expect(Page.parse({ items: [{ id: 1 }], total: 41, page: 1, pageSize: 20 })).toEqual({
      items: [{ id: 1 }],
      total: 41,
      page: 1,
      pageSize: 20,
    });
    expect(Page.safeParse({ items: [], total: -1, page: 1, pageSize: 20 }).success).toBe(false);
  });
});

describe('web config and regions', () => {
  it('describes the browser app configuration', () => {
    const config = {
      appVersion: '0.1.0',
      identity: { url: 'http://localhost:3000', realm: 'opora', clientId: 'web' },
      images: { proxyBase: '/api/v1/images', sourceBase: null },
      locales: ['cs', 'en', 'sk'],
      defaultLocale: 'cs',
    };
    expect(WebConfigSchema.parse(config)).toEqual(config);
    expect(WebConfigSchema.safeParse({ ...config, defaultLocale: 'de' }).success).toBe(false);
  });

  it('describes regions with their counties', () => {
    const tree = [
      {
        code: 'CZ064',
        name: 'Jihomoravský kraj',
        country: 'CZ',
        counties: [{ code: 'CZ0642', name: 'Brno-město' }],
      },
    ];
    expect(RegionTreeSchema.parse(tree)).toEqual(tree);
    expect(RegionTreeSchema.safeParse([{ ...tree[0], country: 'AT' }]).success).toBe(false);
    expect(RegionTreeSchema.safeParse([{ ...tree[0], code: 'CZ64' }]).success).toBe(false);
    expect(
      RegionTreeSchema.safeParse([{ ...tree[0], counties: [{ code: 'cz0642', name: 'Brno-město' }] }])
        .success,
    ).toBe(false);
  });

  it('knows regions by NUTS 3 code and counties by LAU 1 code', () => {
    for (const code of ['CZ010', 'CZ064', 'SK010'])
      expect(RegionCodeSchema.safeParse(code).success).toBe(true);
    for (const code of ['CZ0642', 'CZ020A', 'CZ0100', 'SK0101']) {
      expect(CountyCodeSchema.safeParse(code).success).toBe(true);
    }
    for (const code of ['AT130', 'cz064', 'CZ64', 'CZ0642', '']) {
      expect(RegionCodeSchema.safeParse(code).success).toBe(false);
    }
    for (const code of ['CZ064', 'CZ020a', 'PL0101', 'CZ06421', 'SK0101 ']) {
      expect(CountyCodeSchema.safeParse(code).success).toBe(false);
    }
  });
});

describe('OpenAPI', () => {
  const schemas = Object.entries(contracts as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodType,
  );

  it('exports schemas named XSchema', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it.each(schemas)('%s converts to JSON Schema for requests and responses', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('gives the main entities component names', () => {
    const ids = schemas.map(([, schema]) => z.globalRegistry.get(schema)?.id).filter(Boolean);
    expect(ids).toEqual(
      expect.arrayContaining(['ClientForm', 'CareRequest', 'RegionWithCounties', 'WebConfig']),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('choices from lists', () => {
  const base = {
    isClient: true,
    firstName: 'Marie',
    lastName: 'Dvořáková',
    dateOfBirth: '1940-01-31',
    sex: 'female',
  };
  const residence = { city: 'Brno', zipcode: '60200' };

  it('reports a county that was not chosen as required and a malformed one as an invalid option', () => {
    expect(problems(ClientFormSchema, { ...base, residence })).toEqual([
      'residence.countyCode validation:required',
    ]);
    expect(problems(ClientFormSchema, { ...base, residence: { ...residence, countyCode: '' } })).toEqual([
      'residence.countyCode validation:required',
    ]);
    expect(problems(ClientFormSchema, { ...base, residence: { ...residence, countyCode: 'CZ064' } })).toEqual(
      ['residence.countyCode validation:invalidOption'],
    );
    expect(problems(ClientFormSchema, { ...base, residence: { ...residence, countyCode: 642 } })).toEqual([
      'residence.countyCode validation:invalidOption',
    ]);
  });

  it('refuses a county outside the chosen region', () => {
    const RegionAndCounty = z
      .object({ regionCode: SelectedRegionCodeSchema, countyCode: SelectedCountyCodeSchema })
      .superRefine(countyMustLieInRegion);
    expect(problems(RegionAndCounty, { regionCode: 'CZ064', countyCode: 'CZ0642' })).toEqual([]);
    expect(problems(RegionAndCounty, { regionCode: 'CZ020', countyCode: 'CZ0642' })).toEqual([
      'countyCode validation:invalidOption',
    ]);
    expect(problems(RegionAndCounty, { regionCode: 'CZ020', countyCode: 'CZ020A' })).toEqual([]);
  });

  it('reads an empty region or county select as required and anything else wrong as an invalid option', () => {
    for (const schema of [SelectedRegionCodeSchema, SelectedCountyCodeSchema, SelectedIdSchema]) {
      expect(problems(schema, undefined)).toEqual([' validation:required']);
      expect(problems(schema, null)).toEqual([' validation:required']);
      expect(problems(schema, '')).toEqual([' validation:required']);
      expect(problems(schema, 42)).toEqual([' validation:invalidOption']);
      expect(problems(schema, 'Brno')).toEqual([' validation:invalidOption']);
    }
    expect(SelectedRegionCodeSchema.parse('SK010')).toBe('SK010');
    expect(SelectedCountyCodeSchema.parse('SK0101')).toBe('SK0101');
  });

  it('takes ids as UUIDs', () => {
    const id = '5a0f6f63-3a7c-4b9e-8d21-7c4e2f1a9b08';
    expect(SelectedIdSchema.parse(id)).toBe(id);
    const client = { ...base, isClient: false, residence: { ...residence, countyCode: 'CZ0642' } };
    expect(problems(ClientFormSchema, client)).toEqual(['relationshipTypeId validation:required']);
    expect(problems(ClientFormSchema, { ...client, relationshipTypeId: 2 })).toEqual([
      'relationshipTypeId validation:invalidOption',
    ]);
    expect(IdParamSchema.parse(id.toUpperCase())).toBe(id);
    expect(IdParamSchema.safeParse('42').success).toBe(false);
  });

  it('needs at least one county code for a provider service', () => {
    const service = {
      name: 'Osobní asistence Brno',
      facilityId: '0b6a3c52-1d4e-4f7a-9c2b-5e8d7f6a1b30',
      serviceTypeId: '7f3e2d1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f',
      countyCodes: ['CZ0642', 'CZ0643'],
    };
    expect(ProviderServiceInputSchema.parse(service)).toMatchObject({ countyCodes: ['CZ0642', 'CZ0643'] });
    expect(problems(ProviderServiceInputSchema, { ...service, countyCodes: [] })).toEqual([
      'countyCodes validation:choiceMin',
    ]);
    expect(problems(ProviderServiceInputSchema, { ...service, countyCodes: ['CZ0642', 72] })).toEqual([
      'countyCodes.1 validation:invalidOption',
    ]);
  });
});
