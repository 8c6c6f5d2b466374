import type { Language } from '../../settings';

/** The pager under the long lists. */
export interface PagerStrings {
  label: string;
  previous: string;
  next: string;
  page: (page: number, pages: number) => string;
}

/** The pager's strings in each language the app speaks. */
export const PAGER_STRINGS: Readonly<Record<Language, PagerStrings>> = {
  'zh-CN': {
    label: '翻页',
    previous: '上一页',
    next: '下一页',
    page: (page, pages) => `第 ${page} / ${pages} 页`,
  },
  en: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
};
