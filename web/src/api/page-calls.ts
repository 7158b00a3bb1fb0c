import { PAGE_CALLS_ELEMENT_ID, pageCallKey } from '@cadenza/contracts/page-calls';

/**
 * How long after the page loaded its answers stand in for calls: time enough for the first
 * screen to draw. Later calls, and calls the page holds no answer to, go to the server.
 */
export const PAGE_ANSWERS_FRESH_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const element = document.getElementById(PAGE_CALLS_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/**
 * The page's own answer to a GET of our API (see `firstCallsOf`), taken once: the second call
 * for the same URL, a refetch, goes to the server. Undefined when the page holds none.
 */
export function takePageAnswer(url: string): unknown {
  answers ??= readAnswers();
  if (answers.size === 0) return undefined;
  // performance.now() counts from the page's navigation: the answers are that old.
  if (performance.now() > PAGE_ANSWERS_FRESH_MS) {
    answers.clear();
    return undefined;
  }
  const key = pageCallKey(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** Tests: forget what was read, so the next call reads the page again. */
export function resetPageAnswers(): void {
  answers = undefined;
}
