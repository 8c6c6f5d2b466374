import { formatBytes } from '../format';
import type { ProblemCode, ProblemFacts, RecorderWarningKind } from '../problem';
import type { Language } from '../settings';

/** The words for one problem: a short name, and advice (what it means, what to check). */
export interface ProblemWords {
  name: string;
  advice: string;
}

/** The Chinese strings: their keys and types are ProblemStrings, which every language fills. */
const ZH_CN = {
  codes: {
    'not-recording': {
      name: '直播中但没有录制',
      advice:
        '主播已开播，自动录制也开着，但录播姬没有在录。请打开录播姬看看这个房间，必要时手动开始录制。',
    },
    'no-file': {
      name: '开始录制后没有生成文件',
      advice: '录制开始了，却一直没有打开录像文件。请检查录播姬的录制目录是否可写、硬盘是否已满。',
    },
    stalled: {
      name: '录制卡住（没有收到数据）',
      advice: '录制中，但已经一段时间没有收到直播数据。请检查网络连接；录播姬通常会自己重连。',
    },
    lagging: {
      name: '录制跟不上直播',
      advice: '录下来的时长明显少于实际经过的时间，录像会缺内容。请检查网络速度和硬盘写入速度。',
    },
    'danmaku-down': {
      name: '弹幕连接断开',
      advice:
        '录播姬和弹幕服务器的连接断了，开播检测会变慢甚至错过开播。请检查网络，或在录播姬里刷新这个房间。',
    },
    'disk-low': {
      name: '硬盘空间不足',
      advice:
        '录像所在的硬盘快满了，满了以后录制会失败。请清理或移走旧录像（本应用不会删除任何文件）。',
    },
    'recorder-warning': {
      name: '录播姬报告了警告',
      advice: '录播姬在它的日志里记了一条警告。请打开录播姬的日志查看详情。',
    },
    'incomplete-session': {
      name: '录制不完整',
      advice:
        '这场录制的文件没有覆盖整场直播，中间有空档。请查看录播姬日志里当时的网络或硬盘错误。',
    },
    'recorder-unreachable': {
      name: '连不上录播姬',
      advice:
        '录播姬的 API 很久没有回应。请检查录播姬是否在运行、是否带 --bind 启动、地址是否正确。',
    },
  } satisfies Record<ProblemCode, ProblemWords>,
  warnings: {
    stuck: {
      name: '录播姬检测到录制卡住',
      advice: '录播姬发现录制卡住并主动断开重连，可能是网络或硬盘的原因。请检查网络和硬盘。',
    },
    'io-error': {
      name: '录播姬写文件出错',
      advice: '录播姬写录像文件时出错，常见原因是硬盘已满或硬盘故障。请检查硬盘空间和录制目录。',
    },
    blocked: {
      name: '录播姬被 B 站屏蔽（412）',
      advice:
        'B 站暂时拒绝了录播姬的请求，录播姬会暂停发送请求。请减少房间数量或稍后再试，也可以检查 Cookie 设置。',
    },
    'low-quality': {
      name: '录到的画质低于设置',
      advice: 'B 站返回的直播流画质比录播姬设置的低。如需原画，请检查录播姬里的 Cookie 是否有效。',
    },
    'disk-low': {
      name: 'blrec 的磁盘空间不足',
      advice:
        'blrec 报告录像所在硬盘的剩余空间低于它设定的阈值，满了以后录制会失败。请清理或移走旧录像（本应用不会删除任何文件）。',
    },
    'recorder-error': {
      name: 'blrec 报告了错误',
      advice: 'blrec 发出了一个错误事件。请打开 blrec 的日志查看详情。',
    },
    'login-expired': {
      name: '录制软件的登录已失效（DDTV）',
      advice: 'DDTV 的 B 站登录状态失效了，可能只能录到低画质。请在 DDTV 里重新扫码登录。',
    },
  } satisfies Record<RecorderWarningKind, ProblemWords>,
  /** "about X h left" for disk-low. */
  runway: (hours: number) => `按当前速度约还能录 ${formatHours(hours)} 小时`,
  free: (bytes: string) => `剩余 ${bytes}`,
  threshold: (bytes: string) => `低于设定的 ${bytes}`,
  error: (name: string) => `错误：${name}`,
  coverage: (percent: number, gaps: number) => `文件覆盖了 ${percent}% 的时间，${gaps} 处空档`,
  resolved: (name: string) => `已恢复：${name}`,
  summary: (count: number) => `${count} 个录制问题`,
  report: (files: number, size: string, minutes: number, percent: number, gaps: number) =>
    `${files} 个文件 · ${size} · ${minutes} 分钟 · 覆盖 ${percent}% · ${gaps} 处空档`,
  reportTitle: (room: string) => `录制小结：${room}`,
  setup: '整体设置',
  /** The Rooms view's badge, for screen readers. */
  badge: '录制问题',
};

/** Problem texts of one language. */
export type ProblemStrings = typeof ZH_CN;

/** Problem names and advice in each language the app speaks. */
export const PROBLEM_TEXT: Readonly<Record<Language, ProblemStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    codes: {
      'not-recording': {
        name: 'Live but not recording',
        advice:
          'The streamer is live and auto-record is on, but the recorder is not recording. Look at this room in the recorder and start recording by hand if needed.',
      },
      'no-file': {
        name: 'Recording started but no file',
        advice:
          'A recording started but no file was opened. Check that the recording folder is writable and the disk is not full.',
      },
      stalled: {
        name: 'Recording stalled (no data)',
        advice:
          'The room is recording but no stream data has arrived for a while. Check the network; the recorder usually reconnects by itself.',
      },
      lagging: {
        name: 'Recording falls behind the stream',
        advice:
          'The recording gains less time than passes, so the file will miss parts. Check the network speed and how fast the disk writes.',
      },
      'danmaku-down': {
        name: 'Chat connection down',
        advice:
          "The recorder's chat (danmaku) connection is down, so go-live detection is slow or missed. Check the network, or refresh the room in the recorder.",
      },
      'disk-low': {
        name: 'Disk almost full',
        advice:
          'The disk that holds the recordings is nearly full; recording fails once it is. Free some space or move old recordings (this app never deletes anything).',
      },
      'recorder-warning': {
        name: 'The recorder logged a warning',
        advice: "The recorder wrote a warning in its log. Open the recorder's log for the details.",
      },
      'incomplete-session': {
        name: 'Recording incomplete',
        advice:
          "This session's files do not cover the whole stream; there are holes. Look in the recorder's log for network or disk errors at that time.",
      },
      'recorder-unreachable': {
        name: 'Recorder unreachable',
        advice:
          "The recorder's API has not answered for a long time. Is it running, started with --bind, and is the URL right?",
      },
    },
    warnings: {
      stuck: {
        name: 'The recorder found the recording stuck',
        advice:
          'The recorder saw the recording stuck and reconnected on purpose; the network or the disk may be the cause. Check both.',
      },
      'io-error': {
        name: 'The recorder could not write a file',
        advice:
          'Writing the recording failed, most often because the disk is full or failing. Check free space and the recording folder.',
      },
      blocked: {
        name: 'Bilibili blocked the recorder (412)',
        advice:
          'Bilibili refused the recorder for a while and it paused its requests. Record fewer rooms or wait; check the cookie setting too.',
      },
      'low-quality': {
        name: 'Lower quality than asked',
        advice:
          "Bilibili sent a lower quality than the recorder asked for. For the original quality, check that the recorder's cookie is valid.",
      },
      'disk-low': {
        name: "blrec's disk is almost full",
        advice:
          'blrec says the disk that holds the recordings has less free space than its threshold; recording fails once it is full. Free some space or move old recordings (this app never deletes anything).',
      },
      'recorder-error': {
        name: 'blrec reported an error',
        advice: "blrec sent an error event. Open blrec's log for the details.",
      },
      'login-expired': {
        name: "The recorder's login expired (DDTV)",
        advice:
          "DDTV's bilibili login is no longer valid, so it may record a low quality only. Log in again in DDTV (scan the QR code).",
      },
    },
    runway: (hours) => `about ${formatHours(hours)} h left at the current rate`,
    free: (bytes) => `${bytes} free`,
    threshold: (bytes) => `below its threshold of ${bytes}`,
    error: (name) => `error: ${name}`,
    coverage: (percent, gaps) => `files cover ${percent}% of the time, ${gaps} gap(s)`,
    resolved: (name) => `Over: ${name}`,
    summary: (count) => `${count} recording problems`,
    report: (files, size, minutes, percent, gaps) =>
      `${files} file(s) · ${size} · ${minutes} min · ${percent}% covered · ${gaps} gap(s)`,
    reportTitle: (room) => `Session summary: ${room}`,
    setup: 'Set-up',
    badge: 'Recording problem',
  },
};

function formatHours(hours: number): string {
  return hours >= 10 ? String(Math.round(hours)) : hours.toFixed(1);
}

/** The name and advice of a problem (a recorder warning is named by its kind). */
export function problemWords(
  language: Language,
  code: ProblemCode,
  facts?: ProblemFacts,
): ProblemWords {
  const text = PROBLEM_TEXT[language];
  if (code === 'recorder-warning' && facts?.warning) return text.warnings[facts.warning];
  return text.codes[code];
}

/** The concrete line of a problem (free space, runway, a threshold, an error, coverage), or ''. */
export function problemDetail(language: Language, facts?: ProblemFacts): string {
  const text = PROBLEM_TEXT[language];
  const parts: string[] = [];
  if (facts?.freeBytes !== undefined) parts.push(text.free(formatBytes(facts.freeBytes)));
  if (facts?.thresholdBytes !== undefined)
    parts.push(text.threshold(formatBytes(facts.thresholdBytes)));
  if (facts?.errorName !== undefined) parts.push(text.error(facts.errorName));
  if (facts?.runwayHours !== undefined) parts.push(text.runway(facts.runwayHours));
  if (facts?.coverage !== undefined) {
    parts.push(text.coverage(Math.round(facts.coverage * 100), facts.gaps ?? 0));
  }
  return parts.join(language === 'zh-CN' ? '，' : ', ');
}
