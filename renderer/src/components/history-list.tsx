import type { ComponentChildren } from 'preact';
import { PAGE_SIZE, type HistoryPageState } from '../use-history-page';
import { Pager } from './pager';

/** One page of a history list: nothing while loading, the empty text, or the rows; then the pager. */
export function HistoryList<T>({
  result,
  label,
  emptyText,
  page,
  onPage,
  rows,
}: {
  result: Pick<HistoryPageState<T>, 'loading' | 'items' | 'total'>;
  label: string;
  emptyText: string;
  page: number;
  onPage: (page: number) => void;
  /** The page's items as list children (rows, with headings between them where a view wants). */
  rows: (items: readonly T[]) => ComponentChildren;
}) {
  return (
    <>
      {result.loading ? null : result.items.length === 0 ? (
        <p class="empty">{emptyText}</p>
      ) : (
        <ul class="items" aria-label={label}>
          {rows(result.items)}
        </ul>
      )}
      <Pager page={page} total={result.total} pageSize={PAGE_SIZE} onPage={onPage} />
    </>
  );
}
