import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are PictureStrings, which every language fills. */
const ZH_CN = {
  section: '头像与封面',
  enabled: '显示主播头像和直播间封面（从 B 站公开接口获取）',
  enabledHint:
    '每个房间每天最多查询一次，开播时再查一次；图片只从 B 站图片服务器下载并缓存在数据文件夹。关闭后不再发出任何请求。',
  liveApiHost: '直播 API 地址',
  liveApiHostHint: '与录播姬设置中的直播 API 地址相同，仅在使用镜像时修改',
};

/** Settings → Pictures: the streamers' avatars and room covers from bilibili's live API. */
export type PictureStrings = typeof ZH_CN;

/** The pictures section's words in each language. */
export const PICTURE_STRINGS: Readonly<Record<Language, PictureStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    section: 'Avatars and covers',
    enabled: "Show streamers' avatars and room covers (from bilibili's public API)",
    enabledHint:
      "Each room is looked up at most once a day, and again when it goes live; images come only from bilibili's image servers and are cached in the data folder. Off: no request is made.",
    liveApiHost: 'Live API address',
    liveApiHostHint:
      "The same as the recorder's LiveApiHost setting, for a mirror; default https://api.live.bilibili.com",
  },
};
