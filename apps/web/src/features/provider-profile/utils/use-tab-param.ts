import { isOneOf } from '@opora/contracts';
import { useSearchParams } from 'react-router';

/** The open tab in the address (`?tab=`); the first tab, the default, leaves it out. */
export function useTabParam<const T extends readonly [string, ...string[]]>(tabs: T) {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: T[number] = isOneOf(tabs, requested) ? requested : tabs[0];
  const select = (value: string | null) => {
    if (!isOneOf(tabs, value)) return;
    const next = new URLSearchParams(search);
    if (value === tabs[0]) next.delete('tab');
    else next.set('tab', value);
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  return [tab, select] as const;
}
