import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { kindFixture } from '../../helpers/kind-fixtures';
import { postWebhook, type RawResponse } from '../../helpers/http';

/** One recorder of another kind as its webhook sender behaves (docs/other-recorders.md). */
export interface KindSender {
  /** Posts one event as that program does (its headers). */
  post: (url: string, body: unknown) => Promise<RawResponse>;
  /** A session's events in order: live, recording, the file finished, ended; paths in `root`. */
  session: (root: string) => unknown[];
  /** The session's one video file, as the recorder wrote it under `root`. */
  filePath: (root: string) => string;
  /** The streamer the session's go-live names. */
  streamer: string;
}

const json = (body: unknown) => JSON.stringify(body);

// acgnhiki/blrec src/blrec/webhook/webhook_emitter.py: aiohttp's JSON post, `User-Agent: blrec/<v>`.
const BLREC_FILE = '21452505 - 七海Nana7mi/blive_21452505_2025-06-03-210002.flv';
/** blrec: posts to each URL, retrying any non-2xx (its retry is the same body again). */
export const BLREC: KindSender = {
  post: (url, body) => postWebhook(url, json(body), { 'User-Agent': 'blrec/2.0.0-beta.5' }),
  filePath: (root) => join(root, BLREC_FILE),
  streamer: '七海Nana7mi',
  session: (root) => {
    const file = (name: string) => {
      const event = kindFixture(`blrec/${name}`);
      return { ...event, data: { ...event.data, path: join(root, BLREC_FILE) } };
    };
    return [
      kindFixture('blrec/live-began.json'),
      kindFixture('blrec/recording-started.json'),
      file('video-file-created.json'),
      file('video-file-completed.json'),
      kindFixture('blrec/recording-finished.json'),
      kindFixture('blrec/live-ended.json'),
    ];
  },
};

// CHKZL/DDTV Server/WebAppServices/MessageBase.cs: HttpClient, a StringContent of JSON, no retry.
const DDTV_FILE =
  '4983935_小胖子等六名用户/2024_06_26/2024_06_26_21_28_22_100%鲜橙汁！_original.mp4';
/** DDTV5: posts each operation-log record once, its answer ignored. */
export const DDTV: KindSender = {
  post: (url, body) => postWebhook(url, json(body), { 'User-Agent': '' }),
  filePath: (root) => join(root, DDTV_FILE),
  streamer: '小胖子等六名用户',
  session: (root) => {
    const end = kindFixture('ddtv/recording-end.json');
    end.data.DownInfo.DownloadFileList.VideoFile = [join(root, DDTV_FILE)];
    return [
      kindFixture('ddtv/start-live-event.json'),
      kindFixture('ddtv/start-broadcasting-reminder.json'),
      kindFixture('ddtv/start-recording.json'),
      end,
      kindFixture('ddtv/stop-live-event.json'),
    ];
  },
};

// renmu123/biliLive-tools packages/shared/src/utils/externalEvent.ts: axios.post, no retry.
const TOOLS_FILE = '七海Nana7mi/2025-06-03 21-00-02 晚上好.flv';
/** biliLive-tools: posts each external event once through axios. */
export const BILILIVE_TOOLS: KindSender = {
  post: (url, body) => postWebhook(url, json(body), { 'User-Agent': 'axios/1.7.9' }),
  filePath: (root) => join(root, TOOLS_FILE),
  streamer: '七海Nana7mi',
  session: (root) => {
    const completed = kindFixture('bililive-tools/file-completed.json');
    completed.data.filePath = join(root, TOOLS_FILE);
    return [
      kindFixture('bililive-tools/record-start.json'),
      kindFixture('bililive-tools/file-created.json'),
      completed,
      kindFixture('bililive-tools/record-end.json'),
    ];
  },
};

/** Writes the session's video file as the recorder would have, `bytes` long. */
export async function writeRecording(path: string, bytes: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, Buffer.alloc(bytes, 7));
}
