import { describe, expect, it } from 'vitest';
import { placeholderValues, type JobFacts } from '../../../../main/features/jobs/core/placeholders';
import { planStep } from '../../../../main/features/jobs/core/step-plan';

const facts: JobFacts = {
  recorderId: 'default',
  roomId: 1,
  streamer: 's',
  title: '-rf --config=/etc/x',
  area: 'a',
  sessionId: 'x',
  endedAt: 0,
};
const values = (output = '/rec/r/x.flv') =>
  placeholderValues(facts, { path: '/rec/r/x.flv', output }, 'posix');

describe('planStep', () => {
  it('remuxes into a temporary name, renamed to the MP4 that the next step gets', () => {
    const plan = planStep({ kind: 'remux', format: 'mp4', deleteSource: true }, values(), 'posix');
    expect(plan).toMatchObject({
      kind: 'program',
      temp: '/rec/r/x.mp4.part',
      final: '/rec/r/x.mp4',
      carry: '/rec/r/x.mp4',
      progressOf: '/rec/r/x.flv',
      deleteAfter: '/rec/r/x.flv',
    });
    if (plan.kind !== 'program') throw new Error('a program');
    expect(plan.call.args).toEqual([
      '-hide_banner',
      '-nostdin',
      '-i',
      '/rec/r/x.flv',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-progress',
      'pipe:1',
      '-y',
      '-f',
      'mp4',
      '/rec/r/x.mp4.part',
    ]);
  });

  it('skips a remux of an MP4', () => {
    expect(
      planStep(
        { kind: 'remux', format: 'mp4', deleteSource: false },
        values('/rec/r/x.mp4'),
        'posix',
      ),
    ).toMatchObject({ kind: 'skip', carry: '/rec/r/x.mp4' });
  });

  it('converts the XML beside the recording, the video going on to the next step', () => {
    const plan = planStep(
      { kind: 'danmaku', args: ['-S', '{roomId}'] },
      values('/rec/r/x.mp4'),
      'posix',
    );
    expect(plan).toMatchObject({
      kind: 'program',
      call: {
        program: { tool: 'danmakuFactory' },
        args: ['-o', 'ass', '/rec/r/x.ass.part', '-i', 'xml', '/rec/r/x.xml', '-S', '1'],
      },
      final: '/rec/r/x.ass',
      carry: '/rec/r/x.mp4',
      needs: ['/rec/r/x.xml'],
    });
  });

  it('uploads with the remote as one argument after `--`, so a title cannot be a flag', () => {
    const plan = planStep({ kind: 'upload', remote: '{title}' }, values('/rec/r/x.mp4'), 'posix');
    expect(plan).toMatchObject({
      call: {
        program: { tool: 'rclone' },
        args: ['copy', '--', '/rec/r/x.mp4', '-rf --config=/etc/x'],
      },
    });
  });

  it('runs the user program with its arguments and timeout, the program never expanded', () => {
    const plan = planStep(
      { kind: 'run', program: '{title}', args: ['{title}', 'a b'], timeoutSeconds: 2 },
      values(),
      'posix',
    );
    expect(plan).toMatchObject({
      call: { program: { path: '{title}' }, args: ['-rf --config=/etc/x', 'a b'], timeoutMs: 2000 },
      carry: '/rec/r/x.flv',
    });
  });

  it('gives {outputs} one argument per file of the job, in order, whatever the names hold', () => {
    const step = {
      kind: 'run' as const,
      program: 'biliup',
      args: ['--title', '{title}', '{outputs}'],
    };
    const files = ['/rec/r/a b.mp4', '/rec/r/-rf.mp4', '/rec/r/c.flv'];
    expect(planStep(step, values(), 'posix', files)).toMatchObject({
      call: { args: ['--title', '-rf --config=/etc/x', ...files] },
      carry: '/rec/r/x.flv',
    });
    // Without the job's files (one file): the file the step works on.
    expect(planStep(step, values(), 'posix')).toMatchObject({
      call: { args: ['--title', '-rf --config=/etc/x', '/rec/r/x.flv'] },
    });
  });

  it('moves to the expanded target', () => {
    expect(
      planStep({ kind: 'move', to: '/archive/{roomId}/{name}' }, values('/rec/r/x.mp4'), 'posix'),
    ).toEqual({ kind: 'move', from: '/rec/r/x.mp4', to: '/archive/1/x.flv' });
  });
});
