import { describe, expect, it } from 'vitest';
import { helpBlocksOf, helpSearchShape, HELP_QUERY_MAX } from '@/domain/helpCenter';
import { HELP_ARTICLES } from '../../../server/db/seed-help-center';

describe('helpBlocksOf (an article body as the page shows it)', () => {
  it('splits paragraphs on blank lines and gathers "1. " lines into ordered steps', () => {
    const body = 'Intro line one\nstill intro.\n\n1. First\n2. Second\nAfter the steps.\n\nLast paragraph.';
    expect(helpBlocksOf(body)).toEqual([
      { kind: 'paragraph', text: 'Intro line one still intro.' },
      { kind: 'steps', items: ['First', 'Second'] },
      { kind: 'paragraph', text: 'After the steps.' },
      { kind: 'paragraph', text: 'Last paragraph.' },
    ]);
  });

  it('reads every seeded article in both languages as the same number of steps', () => {
    for (const a of HELP_ARTICLES) {
      const count = (body: string) => helpBlocksOf(body).filter((b) => b.kind === 'steps').flatMap((b) => (b.kind === 'steps' ? b.items : [])).length;
      expect(count(a.vi.body), a.slug).toBe(count(a.en.body));
      expect(helpBlocksOf(a.vi.body).length, a.slug).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('help search query', () => {
  it(`trims the words and refuses more than ${HELP_QUERY_MAX} characters with its limit`, () => {
    expect(helpSearchShape.q.parse('  doi soat  ')).toBe('doi soat');
    const long = helpSearchShape.q.safeParse('a'.repeat(HELP_QUERY_MAX + 1));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({ message: 'validation.tooLong', params: { max: HELP_QUERY_MAX } });
  });
});
