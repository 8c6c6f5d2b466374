import { useState } from 'preact/hooks';

/** A choice remembered in localStorage under `key` (the rooms' sort); `allowed` guards old values. */
export function useStoredChoice<T extends string>(
  key: string,
  initial: T,
  allowed: readonly T[],
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      return allowed.find((option) => option === stored) ?? initial;
    } catch {
      return initial;
    }
  });
  const choose = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // Not remembered: the choice holds until the window reloads.
    }
  };
  return [value, choose];
}
