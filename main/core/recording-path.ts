import { quoteForLog as quote } from './log-text';
import type { NotificationAction } from '../../shared/model';
import type { PathMapping } from '../../shared/settings';

// Pure on purpose: the same rules must be testable for Windows and POSIX on any machine, so no
// node:path here. Every RelativePath comes from a webhook and is hostile until proven otherwise.

/** The path rules of the machine that opens the file. */
export type PathStyle = 'posix' | 'win32';

/** Machine code of a refused recording path. */
export type PathRefusal =
  | 'no-root'
  | 'bad-root'
  | 'bad-mapping'
  | 'empty'
  | 'too-long'
  | 'segment-too-long'
  | 'control-char'
  | 'device-path'
  | 'unc'
  | 'absolute'
  | 'drive-letter'
  | 'dot-dot'
  | 'invalid-char'
  | 'invalid-name'
  | 'reserved-name'
  | 'outside-root';

/** A local path inside the recording root, or why there is none. */
export type ResolvedRecordingPath =
  { ok: true; path: string; root: string } | { ok: false; reason: PathRefusal; message: string };

/** Where recordings live and how the recorder's paths map onto this machine. */
export interface RecordingPathOptions {
  /** The recorder's work directory, as the recorder or this machine sees it; '' = not set. */
  recordingRoot: string;
  /** Recorder prefix → local prefix; the longest matching prefix wins. */
  pathMappings: readonly PathMapping[];
  /** Path rules of this machine. */
  style: PathStyle;
}

/** What the file system says about a candidate path (see main/adapters/file-access.ts). */
export type FileAccess = 'exists' | 'missing' | 'outside-root';

/** Longest path (and RelativePath) accepted, in UTF-16 code units. */
export const MAX_PATH_LENGTH = 1024;
/** Longest single name accepted, in UTF-16 code units (NTFS and most POSIX file systems allow 255). */
export const MAX_SEGMENT_LENGTH = 255;
/** Extensions that may be opened with the default program: media, danmaku and cover images. */
export const OPENABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.flv',
  '.mp4',
  '.ts',
  '.m4s',
  '.mkv',
  '.xml',
  '.ass',
  '.jpg',
  '.png',
]);

type Refusal = Extract<ResolvedRecordingPath, { ok: false }>;
const refuse = (reason: PathRefusal, message: string): Refusal => ({ ok: false, reason, message });

// C0 and C1 controls, and the bidi overrides/isolates that can make `gpj.exe` look like `exe.jpg`.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const WIN32_INVALID = /[<>:"|?*]/;
// Reserved device names, also with an extension (`nul.flv` is the NUL device on older Windows).
const WIN32_RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
const ANY_SEPARATOR = /[\\/]/;

/** An absolute path split into an anchor (`/`, `Z:` or `\\server\share`) and its names. */
interface AbsolutePath {
  kind: 'posix' | 'drive' | 'unc';
  anchor: string;
  segments: string[];
}

/** Resolves a webhook's RelativePath to a local path inside the recording root, or refuses it. */
export function resolveRecordingPath(
  relativePath: string,
  options: RecordingPathOptions,
): ResolvedRecordingPath {
  const { style } = options;
  const recorderRoot = parseAbsolute(options.recordingRoot, 'any');
  // Without a usable root the recorder's side is unknown: the path is checked by this machine's
  // rules, and its own refusal, if any, says more than the missing root.
  const relative = checkRelativePath(
    relativePath,
    recorderRoot ? recorderStyle(recorderRoot) : style,
    style,
  );
  if (!Array.isArray(relative)) return relative;

  if (options.recordingRoot.trim() === '') return refuse('no-root', 'no recording root is set');
  if (!recorderRoot)
    return refuse(
      'bad-root',
      `recording root ${quote(options.recordingRoot)} is not an absolute path`,
    );

  // The root goes through the same mapping as the file, so the containment check below compares
  // two local paths; a longer mapping that sends part of the tree elsewhere is caught there.
  const localRoot = mapToLocal(recorderRoot, options);
  if (!isAbsolutePath(localRoot)) return localRoot;
  const joined: AbsolutePath = {
    ...recorderRoot,
    segments: [...recorderRoot.segments, ...relative],
  };
  const localFile = mapToLocal(joined, options);
  if (!isAbsolutePath(localFile)) return localFile;

  if (!isStrictlyInside(localRoot, localFile, style)) {
    return refuse('outside-root', 'the path mappings send this file outside the recording root');
  }
  const path = formatPath(localFile);
  if (path.length > MAX_PATH_LENGTH)
    return refuse('too-long', `the local path is longer than ${MAX_PATH_LENGTH} characters`);
  return { ok: true, path, root: formatPath(localRoot) };
}

/** True when the file name has an extension that may be opened (case-insensitive). */
export function isOpenableRecording(path: string): boolean {
  const name = path.split(ANY_SEPARATOR).pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false; // no extension, or a dot file such as `.flv`
  return OPENABLE_EXTENSIONS.has(name.slice(dot).toLowerCase());
}

/** The click action for a finished file: open it, show it in its folder, or nothing. */
export function fileActionFor(
  resolved: ResolvedRecordingPath,
  access: FileAccess | undefined,
  openFileOnClick: boolean,
): NotificationAction | undefined {
  if (!resolved.ok || access === 'outside-root') return undefined;
  if (openFileOnClick && access === 'exists' && isOpenableRecording(resolved.path)) {
    return { kind: 'openFile', path: resolved.path };
  }
  return { kind: 'showFile', path: resolved.path };
}

// The path rules of the recorder's machine, told by its root as the recorder sees it: a drive or
// UNC root is a Windows recorder (whose templates may use `\` or `/`), a `/` root a POSIX one
// (where `\` is an ordinary name character). The root is the recorder's side whether or not a
// mapping applies: a mapping's `from` must match it to apply at all.
function recorderStyle(root: AbsolutePath): PathStyle {
  return root.kind === 'posix' ? 'posix' : 'win32';
}

/**
 * Splits and checks a RelativePath: the recorder's style says what separates names, and a name
 * must be valid on both the recorder's machine and this one. Returns its names or the refusal.
 */
function checkRelativePath(
  relativePath: string,
  recorder: PathStyle,
  local: PathStyle,
): string[] | Refusal {
  if (relativePath.trim() === '') return refuse('empty', 'the path is empty');
  if (relativePath.length > MAX_PATH_LENGTH)
    return refuse('too-long', `the path is longer than ${MAX_PATH_LENGTH} characters`);
  if (CONTROL.test(relativePath))
    return refuse('control-char', 'the path contains a control character');
  if (/^[\\/]{2}[?.][\\/]/.test(relativePath) || relativePath.startsWith('\\??\\')) {
    return refuse('device-path', 'the path is a device path');
  }
  if (/^[\\/]{2}/.test(relativePath)) return refuse('unc', 'the path is a network (UNC) path');
  // A leading `\` is a literal name character on POSIX, but nothing legitimate starts with one.
  if (ANY_SEPARATOR.test(relativePath[0] ?? '')) return refuse('absolute', 'the path is absolute');
  if (/^[a-z]:/i.test(relativePath))
    return refuse('drive-letter', 'the path starts with a drive letter');
  // `..` is refused between either separator in both styles: `a\..\..\x` is harmless on POSIX,
  // but nothing legitimate looks like that and another program may read `\` as a separator.
  if (relativePath.split(ANY_SEPARATOR).some((name) => name === '..')) {
    return refuse('dot-dot', 'the path contains a `..` segment');
  }

  // On a POSIX recorder `\` is an ordinary name character (Linux titles keep it); on a Windows
  // recorder it separates, whatever this machine is.
  const names = relativePath
    .split(recorder === 'win32' ? ANY_SEPARATOR : '/')
    .filter((name) => name !== '' && name !== '.');
  if (names.length === 0) return refuse('empty', 'the path names no file');
  for (const name of names) {
    if (name.length > MAX_SEGMENT_LENGTH)
      return refuse('segment-too-long', `a name is longer than ${MAX_SEGMENT_LENGTH} characters`);
    // A POSIX name holding `\` would become other names once written as a Windows path.
    if (local === 'win32' && name.includes('\\'))
      return refuse('invalid-char', 'a name contains a character Windows does not allow');
    if (recorder === 'win32' || local === 'win32') {
      // `:` also opens NTFS alternate data streams (`a.flv:evil.exe`).
      if (WIN32_INVALID.test(name))
        return refuse('invalid-char', 'a name contains a character Windows does not allow');
      // Windows drops trailing dots and spaces, so `.. ` would become `..`.
      if (/[. ]$/.test(name)) return refuse('invalid-name', 'a name ends with a dot or a space');
      if (WIN32_RESERVED.test(name))
        return refuse('reserved-name', 'a name is a reserved Windows device name');
    }
  }
  return names;
}

/** Maps a recorder-side path through the longest matching mapping and checks it is local. */
function mapToLocal(path: AbsolutePath, options: RecordingPathOptions): AbsolutePath | Refusal {
  let best: { from: AbsolutePath; to: string } | undefined;
  for (const mapping of options.pathMappings) {
    const from = parseAbsolute(mapping.from, 'any');
    if (!from || !startsWith(path, from, from.kind === 'posix' ? 'posix' : 'win32')) continue;
    if (!best || from.segments.length > best.from.segments.length) best = { from, to: mapping.to };
  }
  if (best) {
    const to = parseAbsolute(best.to, options.style);
    if (!to)
      return refuse(
        'bad-mapping',
        `mapping target ${quote(best.to)} is not an absolute ${options.style} path`,
      );
    return { ...to, segments: [...to.segments, ...path.segments.slice(best.from.segments.length)] };
  }
  const local = options.style === 'posix' ? path.kind === 'posix' : path.kind !== 'posix';
  if (!local) {
    return refuse(
      'bad-root',
      `${quote(formatPath(path))} is not a path on this machine; add a path mapping`,
    );
  }
  return path;
}

/**
 * Parses an absolute path. `any` is for the recorder's side, whose system is unknown: drive and
 * UNC forms are Windows paths, a leading `/` a POSIX one. Device paths (`\\?\`) are not accepted.
 */
function parseAbsolute(raw: string, flavor: PathStyle | 'any'): AbsolutePath | undefined {
  const path = raw.trim();
  if (path === '' || CONTROL.test(path) || /^[\\/]{2}[?.][\\/]/.test(path)) return undefined;
  if (flavor !== 'posix') {
    const drive = /^([a-z]):(?:[\\/]|$)/i.exec(path);
    if (drive)
      return {
        kind: 'drive',
        anchor: `${drive[1]!.toUpperCase()}:`,
        segments: normalize(path.slice(2).split(ANY_SEPARATOR)),
      };
    const unc = /^[\\/]{2}([^\\/]+)[\\/]+([^\\/]+)(.*)$/.exec(path);
    if (unc) {
      const server = unc[1]!;
      const share = unc[2]!;
      const rest = unc[3] ?? '';
      if (server === '.' || server === '..' || share === '.' || share === '..') return undefined;
      return {
        kind: 'unc',
        anchor: `\\\\${server}\\${share}`,
        segments: normalize(rest.split(ANY_SEPARATOR)),
      };
    }
    if (flavor === 'win32') return undefined;
  }
  if (!path.startsWith('/')) return undefined;
  return { kind: 'posix', anchor: '/', segments: normalize(path.split('/')) };
}

/** Drops empty and `.` names and applies `..` lexically (config paths only; never above the anchor). */
function normalize(names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    if (name === '' || name === '.') continue;
    if (name === '..') out.pop();
    else out.push(name);
  }
  return out;
}

/** True when `prefix` is `path` or one of its ancestors; Windows paths compare case-insensitively. */
function startsWith(path: AbsolutePath, prefix: AbsolutePath, style: PathStyle): boolean {
  const same =
    style === 'win32'
      ? (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
      : (a: string, b: string) => a === b;
  if (path.kind !== prefix.kind || !same(path.anchor, prefix.anchor)) return false;
  if (prefix.segments.length > path.segments.length) return false;
  return prefix.segments.every((name, index) => same(name, path.segments[index]!));
}

function isStrictlyInside(root: AbsolutePath, path: AbsolutePath, style: PathStyle): boolean {
  return path.segments.length > root.segments.length && startsWith(path, root, style);
}

function formatPath(path: AbsolutePath): string {
  switch (path.kind) {
    case 'posix':
      return `/${path.segments.join('/')}`;
    case 'drive':
      return `${path.anchor}\\${path.segments.join('\\')}`;
    case 'unc':
      return [path.anchor, ...path.segments].join('\\');
  }
}

function isAbsolutePath(value: AbsolutePath | Refusal): value is AbsolutePath {
  return 'segments' in value;
}
