// The Linux build job's feed step (.github/workflows/):
//   tsx tools/linux-feed.ts <AppImage run's latest-linux.yml> <deb run's latest-linux.yml> <out>
// writes the one latest-linux.yml the release carries, listing both packages
// (tools/publish/linux-feed.ts); exits 1 when the two feeds do not fit together.
import { readFile, writeFile } from 'node:fs/promises';
import { mergeLinuxFeeds } from './publish/linux-feed';

const [appImageFeed, debFeed, out] = process.argv.slice(2);
if (appImageFeed === undefined || debFeed === undefined || out === undefined) {
  console.error('usage: tsx tools/linux-feed.ts <appimage feed> <deb feed> <out>');
  process.exit(2);
}
try {
  const merged = mergeLinuxFeeds(
    await readFile(appImageFeed, 'utf8'),
    await readFile(debFeed, 'utf8'),
  );
  await writeFile(out, merged);
  console.log(`linux-feed: ${out}\n${merged}`);
} catch (error) {
  console.error(`linux-feed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
