import { describe, expect, it } from 'vitest';
import { heldUntilOpen, type OutputLine } from '../../main/headless/output';

describe('lines held until the ready line', () => {
  it('keeps what came while starting, in order, and writes straight through once open', () => {
    const written: OutputLine[] = [];
    const gate = heldUntilOpen((line) => written.push(line));
    gate.emit({ type: 'recorder', status: 'ok' });
    gate.emit({ type: 'rooms', rooms: [] });
    expect(written).toEqual([]);
    written.push({ type: 'ready' }); // what the host writes itself, first
    gate.open();
    gate.emit({ type: 'notification' });
    expect(written.map((line) => line.type)).toEqual([
      'ready',
      'recorder',
      'rooms',
      'notification',
    ]);
  });
});
