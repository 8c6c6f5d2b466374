// The update feeds electron-builder writes beside the installers (latest.yml, latest-mac.yml,
// latest-linux.yml) and what each must list before a release goes out: electron-updater on a
// user's machine reads them to find, download and verify the next version.
import { parse } from 'yaml';
import * as z from 'zod';

/** One file a feed lists: its name on the release (GitHub-safe: spaces became dashes) and hash. */
const FeedFile = z.object({
  url: z.string().min(1),
  sha512: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
});

const Feed = z.object({ version: z.string(), files: z.array(FeedFile).min(1) });

/** A parsed update feed. */
export interface UpdateFeed {
  name: string;
  version: string;
  files: z.infer<typeof FeedFile>[];
}

/** What a feed must list: a file found by its name, and whether its blockmap must be there too. */
export interface FeedRequirement {
  what: string;
  matches: (url: string) => boolean;
  /** electron-updater's differential download reads `<url>.blockmap` beside the file. */
  blockmap: boolean;
}

/**
 * The feeds a release carries and what each must list: Windows' NSIS installer with its blockmap
 * (electron-builder.yml's `differentialPackage`), both macOS zips (Squirrel.Mac updates from a zip;
 * Intel and Apple silicon), the AppImage and the deb (built apart, their feeds merged into one:
 * tools/publish/linux-feed.ts; AppImageUpdater and DebUpdater each take their own file from it).
 */
export const FEED_REQUIREMENTS: Readonly<Record<string, readonly FeedRequirement[]>> = {
  'latest.yml': [
    {
      what: 'the Windows installer (.exe)',
      matches: (url) => url.endsWith('.exe'),
      blockmap: true,
    },
  ],
  'latest-mac.yml': [
    {
      what: 'the Intel (x64) zip',
      matches: (url) => url.endsWith('.zip') && !url.includes('arm64'),
      blockmap: false,
    },
    {
      what: 'the Apple silicon (arm64) zip',
      matches: (url) => url.endsWith('.zip') && url.includes('arm64'),
      blockmap: false,
    },
  ],
  'latest-linux.yml': [
    { what: 'the AppImage', matches: (url) => url.endsWith('.AppImage'), blockmap: false },
    { what: 'the deb', matches: (url) => url.endsWith('.deb'), blockmap: false },
  ],
};

/** Parses a feed file's text; throws with the feed's name when it is not one. */
export function parseFeed(name: string, text: string): UpdateFeed {
  const parsed = Feed.safeParse(parse(text));
  if (!parsed.success) throw new Error(`${name} is not an update feed: ${parsed.error.message}`);
  return { name, ...parsed.data };
}

/** What is wrong with a feed for the release of `version` (nothing: an empty list). */
export function feedProblems(feed: UpdateFeed, version: string): string[] {
  const problems: string[] = [];
  if (feed.version !== version)
    problems.push(`${feed.name} is for version ${feed.version}, not ${version}`);
  for (const requirement of FEED_REQUIREMENTS[feed.name] ?? []) {
    if (!feed.files.some((file) => requirement.matches(file.url)))
      problems.push(
        `${feed.name} does not list ${requirement.what} (it lists ${feed.files.map((f) => f.url).join(', ')})`,
      );
  }
  return problems;
}

/** Whether a name can be a GitHub release asset's name as it is (GitHub renames anything else). */
export function isGitHubSafeName(name: string): boolean {
  return /^[0-9A-Za-z._-]+$/.test(name);
}
