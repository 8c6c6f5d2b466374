import type { GoLiveFilterMatch } from '../go-live-filter';
import type { Language } from '../settings';

const LISTS = {
  'zh-CN': {
    titleBlock: (word: string) => `标题含屏蔽词“${word}”`,
    areaBlock: (word: string) => `分区“${word}”已屏蔽`,
    titleAllow: () => '标题不含任何关注词',
    areaAllow: () => '分区不在关注列表中',
    room: '（此房间的规则）',
    all: '',
  },
  en: {
    titleBlock: (word: string) => `the title has the blocked word "${word}"`,
    areaBlock: (word: string) => `the area "${word}" is blocked`,
    titleAllow: () => 'the title has none of the words asked for',
    areaAllow: () => 'the area is not one of those asked for',
    room: ' (this room’s filter)',
    all: '',
  },
} as const;

/** Why a go-live filter stopped a go-live, in a few words of the user's language (history, headless). */
export function goLiveFilterText(match: GoLiveFilterMatch, language: Language): string {
  const words = LISTS[language];
  const what =
    match.list === 'titleBlock' || match.list === 'areaBlock'
      ? words[match.list](match.word ?? '')
      : words[match.list]();
  return what + words[match.scope];
}
