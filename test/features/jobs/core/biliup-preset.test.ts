import { describe, expect, it } from 'vitest';
import {
  biliupAppendStep,
  biliupUploadStep,
} from '../../../../main/features/jobs/core/biliup-preset';

// biliup's command lines as docs/other-recorders.md ("Uploading with biliup") gives them from its
// CLI (crates/biliup-cli), with this app's placeholders where the job fills in the file, the room
// and the title.
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
