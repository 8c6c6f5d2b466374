import type { Language } from '../settings';

// zod writes its messages in English; the settings form shows them next to fields, so the common
// ones get a Chinese wording. Anything not listed stays as zod wrote it.
const ZH: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Too big: expected number to be <=?(\S+)$/, (m) => `不能大于 ${m[1]}`],
  [/^Too small: expected number to be >([^=\s]\S*)$/, (m) => `必须大于 ${m[1]}`],
  [/^Too small: expected number to be >=?(\S+)$/, (m) => `不能小于 ${m[1]}`],
  [/^Too small: expected string to have >=1 characters?$/, () => '不能为空'],
  [/^Too small: expected string to have >=(\d+) characters?$/, (m) => `至少 ${m[1]} 个字符`],
  [/^Too big: expected string to have <=(\d+) characters?$/, (m) => `最多 ${m[1]} 个字符`],
  [/^expected int, received number$/, () => '需要整数'],
  [/^expected number, received \w+$/, () => '需要数字'],
  [/^expected string, received \w+$/, () => '需要文字'],
  [/^expected boolean, received \w+$/, () => '需要是或否'],
  [/^Invalid option: expected one of (.+)$/, (m) => `只能是 ${m[1]} 之一`],
  [/^use letters, digits and - \. _ ~ only$/, () => '只能使用字母、数字和 - . _ ~'],
  [/^use HH:MM, e\.g\. 23:00$/, () => '请用 时:分 格式，如 23:00'],
  [/^give keepDays or keepGiB \(or both\)$/, () => '请填写保留天数或保留容量（GiB），或两者都填'],
  [/^give moveTo, the folder to move the files to$/, () => '请填写移动到的文件夹（moveTo）'],
  [/^use 1 to 40 letters, digits and - only$/, () => '只能使用 1 到 40 个字母、数字和 -'],
  [/^unknown placeholder (.+); use (.+)$/, (m) => `未知的占位符 ${m[1]}；可用 ${m[2]}`],
  [/^the rule id "(.*)" is used twice$/s, (m) => `规则 ID "${m[1]}" 重复了`],
  [/^add at least one step$/, () => '至少添加一个步骤'],
  [
    /^\{outputs\} works only as a whole argument of a run step$/,
    () => '{outputs} 只能单独作为“运行程序”步骤的一个参数',
  ],
  [/^\{outputs\} works only in a run step$/, () => '{outputs} 只能用在“运行程序”步骤中'],
  [
    /^\{outputs\} \(every file of a session\) works only in a rule on SessionEnded; use \{output\} for one file$/,
    () => '{outputs}（一场直播的全部文件）只能用在“整场直播结束时”的规则中；单个文件请用 {output}',
  ],
];

/** A schema message (the part after `path: `) in the given language, as far as it is known. */
export function localizeSchemaMessage(message: string, language: Language): string {
  if (language !== 'zh-CN') return message;
  for (const [pattern, wording] of ZH) {
    const match = pattern.exec(message);
    if (match) return wording(match);
  }
  return message;
}
