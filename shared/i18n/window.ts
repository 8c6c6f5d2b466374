import type { RecorderStatusKind } from '../app-state';
import type { SuppressionReason } from '../history';
import type { EventLogEntry } from '../model';
import type { Language, NotifiableEvent } from '../settings';

/** The window's views, in tab order. */
export const WINDOW_VIEWS = ['rooms', 'files', 'notifications', 'events', 'settings'] as const;
/** One of the window's views. */
export type WindowView = (typeof WINDOW_VIEWS)[number];

/** Every string the window shows; both languages must fill every key (the type checks it). */
export interface WindowStrings {
  appName: string;
  loading: string;
  loadFailed: (reason: string) => string;
  disconnected: string;
  tabsLabel: string;
  tabs: Record<WindowView, string>;
  header: {
    recorder: Record<RecorderStatusKind | 'connecting', string>;
    listening: (address: string) => string;
    listenerDown: (error: string) => string;
    paused: (until: string) => string;
    pausedForever: string;
    resume: string;
    unread: (count: number) => string;
  };
  pager: {
    label: string;
    previous: string;
    next: string;
    page: (page: number, pages: number) => string;
  };
  rooms: {
    filterLabel: string;
    filterPlaceholder: string;
    summary: (live: number, recording: number, total: number) => string;
    empty: string;
    noMatch: string;
    listLabel: string;
    roomNumber: (roomId: number, shortId: number) => string;
    live: string;
    offline: string;
    recording: string;
    danmakuOn: string;
    danmakuOff: string;
    session: string;
    fileSize: string;
    network: string;
    mbps: (value: string) => string;
    health: { good: string; behind: (ratio: string) => string; ahead: (ratio: string) => string };
    mute: string;
    unmute: string;
    muted: string;
    openLive: string;
  };
  files: {
    roomLabel: string;
    allRooms: string;
    searchLabel: string;
    searchPlaceholder: string;
    total: (count: number) => string;
    empty: string;
    noMatch: string;
    listLabel: string;
    size: string;
    duration: string;
    finishedAt: string;
    open: string;
    showInFolder: string;
    missing: string;
    noRoot: string;
  };
  notifications: {
    unread: (count: number) => string;
    unreadOnly: string;
    searchLabel: string;
    searchPlaceholder: string;
    markRead: string;
    markAllRead: string;
    unreadMark: string;
    empty: string;
    noMatch: string;
    listLabel: string;
    shown: string;
    suppressed: Record<SuppressionReason, string>;
  };
  events: {
    testTitle: string;
    testHint: string;
    sendTest: Record<'StreamStarted' | 'FileClosed', string>;
    sent: string;
    total: (count: number) => string;
    empty: string;
    listLabel: string;
    source: Record<EventLogEntry['source'], string>;
    duplicate: string;
    room: (roomId: number) => string;
    replay: string;
    replayed: string;
    body: string;
  };
  eventNames: Record<NotifiableEvent, string>;
  settings: {
    recorderSection: string;
    recorderUrl: string;
    recorderUrlHint: string;
    username: string;
    password: string;
    pollInterval: string;
    pollRooms: string;
    pollRoomsHint: string;
    unreachableMinutes: string;
    check: string;
    checking: string;
    statusNow: string;
    openRecorderUi: string;
    openRecorderApi: string;
    listenerSection: string;
    webhookUrl: string;
    copy: string;
    copied: string;
    copyFailed: string;
    pasteWhere: string;
    listenerHost: string;
    listenerHostHint: string;
    listenerPort: string;
    listenerToken: string;
    listenerTokenHint: string;
    filesSection: string;
    recordingRoot: string;
    recordingRootHint: string;
    chooseFolder: string;
    pathMappings: string;
    pathMappingsHint: string;
    mappingFrom: string;
    mappingTo: string;
    addMapping: string;
    removeMapping: string;
    openFileOnClick: string;
    notificationsSection: string;
    eventsLegend: string;
    groupWindow: string;
    flapMinutes: string;
    mutedRooms: string;
    noMutedRooms: string;
    unmute: string;
    pause: string;
    pauseHour: string;
    pauseTomorrow: string;
    pauseForever: string;
    resume: string;
    notPaused: string;
    generalSection: string;
    language: string;
    languageSystem: string;
    startAtLogin: string;
    version: string;
    dataDir: string;
    save: string;
    saving: string;
    saved: string;
    discard: string;
    unsaved: string;
    invalid: string;
    notANumber: string;
  };
}

/** The window's strings in each language the app speaks. */
export const WINDOW_STRINGS: Readonly<Record<Language, WindowStrings>> = {
  'zh-CN': {
    appName: 'Recorder Tray', // the product name, as on the installer
    loading: '正在加载…',
    loadFailed: (reason) => `无法加载：${reason}`,
    disconnected: '与应用的连接已断开，正在重连…',
    tabsLabel: '视图',
    tabs: { rooms: '房间', files: '文件', notifications: '通知', events: '事件', settings: '设置' },
    header: {
      recorder: {
        ok: '已连接录播姬',
        off: '仅接收 Webhook',
        connecting: '正在连接录播姬…',
        unreachable: '连不上录播姬',
        unauthorized: '录播姬需要密码',
        'open-access-guard': '录播姬拒绝访问（412）',
        'not-a-recorder': '地址不是录播姬',
        'server-error': '录播姬内部出错',
        'bad-data': '录播姬数据无法识别',
      },
      listening: (address) => `Webhook 监听于 ${address}`,
      listenerDown: (error) => `Webhook 无法监听：${error}`,
      paused: (until) => `通知已暂停至 ${until}`,
      pausedForever: '通知已暂停',
      resume: '恢复',
      unread: (count) => `${count} 条未读`,
    },
    pager: {
      label: '翻页',
      previous: '上一页',
      next: '下一页',
      page: (page, pages) => `第 ${page} / ${pages} 页`,
    },
    rooms: {
      filterLabel: '筛选房间',
      filterPlaceholder: '主播、标题或房间号',
      summary: (live, recording, total) =>
        `${live} 个直播中 · ${recording} 个录制中 · 共 ${total} 个房间`,
      empty: '还没有房间。录播姬发来 Webhook 或连接上录播姬后，房间会显示在这里。',
      noMatch: '没有匹配的房间。',
      listLabel: '房间列表',
      roomNumber: (roomId, shortId) =>
        shortId > 0 ? `房间 ${roomId}（短号 ${shortId}）` : `房间 ${roomId}`,
      live: '直播中',
      offline: '未开播',
      recording: '录制中',
      danmakuOn: '弹幕已连接',
      danmakuOff: '弹幕未连接',
      session: '本场',
      fileSize: '当前文件',
      network: '网速',
      mbps: (value) => `${value} Mbps`,
      health: {
        good: '录制正常',
        behind: (ratio) => `录制跟不上直播（速率 ${ratio}），请检查网络`,
        ahead: (ratio) => `时间戳偏快（速率 ${ratio}）`,
      },
      mute: '静音',
      unmute: '取消静音',
      muted: '已静音',
      openLive: '打开直播间',
    },
    files: {
      roomLabel: '房间',
      allRooms: '全部房间',
      searchLabel: '搜索文件',
      searchPlaceholder: '文件名、主播或标题',
      total: (count) => `共 ${count} 个文件`,
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
    },
    notifications: {
      unread: (count) => `${count} 条未读`,
      unreadOnly: '只看未读',
      searchLabel: '搜索通知',
      searchPlaceholder: '主播、标题或文件名',
      markRead: '标为已读',
      markAllRead: '全部标为已读',
      unreadMark: '未读',
      empty: '还没有通知。',
      noMatch: '没有匹配的通知。',
      listLabel: '通知记录',
      shown: '已弹出',
      suppressed: {
        paused: '未弹出：通知已暂停',
        muted: '未弹出：此房间已静音',
        disabled: '未弹出：此类通知已关闭',
        grouped: '已合并到汇总通知',
        flapping: '未弹出：刚下播又开播',
        baseline: '未弹出：启动时已在直播',
      },
    },
    events: {
      testTitle: '测试',
      testHint: '测试事件以录播姬的格式通过 HTTP 发到本应用的 Webhook 地址，走完整个处理流程。',
      sendTest: { StreamStarted: '发送测试开播事件', FileClosed: '发送测试录制完成事件' },
      sent: '已发送',
      total: (count) => `共 ${count} 条事件`,
      empty: '还没有收到事件。',
      listLabel: '收到的事件',
      source: { webhook: '来自 Webhook', poll: '来自轮询', test: '测试', replay: '重放' },
      duplicate: '重复',
      room: (roomId) => `房间 ${roomId}`,
      replay: '重放',
      replayed: '已重放',
      body: '原始内容',
    },
    eventNames: {
      StreamStarted: '开播',
      FileClosed: '录制文件完成',
      SessionStarted: '开始录制',
      SessionEnded: '录制结束',
      StreamEnded: '下播',
    },
    settings: {
      recorderSection: '录播姬',
      recorderUrl: '录播姬地址',
      recorderUrlHint: '录播姬 API 的根地址，例如 http://127.0.0.1:2356。留空则只接收 Webhook。',
      username: '用户名（Basic 认证）',
      password: '密码（Basic 认证）',
      pollInterval: '轮询间隔（秒）',
      pollRooms: '只轮询这些房间',
      pollRoomsHint: '房间号，用空格或逗号分隔；留空表示全部房间。',
      unreachableMinutes: '连不上多久后提醒（分钟）',
      check: '检查连接',
      checking: '正在检查…',
      statusNow: '当前状态',
      openRecorderUi: '打开录播姬网页界面',
      openRecorderApi: '打开录播姬 API 浏览器',
      listenerSection: '接收 Webhook',
      webhookUrl: 'Webhook 地址',
      copy: '复制',
      copied: '已复制',
      copyFailed: '无法复制，请手动选中后复制。',
      pasteWhere:
        '在录播姬中打开「设置」→「Webhook」，把这个地址填入「Webhook V2」一栏（每行一个地址）。',
      listenerHost: '监听地址',
      listenerHostHint: '127.0.0.1 只接受本机的请求；录播姬在其他机器上时填 0.0.0.0，并设置令牌。',
      listenerPort: '端口',
      listenerToken: '令牌',
      listenerTokenHint: '设置令牌后，地址变为 /webhook/<令牌>。',
      filesSection: '录制文件',
      recordingRoot: '录制文件根目录',
      chooseFolder: '选择文件夹…',
      recordingRootHint: '录播姬的工作目录在本机上的路径，用来打开文件、检查文件是否还在。',
      pathMappings: '路径映射',
      pathMappingsHint: '录播姬运行在另一台机器或容器里时，把它看到的路径前缀换成本机路径。',
      mappingFrom: '录播姬中的路径',
      mappingTo: '本机路径',
      addMapping: '添加映射',
      removeMapping: '删除这条映射',
      openFileOnClick: '点击录制完成通知时直接打开文件（否则在文件夹中显示）',
      notificationsSection: '通知',
      eventsLegend: '这些事件弹出通知',
      groupWindow: '几秒内的开播合并为一条（秒）',
      flapMinutes: '下播后几分钟内重新开播不再提醒（分钟）',
      mutedRooms: '已静音的房间',
      noMutedRooms: '没有静音的房间。可以在「房间」页静音单个房间。',
      unmute: '取消静音',
      pause: '暂停通知',
      pauseHour: '1 小时',
      pauseTomorrow: '到明天早上',
      pauseForever: '直到手动恢复',
      resume: '恢复通知',
      notPaused: '通知正常弹出。',
      generalSection: '通用',
      language: '语言',
      languageSystem: '跟随系统',
      startAtLogin: '登录系统时启动',
      version: '版本',
      dataDir: '数据目录',
      save: '保存',
      saving: '正在保存…',
      saved: '已保存',
      discard: '撤销更改',
      unsaved: '有未保存的更改',
      invalid: '有些设置无效，请检查标出的字段。',
      notANumber: '请填写数字',
    },
  },
  en: {
    appName: 'Recorder Tray',
    loading: 'Loading…',
    loadFailed: (reason) => `Could not load: ${reason}`,
    disconnected: 'Lost the connection to the app; reconnecting…',
    tabsLabel: 'Views',
    tabs: {
      rooms: 'Rooms',
      files: 'Files',
      notifications: 'Notifications',
      events: 'Events',
      settings: 'Settings',
    },
    header: {
      recorder: {
        ok: 'Recorder connected',
        off: 'Webhooks only',
        connecting: 'Connecting to the recorder…',
        unreachable: 'Recorder unreachable',
        unauthorized: 'Recorder needs a password',
        'open-access-guard': 'Recorder refused access (412)',
        'not-a-recorder': 'Not a recorder address',
        'server-error': 'Recorder server error',
        'bad-data': 'Recorder data unreadable',
      },
      listening: (address) => `Webhooks on ${address}`,
      listenerDown: (error) => `Cannot listen for webhooks: ${error}`,
      paused: (until) => `Notifications paused until ${until}`,
      pausedForever: 'Notifications paused',
      resume: 'Resume',
      unread: (count) => `${count} unread`,
    },
    pager: {
      label: 'Pages',
      previous: 'Previous',
      next: 'Next',
      page: (page, pages) => `Page ${page} of ${pages}`,
    },
    rooms: {
      filterLabel: 'Filter rooms',
      filterPlaceholder: 'Streamer, title or room number',
      summary: (live, recording, total) => `${live} live · ${recording} recording · ${total} rooms`,
      empty:
        'No rooms yet. They show up here once the recorder sends a webhook or the app reaches its API.',
      noMatch: 'No room matches.',
      listLabel: 'Rooms',
      roomNumber: (roomId, shortId) =>
        shortId > 0 ? `Room ${roomId} (short ${shortId})` : `Room ${roomId}`,
      live: 'Live',
      offline: 'Offline',
      recording: 'Recording',
      danmakuOn: 'Danmaku connected',
      danmakuOff: 'Danmaku disconnected',
      session: 'Session',
      fileSize: 'File',
      network: 'Network',
      mbps: (value) => `${value} Mbps`,
      health: {
        good: 'Recording healthy',
        behind: (ratio) => `Falling behind the stream (ratio ${ratio}); check the network`,
        ahead: (ratio) => `Timestamps running fast (ratio ${ratio})`,
      },
      mute: 'Mute',
      unmute: 'Unmute',
      muted: 'Muted',
      openLive: 'Open live room',
    },
    files: {
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
    notifications: {
      unread: (count) => `${count} unread`,
      unreadOnly: 'Unread only',
      searchLabel: 'Search notifications',
      searchPlaceholder: 'Streamer, title or file name',
      markRead: 'Mark as read',
      markAllRead: 'Mark all as read',
      unreadMark: 'Unread',
      empty: 'No notifications yet.',
      noMatch: 'No notification matches.',
      listLabel: 'Notification history',
      shown: 'Shown',
      suppressed: {
        paused: 'Not shown: notifications paused',
        muted: 'Not shown: room muted',
        disabled: 'Not shown: this kind is switched off',
        grouped: 'Grouped into a summary',
        flapping: 'Not shown: live again right after ending',
        baseline: 'Not shown: already live at start-up',
      },
    },
    events: {
      testTitle: 'Testing',
      testHint:
        "A test event is posted over HTTP to this app's webhook URL in the recorder's format and goes through the whole pipeline.",
      sendTest: {
        StreamStarted: 'Send a test go-live event',
        FileClosed: 'Send a test file-finished event',
      },
      sent: 'Sent',
      total: (count) => `${count} events`,
      empty: 'No events received yet.',
      listLabel: 'Received events',
      source: { webhook: 'From webhook', poll: 'From polling', test: 'Test', replay: 'Replayed' },
      duplicate: 'Duplicate',
      room: (roomId) => `Room ${roomId}`,
      replay: 'Replay',
      replayed: 'Replayed',
      body: 'Raw body',
    },
    eventNames: {
      StreamStarted: 'Goes live',
      FileClosed: 'Recording file finished',
      SessionStarted: 'Recording starts',
      SessionEnded: 'Recording ends',
      StreamEnded: 'Stream ends',
    },
    settings: {
      recorderSection: 'Recorder',
      recorderUrl: 'Recorder address',
      recorderUrlHint:
        "The base address of the recorder's API, such as http://127.0.0.1:2356. Leave it empty to use webhooks only.",
      username: 'User name (Basic auth)',
      password: 'Password (Basic auth)',
      pollInterval: 'Poll every (seconds)',
      pollRooms: 'Poll only these rooms',
      pollRoomsHint: 'Room numbers separated by spaces or commas; empty means every room.',
      unreachableMinutes: 'Warn when unreachable for (minutes)',
      check: 'Check connection',
      checking: 'Checking…',
      statusNow: 'Status',
      openRecorderUi: "Open the recorder's web UI",
      openRecorderApi: "Open the recorder's API browser",
      listenerSection: 'Webhook listener',
      webhookUrl: 'Webhook URL',
      copy: 'Copy',
      copied: 'Copied',
      copyFailed: 'Could not copy; select the URL and copy it by hand.',
      pasteWhere:
        'In the recorder, open 设置 (Settings) → Webhook and paste this URL into the “Webhook V2” box (one URL per line).',
      listenerHost: 'Listen address',
      listenerHostHint:
        '127.0.0.1 accepts this computer only. If the recorder runs on another machine, use 0.0.0.0 and set a token.',
      listenerPort: 'Port',
      listenerToken: 'Token',
      listenerTokenHint: 'With a token, the URL becomes /webhook/<token>.',
      filesSection: 'Recordings',
      recordingRoot: 'Recording folder',
      chooseFolder: 'Choose folder…',
      recordingRootHint:
        "Where the recorder's work directory is on this computer; used to open files and to check they still exist.",
      pathMappings: 'Path mappings',
      pathMappingsHint:
        'When the recorder runs on another machine or in a container: replace the path prefix it sees with the path here.',
      mappingFrom: 'Path on the recorder',
      mappingTo: 'Path here',
      addMapping: 'Add mapping',
      removeMapping: 'Remove this mapping',
      openFileOnClick:
        'Clicking a “finished” notification opens the file (otherwise it shows it in its folder)',
      notificationsSection: 'Notifications',
      eventsLegend: 'Pop up a notification when',
      groupWindow: 'Group go-live events within (seconds)',
      flapMinutes: 'No repeat when live again within (minutes)',
      mutedRooms: 'Muted rooms',
      noMutedRooms: 'No muted rooms. Mute a single room on the Rooms tab.',
      unmute: 'Unmute',
      pause: 'Pause notifications',
      pauseHour: 'For 1 hour',
      pauseTomorrow: 'Until tomorrow morning',
      pauseForever: 'Until I resume',
      resume: 'Resume notifications',
      notPaused: 'Notifications are on.',
      generalSection: 'General',
      language: 'Language',
      languageSystem: 'Follow the system',
      startAtLogin: 'Start at login',
      version: 'Version',
      dataDir: 'Data folder',
      save: 'Save',
      saving: 'Saving…',
      saved: 'Saved',
      discard: 'Discard changes',
      unsaved: 'Unsaved changes',
      invalid: 'Some settings are not valid; see the marked fields.',
      notANumber: 'Enter a number',
    },
  },
};

/** Names of the languages, each in itself (shown the same in every language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  'zh-CN': '简体中文',
  en: 'English',
};
