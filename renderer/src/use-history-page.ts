import { useEffect, useState } from 'preact/hooks';
import type { HistoryQueryInput } from '../../shared/history';

/** Rows per page of the history lists (files, notifications, events). */
export const PAGE_SIZE = 50;

/** A search's or filter's setter that also goes back to the first page, where a new list starts. */
export function withFirstPage<T>(set: (value: T) => void, setPage: (page: number) => void) {
  return (value: T) => {
    set(value);
    setPage(0);
  };
}

/** One page of a history list as a view shows it. */
export interface HistoryPageState<T> {
  items: T[];
  total: number;
  /** True until the first answer. */
  loading: boolean;
  error: string | null;
}

/**
 * Reads page `page` (from 0) of a history list for `query`, again whenever `refresh` changes.
 * An answer that arrives after a newer request started is dropped.
 */
export function useHistoryPage<T>(
  load: (query: HistoryQueryInput) => Promise<{ items: T[]; total: number }>,
  query: Omit<HistoryQueryInput, 'limit' | 'offset'>,
  page: number,
  refresh: number,
  pageSize: number = PAGE_SIZE,
): HistoryPageState<T> {
  const [result, setResult] = useState<HistoryPageState<T>>({
    items: [],
    total: 0,
    loading: true,
    error: null,
  });
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    let current = true;
    load({
      ...(JSON.parse(queryKey) as HistoryQueryInput),
      limit: pageSize,
      offset: page * pageSize,
    }).then(
      (answer) => {
        if (current)
          setResult({ items: answer.items, total: answer.total, loading: false, error: null });
      },
      (reason: unknown) => {
        if (current)
          setResult((r) => ({
            ...r,
            loading: false,
            error: reason instanceof Error ? reason.message : String(reason),
          }));
      },
    );
    return () => {
      current = false;
    };
    // `load` is a method of the stable API object; the query is compared by value.
  }, [queryKey, page, refresh, pageSize]);
  return result;
}
