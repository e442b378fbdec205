import type { Page } from '@/domain/api';
import { ContentApiPaths as Paths } from '@/domain/api';
import type { PostComment, PostSaveInput, PostStatus, PostSummary, ReviewRow, ReviewSummary, StoryCreateInput, StoryRow } from '@/domain/pageContent';
import type { ModerationDecisionInput, ReportedReview, ReportedReviewState } from '@/domain/reviewModeration';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** One of the merchant's pages with its content figures (content-management). */
export interface ContentPage {
  id: number;
  name: string;
  slug: string;
  status: string;
  posts: number;
  scheduled: number;
  reviews: number;
  unanswered: number;
  averageStars: number | null;
  activeStories: number;
}

export interface PageQuery {
  pageNumber?: number;
  pageSize?: number;
}

/** A business page's content (server/routes/content-management): posts, comments, images, reviews, stories. */
export function pageContentApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getContentPages(): Promise<ContentPage[]> {
      return (await call<ContentPage[]>(Paths.pages)).data;
    },
    async getPagePosts(pageId: number, query: PageQuery & { status?: PostStatus } = {}): Promise<Page<PostSummary>> {
      return (await call<Page<PostSummary>>(Paths.posts, { params: { pageId }, query: { ...query } })).data;
    },
    async getPagePost(pageId: number, postId: number): Promise<PostSummary> {
      return (await call<PostSummary>(Paths.post, { params: { pageId, postId } })).data;
    },
    /** Creates (no postId) or edits a post. */
    async savePagePost(pageId: number, body: PostSaveInput, postId?: number): Promise<PostSummary> {
      const template = postId ? Paths.post : Paths.posts;
      return (await call<PostSummary>(template, { method: postId ? 'PUT' : 'POST', params: { pageId, postId }, body, showSuccess: true })).data;
    },
    async setPostHidden(pageId: number, postId: number, hidden: boolean): Promise<PostSummary> {
      return (await call<PostSummary>(Paths.postVisibility, { method: 'POST', params: { pageId, postId }, body: { hidden }, showSuccess: true })).data;
    },
    async setPostPinned(pageId: number, postId: number, pinned: boolean): Promise<PostSummary> {
      return (await call<PostSummary>(Paths.postPin, { method: 'POST', params: { pageId, postId }, body: { pinned }, showSuccess: true })).data;
    },
    async getPostComments(pageId: number, postId: number): Promise<PostComment[]> {
      return (await call<PostComment[]>(Paths.postComments, { params: { pageId, postId } })).data;
    },
    async setCommentHidden(pageId: number, postId: number, commentId: number, hidden: boolean): Promise<PostComment> {
      return (await call<PostComment>(Paths.commentVisibility, { method: 'POST', params: { pageId, postId, commentId }, body: { hidden }, showSuccess: true })).data;
    },
    async replyToComment(pageId: number, postId: number, commentId: number, body: string): Promise<PostComment> {
      return (await call<PostComment>(Paths.commentReplies, { method: 'POST', params: { pageId, postId, commentId }, body: { body }, showSuccess: true })).data;
    },
    async uploadPageImage(pageId: number, file: File): Promise<{ name: string; url: string }> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await call<{ name: string; url: string }>(Paths.media, { method: 'POST', params: { pageId }, body: form })).data;
    },
    async getPageReviews(pageId: number, query: PageQuery & { stars?: number } = {}): Promise<Page<ReviewRow>> {
      return (await call<Page<ReviewRow>>(Paths.reviews, { params: { pageId }, query: { ...query } })).data;
    },
    async getReviewSummary(pageId: number): Promise<ReviewSummary> {
      return (await call<ReviewSummary>(Paths.reviewSummary, { params: { pageId } })).data;
    },
    /** The page's reply: written once (POST), then edited (PUT). */
    async saveReviewReply(pageId: number, reviewId: number, body: string, edit: boolean): Promise<ReviewRow> {
      return (await call<ReviewRow>(Paths.reviewReply, { method: edit ? 'PUT' : 'POST', params: { pageId, reviewId }, body: { body }, showSuccess: true })).data;
    },
    async reportReview(pageId: number, reviewId: number, reason: string): Promise<ReviewRow> {
      return (await call<ReviewRow>(Paths.reviewReport, { method: 'POST', params: { pageId, reviewId }, body: { reason }, showSuccess: true })).data;
    },
    async getPageStories(pageId: number, query: PageQuery = {}): Promise<Page<StoryRow>> {
      return (await call<Page<StoryRow>>(Paths.stories, { params: { pageId }, query: { ...query } })).data;
    },
    async createStory(pageId: number, body: StoryCreateInput): Promise<StoryRow> {
      return (await call<StoryRow>(Paths.stories, { method: 'POST', params: { pageId }, body, showSuccess: true })).data;
    },
    async deleteStory(pageId: number, storyId: number): Promise<StoryRow> {
      return (await call<StoryRow>(Paths.story, { method: 'DELETE', params: { pageId, storyId }, showSuccess: true })).data;
    },
    /** Operator (ops reported-reviews): reported reviews across merchants, and the decision on one. */
    async getReportedReviews(state: ReportedReviewState): Promise<ReportedReview[]> {
      return (await call<ReportedReview[]>(Paths.opsReportedReviews, { query: { state } })).data;
    },
    async decideReportedReview(reviewId: number, body: ModerationDecisionInput): Promise<ReportedReview> {
      return (await call<ReportedReview>(Paths.opsReportedReviewDecision, { method: 'POST', params: { reviewId }, body, showSuccess: true })).data;
    },
  };
}
