import { Button } from './button';
import { useApp } from '../app-context';

/** Previous / next buttons and "page x of y" for a paged history list; nothing for one page. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { strings } = useApp();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={strings.pager.label}>
      <Button disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {strings.pager.previous}
      </Button>
      <span class="pager-position">{strings.pager.page(Math.min(page, pages - 1) + 1, pages)}</span>
      <Button disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {strings.pager.next}
      </Button>
    </nav>
  );
}
