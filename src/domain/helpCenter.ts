/**
 * Help centre (MERCHANT_HELP_CENTER): article categories, what the API answers and the query schema
 * shared by the search box and the API. Articles are the provider's own content (not a merchant's):
 * any signed-in merchant user reads them, in the caller's language.
 */
import { z } from 'zod';
import { ValidationKeys } from './validation';

/** Article categories, in the order the help centre shows them. */
export const HELP_CATEGORIES = ['ACCOUNT', 'MERCHANT', 'PAYMENTS', 'REPORTS', 'RECONCILIATION', 'BUSINESS_PAGES'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** Longest search text: a question, not a document. */
export const HELP_QUERY_MAX = 100;
/** Related articles shown under an article. */
export const HELP_RELATED_MAX = 4;

/** Query of the article list: a category and/or search words (accents optional). */
export const helpSearchShape = {
  category: z.enum(HELP_CATEGORIES, { error: ValidationKeys.invalid }).optional().meta({ description: 'Only this category' }),
  q: z
    .string()
    .trim()
    .refine((v) => v.length <= HELP_QUERY_MAX, { error: 'validation.tooLong', params: { max: HELP_QUERY_MAX } })
    .optional()
    .meta({ description: 'Search words, with or without Vietnamese accents ("doi soat" finds "Đối soát"); every word must match (prefixes count)' }),
};

export interface HelpCategorySummary {
  code: HelpCategory;
  articleCount: number;
}

/** One article in a list, in the caller's language. */
export interface HelpArticleSummary {
  id: number;
  category: HelpCategory;
  title: string;
  summary: string;
  updatedAt: string;
}

/** An article page: the body is plain text, paragraphs split by blank lines, lines "1. " are steps. */
export interface HelpArticle extends HelpArticleSummary {
  body: string;
  related: HelpArticleSummary[];
}

/** A body's blocks for display: paragraphs, and runs of numbered lines as ordered steps. */
export type HelpBlock = { kind: 'paragraph'; text: string } | { kind: 'steps'; items: string[] };

export function helpBlocksOf(body: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    let steps: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      if (steps.length) blocks.push({ kind: 'steps', items: steps });
      paragraph = [];
      steps = [];
    };
    for (const line of lines) {
      const step = /^\d+\.\s+(.*)$/.exec(line);
      if (step) {
        if (paragraph.length) {
          blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
          paragraph = [];
        }
        steps.push(step[1]);
      } else {
        if (steps.length) {
          blocks.push({ kind: 'steps', items: steps });
          steps = [];
        }
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}
