import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/*
 * Trelli is about US IEPs and 504 plans: what a parent reads is in US English (issue 24 found
 * "Behaviour", "organised" and "maths"). This reads the words a parent can see: the guide's articles
 * and letters, and the strings and JSX text of the client's, the shared code's and the server's
 * sources (its emails and API messages). A British spelling used as a name in code (the API's `behaviour` field, a slug) is not
 * text: it is followed by a colon or a hyphen, inside a path, or a whole quoted lower-case value.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const BRITISH =
  /(?<![\w/.-])(behaviours?|behavioural|organis(?:e|ed|es|ing|ation|ations)|maths|colours?|favourite|recognis(?:e|ed|ing)|practis(?:e|ed|ing)|centre|programmes?|licence|judgements?|counsellors?|paediatric\w*|specialis(?:e|ed|es|ing|ation)|apologis\w*|prioritis\w*|summaris\w*|categoris\w*|whilst|neighbour\w*|honour\w*|analys(?:e|ed|ing)|enrolment|fulfil|learnt)(?![\w-])/gi;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => path.join(dir, file));
}

/** The words of a source a person can read: its string literals and JSX text, not its names or comments. */
function textsOf(source: string): string {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const literals = code.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|>[^<>{}]*</g) ?? [];
  return literals.join('\n').replace(/\$\{[^}]*\}/g, '');
}

function britishIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(BRITISH)) {
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 1);
    const before = text.slice(match.index - 1, match.index);
    // A name in code: a key (`behaviour:`), or a whole quoted lower-case value (the enum 'behaviour').
    if (after === ':' || (/['"`]/.test(before) && before === after && match[0] === match[0].toLowerCase())) continue;
    found.push(`${file}: ${match[0]}`);
  }
  return found;
}

it('the guide, the app, the site and the emails speak US English', () => {
  const markdown = files('client/app/features/guide/content', /\.md$/).flatMap((file) =>
    britishIn(
      file,
      readFileSync(path.join(ROOT, file), 'utf8')
        // Search keywords keep both spellings, so a parent who types either finds the article.
        .replace(/^keywords:.*$/m, ''),
    ),
  );
  const code = [...files('client', /\.tsx?$/), ...files('shared', /\.ts$/), ...files('server', /\.ts$/)]
    // The guide's suggestion rules and the meeting pack's plan services match a parent's or a plan's
    // own words in either spelling ("organised", "maths", "behaviour support").
    .filter(
      (file) => !file.includes('guide-content') && !file.endsWith('suggestion-rules.ts') && !file.endsWith('snapshots/meeting-pack.ts'),
    )
    .flatMap((file) => britishIn(file, textsOf(readFileSync(path.join(ROOT, file), 'utf8'))));
  expect([...markdown, ...code]).toEqual([]);
});
