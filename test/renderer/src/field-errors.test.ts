import { describe, expect, it } from 'vitest';
import { errorsFor, unclaimedErrors } from '../../../renderer/src/field-errors';

const errors = [
  'listener.port: Too big: expected number to be <=65535',
  'pathMappings[0].to: Too small: expected string to have >=1 characters',
  'listener.portable: not a field',
  '(root): something else',
];

describe('errorsFor', () => {
  it('gives a field its own errors and those inside it, without the path', () => {
    expect(errorsFor(errors, 'listener.port')).toEqual(['Too big: expected number to be <=65535']);
    expect(errorsFor(errors, 'pathMappings')).toEqual([
      'Too small: expected string to have >=1 characters',
    ]);
    expect(errorsFor(errors, 'pathMappings[0].to')).toHaveLength(1);
    expect(errorsFor(errors, 'recordingRoot')).toEqual([]);
  });
});

describe('unclaimedErrors', () => {
  it('keeps the errors no field shows', () => {
    expect(unclaimedErrors(errors, ['listener.port', 'pathMappings'])).toEqual([
      'listener.portable: not a field',
      '(root): something else',
    ]);
  });
});
