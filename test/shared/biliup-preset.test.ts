import { describe, expect, it } from 'vitest';
import { biliupAppendStep, biliupUploadStep } from '../../shared/biliup-preset';
import { expandArgs } from '../../main/features/jobs/core/placeholders';
import { runsOnce } from '../../shared/job-rules';

// biliup's command lines as its CLI defines them, read in biliup/biliup at adf6a1c:
// - crates/biliup-cli/src/cli.rs L30-32: the global `-u, --user-cookie <FILE>` (default
//   cookies.json), before the subcommand;
// - cli.rs L46-55: `upload [studio flags] [VIDEO_PATH]...`, `video_path: Vec<PathBuf>`: several
//   paths, each a part of the one video posted;
// - cli.rs L75-87: `append -v, --vid <BV or av> [VIDEO_PATH]...`: parts added to a posted video;
// - crates/biliup/src/uploader/bilibili.rs `Studio`: `--copyright` L19-23 (2: a reprint),
//   `--source` L25-28, `--tid` L30-33 (default 171), `--title` L40-42, `--tag` L69-72 (commas).
// As docs/other-recorders.md ("Uploading with biliup") gives them, with this app's placeholders
// where the job fills in the files, the room and the title.
const UPLOAD =
  'biliup -u cookies.json upload --copyright 2 --source {roomUrl} --tid 171 --title {streamer} {date} {title} --tag 直播录像,七海 {outputs}';
const APPEND = 'biliup -u cookies.json append -v BV1xx411c7mD {output}';

const values = {
  path: '/rec/a.flv',
  dir: '/rec',
  name: 'a.flv',
  stem: 'a',
  roomId: '23058',
  roomUrl: 'https://live.bilibili.com/23058',
  streamer: '3号直播间',
  title: '音悦台',
  area: '',
  recorder: 'default',
  sessionId: 's',
  date: '2024-03-17',
  time: '21-42-10',
  output: '/rec/a.mp4',
};

describe('the biliup preset', () => {
  const choices = {
    program: 'biliup',
    cookieFile: 'cookies.json',
    tid: 171,
    tags: ['直播录像', '七海'],
    title: '',
  };

  it('posts a session as biliup documents it: one upload, the parts in order', () => {
    const step = biliupUploadStep(choices);
    expect([step.program, ...step.args].join(' ')).toBe(UPLOAD);
    expect(runsOnce(step)).toBe(true);
    const parts = ['/rec/p1.mp4', '/rec/p2.mp4', '/rec/p3.mp4'];
    expect(expandArgs(step.args, values, parts)).toEqual([
      ...['-u', 'cookies.json', 'upload', '--copyright', '2'],
      ...['--source', 'https://live.bilibili.com/23058', '--tid', '171'],
      // The title template stays one argument however many words it has.
      ...['--title', '3号直播间 2024-03-17 音悦台', '--tag', '直播录像,七海'],
      ...parts,
    ]);
  });

  it('appends each finished file to the video already posted', () => {
    const step = biliupAppendStep(choices, 'BV1xx411c7mD');
    expect([step.program, ...step.args].join(' ')).toBe(APPEND);
    expect(runsOnce(step)).toBe(false);
  });

  it('leaves --tag out without tags', () => {
    expect(biliupUploadStep({ ...choices, tags: [] }).args).not.toContain('--tag');
  });
});
