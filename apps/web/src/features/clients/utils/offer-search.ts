import type { ServiceOfferQuery } from '@opora/contracts';

export type OfferArea = 'county' | 'region';

/** The pool's area and page as the address keeps them (`?area=region&page=2`); unknown values ignored. */
export function offerSearch(search: URLSearchParams): { area: OfferArea; page: number } {
  const area: OfferArea = search.get('area') === 'region' ? 'region' : 'county';
  const page = Number(search.get('page'));
  return { area, page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1 };
}

/** The query of a pool page: `caseId` only when the pool follows a particular case (the wizards). */
export function offerQuery(search: URLSearchParams, caseId?: string): ServiceOfferQuery {
  const { area, page } = offerSearch(search);
  return caseId ? { caseId, area, page } : { area, page };
}
