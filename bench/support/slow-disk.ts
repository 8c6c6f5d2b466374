/**
 * A slow disk for `npm run bench:commit -- <folder>` (issue 32: a tmpfs-backed file is not slow):
 * an ext4 file system on a loop device whose writes the blkio cgroup throttles to WRITE_IOPS a
 * second, so each fdatasync costs tens of milliseconds, as on a busy or old disk. As root:
 *   npx tsx bench/support/slow-disk.ts up     prints the folder to pass to the bench
 *   npx tsx bench/support/slow-disk.ts down   unmounts it and frees the loop device
 * cgroup v1 (blkio.throttle.write_iops_device) as on this machine; with cgroup v2 the same limit
 * is `io.max` ("MAJ:MIN wiops=50") in the bench's cgroup.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WRITE_IOPS = 50;
const IMAGE = join(tmpdir(), 'recorder-tray-slow-disk.img');
const MOUNT = join(tmpdir(), 'recorder-tray-slow-disk');
const V1 = '/sys/fs/cgroup/blkio/blkio.throttle.write_iops_device';

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8' }).trim();

/** The loop device behind IMAGE, if one is attached. */
function attached(): string | undefined {
  const line = run('losetup', ['-j', IMAGE]);
  return line === '' ? undefined : line.split(':')[0];
}

function up(): void {
  if (attached() === undefined) {
    run('truncate', ['-s', '300M', IMAGE]);
    const device = run('losetup', ['-f', '--show', IMAGE]);
    run('mkfs.ext4', ['-q', '-F', device]);
  }
  const device = attached()!;
  mkdirSync(MOUNT, { recursive: true });
  if (!run('mount', []).includes(`${device} on ${MOUNT}`)) run('mount', [device, MOUNT]);
  const rdev = statSync(device).rdev;
  const majorMinor = `${Math.floor(rdev / 256)}:${rdev % 256}`;
  if (!existsSync(V1)) throw new Error(`no ${V1}: set io.max "${majorMinor} wiops=${WRITE_IOPS}"`);
  writeFileSync(V1, `${majorMinor} ${WRITE_IOPS}`);
  const limits = readFileSync(V1, 'utf8').trim();
  process.stderr.write(`slow disk: ${device} (${majorMinor}) on ${MOUNT}; limits: ${limits}\n`);
  console.log(MOUNT);
}

function down(): void {
  const device = attached();
  if (device !== undefined) {
    const rdev = statSync(device).rdev;
    if (existsSync(V1)) writeFileSync(V1, `${Math.floor(rdev / 256)}:${rdev % 256} 0`);
    if (run('mount', []).includes(`${device} on ${MOUNT}`)) run('umount', [MOUNT]);
    run('losetup', ['-d', device]);
  }
  rmSync(IMAGE, { force: true });
  rmSync(MOUNT, { recursive: true, force: true });
}

if (process.argv[2] === 'up') up();
else if (process.argv[2] === 'down') down();
else throw new Error('usage: slow-disk.ts up|down');
