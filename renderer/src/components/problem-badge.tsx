import { PROBLEM_TEXT, problemDetail, problemWords } from '../../../shared/i18n/problem-text';
import type { RoomState } from '../../../shared/model';
import { useApp } from '../app-context';
import { problemsByRoom, problemsOf } from '../attention';

/**
 * The recording guardian's badge on a room: one pill per open problem, named in plain words, its
 * advice (what it means, what to check) on hover and for screen readers. A pill keeps the row's
 * height, which the room list's virtual scrolling relies on.
 */
export function ProblemBadge({ room }: { room: Pick<RoomState, 'roomId' | 'recorderId'> }) {
  const { state, language } = useApp();
  // A problem that names its recorder shows on that recorder's row only.
  const problems = problemsOf(room, problemsByRoom(state.problems));
  if (problems.length === 0) return null;
  const text = PROBLEM_TEXT[language];
  return (
    <>
      {problems.map((problem) => {
        const words = problemWords(language, problem.code, problem.facts);
        const detail = problemDetail(language, problem.facts);
        const advice = detail ? `${detail}. ${words.advice}` : words.advice;
        return (
          <span
            key={`${problem.code}-${problem.facts?.warning ?? ''}`}
            class="pill pill-warn problem-badge"
            data-problem={problem.code}
            title={advice}
            aria-label={`${text.badge}: ${words.name}. ${advice}`}
          >
            <span aria-hidden="true">⚠ </span>
            {words.name}
          </span>
        );
      })}
    </>
  );
}
