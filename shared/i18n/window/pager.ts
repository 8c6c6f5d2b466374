import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are PagerStrings, which every language fills. */
const ZH_CN = {
  label: '翻页',
  previous: '上一页',
  next: '下一页',
  page: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
};

/** The pager under the long lists. */
export type PagerStrings = typeof ZH_CN;

/** The pager's strings in each language the app speaks. */
export const PAGER_STRINGS: Readonly<Record<Language, PagerStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
};
