/**
 * The provider's decisions on reviews that merchants reported as abusive (ops section reported-reviews):
 * hide the review from the public page, or dismiss the report; with the operator's reason, who and when.
 * One decision per review (unique): the row is the audit trail of the operator's action and what the
 * merchant reads on the review.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';
import { pageReviews } from './page-content';

export const pageReviewModerations = pgTable(
  'page_review_moderations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => pageReviews.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** HIDDEN (no longer on the public page) or DISMISSED (the report was unfounded). */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_review_moderations_review_uq').on(t.reviewId),
    index('page_review_moderations_decided_idx').on(t.decidedAt.desc()),
    check('page_review_moderations_outcome_ck', sql`${t.outcome} in ('HIDDEN', 'DISMISSED')`),
  ],
);
