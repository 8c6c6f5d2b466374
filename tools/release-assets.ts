// The release workflow's publish job (.github/workflows/release.yml):
//   tsx tools/release-assets.ts <artifacts dir> <out dir> <tag>
// checks the update feeds against the build jobs' artifacts (tools/publish/release-assets.ts) and
// copies the release's files into <out dir> under the names the feeds give them; exits 1, copying
// nothing, when anything is missing or does not match.
import { planReleaseAssets, stageAssets } from './publish/release-assets';
import { tagVersion } from './changelog/notes';

const [artifacts, outDir, tag] = process.argv.slice(2);
if (artifacts === undefined || outDir === undefined || tag === undefined) {
  console.error('usage: tsx tools/release-assets.ts <artifacts dir> <out dir> <tag>');
  process.exit(2);
}
const plan = await planReleaseAssets(artifacts, tagVersion(tag));
if (plan.problems.length > 0) {
  console.error(`release assets: not ready\n- ${plan.problems.join('\n- ')}`);
  process.exit(1);
}
await stageAssets(plan.assets, outDir);
for (const asset of plan.assets) console.log(`${asset.name}  ←  ${asset.file}`);
