import { describe, expect, it } from 'vitest';
import { biliupAppendStep, biliupUploadStep } from '../../shared/biliup-preset';

// biliup's command lines as its CLI defines them (biliup/biliup crates/biliup-cli/src/cli.rs: the
// global `-u, --user-cookie` before the subcommand, default cookies.json; `upload [studio flags]
// <video_path>...`; `append -v, --vid <BV or av> <video_path>...`; the studio flags --copyright,
// --source, --tid, --title, --tag from crates/biliup/src/uploader/bilibili.rs `Studio`), as
// docs/other-recorders.md ("Uploading with biliup") gives them, with this app's placeholders
// where the job fills in the file, the room and the title.
const UPLOAD =
  'biliup -u cookies.json upload --copyright 2 --source https://live.bilibili.com/{roomId} --tid 171 --title {streamer} {date} {title} --tag 直播录像,七海 {output}';
const APPEND = 'biliup -u cookies.json append -v BV1xx411c7mD {output}';

describe('the biliup preset', () => {
  const choices = {
    program: 'biliup',
    cookieFile: 'cookies.json',
    tid: 171,
    tags: ['直播录像', '七海'],
    title: '',
  };

  it('uploads a first part as biliup documents it, one argument per array item', () => {
    const step = biliupUploadStep(choices);
    expect([step.program, ...step.args].join(' ')).toBe(UPLOAD);
    // The title template stays one argument however many words it has.
    expect(step.args[step.args.indexOf('--title') + 1]).toBe('{streamer} {date} {title}');
  });

  it('appends the next parts to the video the first made', () => {
    const step = biliupAppendStep(choices, 'BV1xx411c7mD');
    expect([step.program, ...step.args].join(' ')).toBe(APPEND);
  });

  it('leaves --tag out without tags', () => {
    expect(biliupUploadStep({ ...choices, tags: [] }).args).not.toContain('--tag');
  });
});
