import type { Language } from '../../settings';

const ZH = {
  mode: '怎样投稿',
  modeSession: '每场直播投一个稿件（推荐）',
  modeSessionHint:
    '整场直播结束后，用一次 biliup upload 把这场的全部文件按录制顺序作为分P投成一个稿件（转载，来源为直播间）。',
  modeAppend: '追加到已有稿件',
  modeAppendHint: '每录完一个文件，就用 biliup append -v BV… 把它作为新分P追加到下面这个稿件。',
  cookieFile: 'biliup 的登录文件',
  cookieFileHint:
    '运行一次 biliup login 生成的 cookies.json 的完整路径；只需选一次，之后每次投稿都用它。',
  title: '稿件标题',
  titleHint: '可用占位符，例如 {streamer} {date} {title}。',
  bvid: '稿件的 BV 号',
  bvidHint: '要追加分P的稿件，例如 BV1xx411c7mD。',
};

/** Settings → Actions: what the biliup preset asks before it adds its rule. */
export type BiliupPresetStrings = typeof ZH;

const EN: BiliupPresetStrings = {
  mode: 'How to post',
  modeSession: 'One post per live session (recommended)',
  modeSessionHint:
    "When the whole stream has ended, one biliup upload posts all its files as the parts of one video, in the order they were recorded (a reprint whose source is the room's page).",
  modeAppend: 'Add to a video already posted',
  modeAppendHint:
    'Each finished file is added to the video below as its next part, with biliup append -v BV….',
  cookieFile: "biliup's login file",
  cookieFileHint:
    'The full path of the cookies.json that biliup login wrote once; chosen here once, used for every post.',
  title: 'Title',
  titleHint: 'Placeholders work, such as {streamer} {date} {title}.',
  bvid: "The video's BV id",
  bvidHint: 'The video the files are added to, such as BV1xx411c7mD.',
};

/** The biliup preset's strings in each language the app speaks. */
export const BILIUP_PRESET_STRINGS: Readonly<Record<Language, BiliupPresetStrings>> = {
  'zh-CN': ZH,
  en: EN,
};
