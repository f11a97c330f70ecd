import { describe, expect, it } from 'vitest';
import { careCountryOfRegion } from './care-allowance-guidance.ts';

describe('care allowance guidance', () => {
  it("takes Czech guidance unless the client's region is Slovak", () => {
    expect(careCountryOfRegion('SK010')).toBe('SK');
    expect(careCountryOfRegion('CZ064')).toBe('CZ');
    expect(careCountryOfRegion(null)).toBe('CZ');
  });
});
