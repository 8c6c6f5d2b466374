// One latest-linux.yml from the AppImage's and the deb's: the release builds them in separate
// electron-builder runs (tools/artifacts/package-type.ts says why), and each run writes a feed
// listing only its own file. electron-updater reads the one feed for both: AppImageUpdater takes
// the file ending in .AppImage, DebUpdater the one ending in .deb (electron-updater 6.8,
// Provider.findFile), so the merged feed lists both, as one run would have.
import { parse, stringify } from 'yaml';
import * as z from 'zod';

const FeedFile = z.looseObject({ url: z.string().min(1), sha512: z.string().min(1) });

const LinuxFeed = z.looseObject({
  version: z.string().min(1),
  files: z.array(FeedFile).min(1),
  path: z.string().optional(),
  sha512: z.string().optional(),
  releaseDate: z.string().optional(),
});

type LinuxFeed = z.infer<typeof LinuxFeed>;

function feedOf(name: string, text: string): LinuxFeed {
  const parsed = LinuxFeed.safeParse(parse(text));
  if (!parsed.success) throw new Error(`${name} is not an update feed: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The merged feed's text: the AppImage feed (its legacy `path`/`sha512`, which older updaters
 * read, name the AppImage) with the deb feed's files added and the later release date. Throws
 * when the two are not for the same version, or either lists the other's kind of file.
 */
export function mergeLinuxFeeds(appImageText: string, debText: string): string {
  const appImage = feedOf('the AppImage feed', appImageText);
  const deb = feedOf('the deb feed', debText);
  if (appImage.version !== deb.version)
    throw new Error(
      `the AppImage feed is for ${appImage.version}, the deb feed for ${deb.version}`,
    );
  const urls = (feed: LinuxFeed) => feed.files.map((file) => file.url);
  if (!urls(appImage).every((url) => url.endsWith('.AppImage')))
    throw new Error(`the AppImage feed lists ${urls(appImage).join(', ')}`);
  if (!urls(deb).every((url) => url.endsWith('.deb')))
    throw new Error(`the deb feed lists ${urls(deb).join(', ')}`);
  const dates = [appImage.releaseDate, deb.releaseDate].filter((d) => d !== undefined).sort();
  return stringify({
    ...appImage,
    files: [...appImage.files, ...deb.files],
    ...(dates.length > 0 ? { releaseDate: dates.at(-1) } : {}),
  });
}
