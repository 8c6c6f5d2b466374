// The smoke test's figures in the job summary (GitHub Actions shows $GITHUB_STEP_SUMMARY's Markdown
// on the run's page): the numbers nothing but a real desktop can measure.
import { appendFileSync } from 'node:fs';
import type { SmokeFigures } from './smoke-run';

/** One Markdown table row per smoke run, under a heading naming the OS and the artifact. */
export function summaryMarkdown(title: string, figures: SmokeFigures): string {
  const mib = (figures.memory.rssBytes / (1024 * 1024)).toFixed(1);
  return [
    `### Smoke test: ${title}`,
    '',
    '| launch → ready line | memory of all its processes | processes | measured at | exit |',
    '| --- | --- | --- | --- | --- |',
    `| ${Math.round(figures.readyMs)} ms | ${mib} MiB | ${figures.memory.processes} | ${Math.round(figures.settleMs / 1000)} s after launch, window closed | ${figures.exitCode} |`,
    '',
    `Webhook: \`${figures.webhookUrl}\` answered 204 to a recorded FileClosed; after quitting, the Files list held its file.`,
    ...(figures.updateRoute === undefined
      ? []
      : ['', `Updates: the app logged the route it was built for, \`${figures.updateRoute}\`.`]),
    '',
  ].join('\n');
}

/** Appends to the job summary when running in GitHub Actions; prints to standard output as well. */
export function reportFigures(
  markdown: string,
  env: NodeJS.ProcessEnv = process.env,
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  write(`${markdown}\n`);
  const file = env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, `${markdown}\n`);
}
