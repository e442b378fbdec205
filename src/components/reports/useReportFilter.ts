import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { secureLocal, StorageKeys } from '@/storage';

/**
 * A report list's filter, kept per path in the encrypted store (spec §3 "saved report filter keyed by
 * current path") and restored when the user comes back. `validate` drops a stored value that no longer
 * fits (an older shape, a tampered value): the defaults are used instead.
 */
export function useReportFilter<F>(defaults: () => F, validate: (value: unknown) => F | null): [F, (next: F) => void] {
  const { pathname } = useLocation();
  const key = StorageKeys.reportFilter(pathname);
  const [filter, setFilter] = useState<F>(() => validate(secureLocal.get<unknown>(key)) ?? defaults());
  const update = useCallback(
    (next: F) => {
      setFilter(next);
      secureLocal.set(key, next);
    },
    [key],
  );
  return [filter, update];
}
