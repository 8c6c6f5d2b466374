import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are FilesStrings, which every language fills. */
const ZH_CN = {
  roomLabel: '房间',
  allRooms: '全部房间',
  searchLabel: '搜索文件',
  searchPlaceholder: '文件名、主播或标题',
  total: (count: number) => `共 ${count} 个文件`,
  empty: '还没有录制完成的文件。',
  noMatch: '没有匹配的文件。',
  listLabel: '录制完成的文件',
  size: '大小',
  duration: '时长',
  finishedAt: '完成于',
  open: '打开',
  showInFolder: '在文件夹中显示',
  missing: '文件不存在（已移动或删除）',
  noRoot: '在「设置」中填写录制文件根目录后，才能打开文件。',
};

/** The files view: the finished recordings. */
export type FilesStrings = typeof ZH_CN;

/** The files view's strings in each language the app speaks. */
export const FILES_STRINGS: Readonly<Record<Language, FilesStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    roomLabel: 'Room',
    allRooms: 'All rooms',
    searchLabel: 'Search files',
    searchPlaceholder: 'File name, streamer or title',
    total: (count) => `${count} files`,
    empty: 'No finished recordings yet.',
    noMatch: 'No file matches.',
    listLabel: 'Finished recordings',
    size: 'Size',
    duration: 'Duration',
    finishedAt: 'Finished',
    open: 'Open',
    showInFolder: 'Show in folder',
    missing: 'File missing (moved or deleted)',
    noRoot: 'Set the recording folder in Settings to open files.',
  },
};
