import { describe, expect, it } from 'vitest';
import { uiUrlOfReadyLine } from '../../../tools/start/ready-line';

describe('uiUrlOfReadyLine', () => {
  it('reads the uiUrl of the ready line', () => {
    const line = JSON.stringify({
      type: 'ready',
      webhookUrl: 'http://127.0.0.1:23560/webhook',
      uiUrl: 'http://127.0.0.1:5000/?token=x',
    });
    expect(uiUrlOfReadyLine(line)).toBe('http://127.0.0.1:5000/?token=x');
  });

  it('ignores other lines, a ready line without a window, and non-JSON', () => {
    expect(
      uiUrlOfReadyLine(JSON.stringify({ type: 'notification', uiUrl: 'http://x/' })),
    ).toBeNull();
    expect(uiUrlOfReadyLine(JSON.stringify({ type: 'ready', webhookUrl: 'http://x/' }))).toBeNull();
    expect(uiUrlOfReadyLine('> recorder-tray@0.1.0 start')).toBeNull();
    expect(uiUrlOfReadyLine('null')).toBeNull();
    expect(uiUrlOfReadyLine('"ready"')).toBeNull();
  });
});
