import type { Country } from './enums.ts';

/**
 * The public registers staff check a provider against and carers may open themselves (issue 25 §1,
 * decision 0121). Only each register's public entry page: none of them documents a stable address
 * for one entry, so the number is shown beside the link to be looked up there.
 *
 * - CZ social services: *Registr poskytovatelů sociálních služeb*, kept by the regional authorities
 *   and published by MPSV at iregistr.mpsv.cz (law 108/2006 Sb. § 85); a service is found by its
 *   *identifikátor*.
 * - CZ businesses: ARES, the Ministry of Finance's register of economic subjects, by IČO.
 * - SK social services: each self-governing region (VÚC) keeps its own register (law 448/2008 Z. z.
 *   § 62), so there is no single page; SK businesses: the Statistical Office's register of legal
 *   persons (RPO), by IČO.
 */
export const publicRegisters: Record<Country, { socialServices: string | null; businesses: string }> = {
  CZ: { socialServices: 'https://iregistr.mpsv.cz/', businesses: 'https://ares.gov.cz/' },
  SK: { socialServices: null, businesses: 'https://rpo.statistics.sk/' },
};
