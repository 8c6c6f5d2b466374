import { describe, expect, it } from 'vitest';
import { emailContent, escapeHtml } from '../../../../main/features/push/core/email-content';
import { escapeMarkdown, pushMarkdown } from '../../../../main/features/push/core/push-markdown';

describe('the push email', () => {
  it('a test push (no facts) is its title and body, with the footer, in its language', () => {
    const mail = emailContent({
      title: 'Recorder Tray test push',
      body: 'It works.',
      language: 'en',
    });
    expect(mail.subject).toBe('Recorder Tray test push');
    expect(mail.text).toBe(
      'Recorder Tray test push\n\nIt works.\n\n—\nSent by Recorder Tray (a tray companion for BililiveRecorder)',
    );
    expect(mail.html).not.toContain('<table');
    expect(mail.html).not.toContain('cid:');
  });

  it('escapes what came from a webhook, and lays the facts out as rows', () => {
    const mail = emailContent({
      title: '<script>x</script> 开播了',
      body: 'a & b',
      click: 'https://live.bilibili.com/1',
      language: 'zh-CN',
      facts: { name: '"主播"', title: '<img src=x>', url: 'https://live.bilibili.com/1' },
    });
    expect(mail.html).not.toMatch(/<script|<img src=x/);
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt; 开播了');
    expect(mail.html).toContain('&quot;主播&quot;');
    expect(mail.text).toContain('主播: "主播"');
    expect(mail.text).toContain('直播间: https://live.bilibili.com/1');
    expect(escapeHtml(`<'&">`)).toBe('&lt;&#39;&amp;&quot;&gt;');
  });
});

describe('Markdown for the group bots', () => {
  it('a title cannot become a link or an image', () => {
    expect(escapeMarkdown('![x](http://t) [y](z) *b*')).toBe(
      '\\!\\[x\\]\\(http://t\\) \\[y\\]\\(z\\) \\*b\\*',
    );
  });

  it('links only http(s) pictures and the room, and is whole without pictures', () => {
    const text = pushMarkdown({
      title: 't',
      body: '',
      click: 'javascript:alert(1)',
      language: 'en',
      pictures: { face: { url: 'file:///etc/passwd' } },
    });
    expect(text).toBe('#### t');
  });
});
