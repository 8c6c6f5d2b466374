import type { Language } from '../../settings';

/** Settings → Actions: what the biliup preset asks before it adds its rule. */
export interface BiliupPresetStrings {
  cookieFile: string;
  cookieFileHint: string;
  title: string;
  titleHint: string;
  bvid: string;
  bvidHint: string;
}

const ZH: BiliupPresetStrings = {
  cookieFile: 'biliup 的登录文件',
  cookieFileHint:
    '运行一次 biliup login 生成的 cookies.json 的完整路径；只需选一次，之后每次投稿都用它。',
  title: '稿件标题',
  titleHint: '可用占位符，例如 {streamer} {date} {title}。',
  bvid: '追加到已有稿件（BV 号，可不填）',
  bvidHint:
    '不填：每个录完的文件用 biliup upload 投一个新稿件（转载，来源为直播间）。填写：用 biliup append -v BV… 把文件作为新分P追加到这个稿件，适合一场直播的后续分段。',
};

const EN: BiliupPresetStrings = {
  cookieFile: "biliup's login file",
  cookieFileHint:
    'The full path of the cookies.json that biliup login wrote once; chosen here once, used for every post.',
  title: 'Title',
  titleHint: 'Placeholders work, such as {streamer} {date} {title}.',
  bvid: 'Append to a video already posted (its BV id, optional)',
  bvidHint:
    "Empty: each finished file is posted as a new video with biliup upload (a reprint whose source is the room's page). Filled: biliup append -v BV… adds each file to that video as its next part, for a stream's later parts.",
};

/** The biliup preset's strings in each language the app speaks. */
export const BILIUP_PRESET_STRINGS: Readonly<Record<Language, BiliupPresetStrings>> = {
  'zh-CN': ZH,
  en: EN,
};
