/**
 * The provider's decision on a review a merchant reported as abusive (ops section reported-reviews): hide
 * it from the public page or dismiss the report, always with a reason the merchant reads on the review.
 */
import { z } from 'zod';
import { requiredString, ValidationKeys } from './validation';

export const MODERATION_OUTCOMES = ['HIDDEN', 'DISMISSED'] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];

/** The operator's queue: reports awaiting a decision, or those decided one way. */
export const REPORTED_REVIEW_STATES = ['OPEN', ...MODERATION_OUTCOMES] as const;
export type ReportedReviewState = (typeof REPORTED_REVIEW_STATES)[number];

export const MODERATION_REASON_MAX_LENGTH = 500;

export const moderationDecisionSchema = z.strictObject({
  outcome: z.enum(MODERATION_OUTCOMES, ValidationKeys.required),
  reason: requiredString.max(MODERATION_REASON_MAX_LENGTH, 'validation.content.tooLong'),
});
export type ModerationDecisionInput = z.infer<typeof moderationDecisionSchema>;

/** The decision as the merchant and the operator read it. */
export interface ModerationDecision {
  outcome: ModerationOutcome;
  reason: string;
  decidedAt: string;
}

/** A reported review in the operator's queue (across merchants). */
export interface ReportedReview {
  id: number;
  merchantName: string;
  pageName: string;
  pageSlug: string;
  stars: number;
  body: string;
  photoUrl: string | null;
  /** Masked, as on the public page. */
  customerName: string;
  reply: string | null;
  reportedAt: string;
  reportReason: string;
  reportedBy: string | null;
  decision: (ModerationDecision & { operator: string | null }) | null;
  createdAt: string;
}
