import * as z from 'zod';

/** Where the window should go when a click opens it: the Notifications view over a span (epoch ms, `to` excluded). */
export const WindowTarget = z.object({
  view: z.literal('notifications'),
  span: z.object({ from: z.number(), to: z.number() }),
});
/** A place in the window a click opens. */
export type WindowTarget = z.infer<typeof WindowTarget>;
