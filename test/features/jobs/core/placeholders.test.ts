import { describe, expect, it } from 'vitest';
import {
  expandArgs,
  expandPathTemplate,
  pathParts,
  placeholderValues,
  type JobFacts,
} from '../../../../main/features/jobs/core/placeholders';

const facts: JobFacts = {
  recorderId: 'nas',
  roomId: 23058,
  streamer: '3号直播间',
  title: '"; rm -rf ~ $(reboot) `id` && echo',
  area: '../../etc',
  sessionId: 's-1',
  endedAt: new Date(2024, 2, 17, 20, 37, 3).getTime(),
};

describe('placeholders', () => {
  it('fill one argument each, whatever the value holds', () => {
    const values = placeholderValues(
      facts,
      { path: '/rec/a b/x.flv', output: '/rec/a b/x.mp4' },
      'posix',
    );
    expect(
      expandArgs(['--title={title}', '{output}', '{{literal}}', '{dir}/{stem}.txt'], values),
    ).toEqual([`--title=${facts.title}`, '/rec/a b/x.mp4', '{literal}', '/rec/a b/x.txt']);
  });

  it('give every placeholder a value', () => {
    const values = placeholderValues(
      facts,
      { path: 'D:\\rec\\x.flv', output: 'D:\\rec\\x.flv' },
      'win32',
    );
    expect(values).toEqual({
      path: 'D:\\rec\\x.flv',
      dir: 'D:\\rec',
      name: 'x.flv',
      stem: 'x',
      roomId: '23058',
      roomUrl: 'https://live.bilibili.com/23058', // a job kept by an earlier build: from roomId
      streamer: '3号直播间',
      title: facts.title,
      area: '../../etc',
      recorder: 'nas',
      sessionId: 's-1',
      date: '2024-03-17',
      time: '20-37-03',
      output: 'D:\\rec\\x.flv',
    });
  });

  it("name another platform's room by its page, and none when it has no page", () => {
    const file = { path: '/rec/x.flv', output: '/rec/x.flv' };
    const douyin = { ...facts, roomId: 2 ** 50 + 7, roomUrl: 'https://live.douyin.com/12345' };
    expect(placeholderValues(douyin, file, 'posix').roomUrl).toBe('https://live.douyin.com/12345');
    expect(placeholderValues({ ...douyin, roomUrl: '' }, file, 'posix').roomUrl).toBe('');
    const { roomUrl: _kept, ...old } = douyin; // kept before roomUrl: no bilibili page for it
    expect(placeholderValues(old, file, 'posix').roomUrl).toBe('');
  });

  it('keep text placeholders to one path segment in a path template', () => {
    const values = placeholderValues(facts, { path: '/rec/x.flv', output: '/rec/x.mp4' }, 'posix');
    expect(expandPathTemplate('/archive/{area}/{title}/{name}', values)).toBe(
      '/archive/.._.._etc/_; rm -rf ~ $(reboot) `id` && echo/x.flv',
    );
    expect(expandPathTemplate('/archive/{area}', { ...values, area: '..' })).toBe('/archive/_');
  });

  it('split paths by the machine style', () => {
    expect(pathParts('/a/b.c.flv', 'posix')).toEqual({ dir: '/a', name: 'b.c.flv', stem: 'b.c' });
    expect(pathParts('/x', 'posix')).toEqual({ dir: '/', name: 'x', stem: 'x' });
    expect(pathParts('/a/b\\c.flv', 'posix').name).toBe('b\\c.flv');
    expect(pathParts('C:\\a/b\\c.flv', 'win32')).toEqual({
      dir: 'C:\\a/b',
      name: 'c.flv',
      stem: 'c',
    });
  });
});
