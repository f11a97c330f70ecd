import type { ServiceTypeCode } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { serviceTaxonomyQueryOptions } from './service-taxonomy.ts';

/**
 * How a page names a service type by its code (decision 0131): the locale files' name when they know
 * the code (no request at all, the common case), else the name the taxonomy carries — loaded only once
 * a code the locale files do not know is met, as for a type a platform administrator added — and the
 * bare code while it loads (or if it fails). Never a raw translation key.
 */
export function useServiceTypeName(): (code: string) => string {
  const { t, i18n } = useTranslation('catalogue');
  const { locale } = useLocale();
  // Set while rendering when an unknown code is met; the effect then enables the query. (Not state
  // set during render: the name may be asked for while rendering a child, such as a table's cell.)
  const metUnknown = useRef(false);
  const [loadTaxonomy, setLoadTaxonomy] = useState(false);
  useEffect(() => {
    if (metUnknown.current && !loadTaxonomy) setLoadTaxonomy(true);
  });
  const taxonomy = useQuery({ ...serviceTaxonomyQueryOptions(), enabled: loadTaxonomy });
  const types = taxonomy.data?.serviceTypes;

  return useCallback(
    (code: string) => {
      const key = `serviceTypes.${code}`;
      // The key is only known at run time: a code outside the locale files is the point of this hook.
      if (i18n.exists(key, { ns: 'catalogue' })) return t(key as `serviceTypes.${ServiceTypeCode}`);
      const type = types?.find((candidate) => candidate.code === code);
      if (type) return type.names[locale];
      metUnknown.current = true;
      return code;
    },
    [i18n, t, types, locale],
  );
}
