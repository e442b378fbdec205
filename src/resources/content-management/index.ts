import { lazy } from 'react';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 content-management (BUSINESS_PAGE_CONTENT_MANAGEMENT): the merchant's pages with their content
 * figures; per page its posts, reviews and stories; and the post screens nested under the page
 * (business-page/{id}/create-post, business-page/{id}/post/{postId}). Several configs, one code: the
 * first claims the sidebar entry. The server checks the page role on every call.
 */
const routeCodes = ['BUSINESS_PAGE_CONTENT_MANAGEMENT'] as const;

export const contentManagement: ResourceConfig = {
  name: 'content-management',
  routeCodes,
  paths: { page: 'content-management' },
  page: lazy(() => import('./ContentPages')),
  icon: ArticleOutlined,
};

export const contentPosts: ResourceConfig = {
  name: 'content-posts',
  routeCodes,
  paths: { page: 'content-management/:id/posts' },
  page: lazy(() => import('./PostsPage')),
  icon: ArticleOutlined,
};

export const contentReviews: ResourceConfig = {
  name: 'content-reviews',
  routeCodes,
  paths: { page: 'content-management/:id/reviews' },
  page: lazy(() => import('./ReviewsPage')),
  icon: ArticleOutlined,
};

export const contentStories: ResourceConfig = {
  name: 'content-stories',
  routeCodes,
  paths: { page: 'content-management/:id/stories' },
  page: lazy(() => import('./StoriesPage')),
  icon: ArticleOutlined,
};

/** business-page/{id}/create-post */
export const pagePostCreate: ResourceConfig = {
  name: 'page-post-create',
  routeCodes,
  paths: { page: 'business-page/:id/create-post' },
  page: lazy(() => import('./PostEditorPage')),
  icon: ArticleOutlined,
};

/** business-page/{id}/post/{postId} */
export const pagePost: ResourceConfig = {
  name: 'page-post',
  routeCodes,
  paths: { page: 'business-page/:id/post/:postId' },
  page: lazy(() => import('./PostEditorPage')),
  icon: ArticleOutlined,
};

export const contentResources: readonly ResourceConfig[] = [contentManagement, contentPosts, contentReviews, contentStories, pagePostCreate, pagePost];
