import type { Shell } from 'electron';
import type { ShellLike } from '../core/shell-actions';

/**
 * Compile-time proof that an Electron class fits the narrow interface the glue is written against
 * (`type _X = Fits<Narrow, ElectronClass>` fails to compile when Electron's types drift).
 */
export type Fits<Narrow, Actual extends Narrow> = Actual extends Narrow ? true : never;

// Electron's shell fits the ShellLike that the core's ShellActions guard (main/core/shell-actions.ts).
type _ShellFits = Fits<ShellLike, Shell>;
