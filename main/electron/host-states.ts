import type { HostStatePort } from '../app';

/** Several host state parts (popup health, a ready update) as the one port the app reads. */
export function combineHostStates(...parts: readonly HostStatePort[]): HostStatePort {
  return {
    read: () => Object.assign({}, ...parts.map((part) => part.read())),
    onChange: (listener) => {
      const offs = parts.map((part) => part.onChange(listener));
      return () => offs.forEach((off) => off());
    },
  };
}
