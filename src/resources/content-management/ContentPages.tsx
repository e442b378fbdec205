import { useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/domain/format';
import { PageListTable } from '@/features/page-list/PageListTable';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { R, useContentPages } from './shared';

const AREAS = ['content-posts', 'content-reviews', 'content-stories'] as const;

/** Spec §2 content-management: the merchant's pages, their content figures and the way into each. */
export default function ContentPages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const lng = getLanguage();
  return (
    <PageListTable
      prefix={R}
      query={useContentPages()}
      pageCell={(page) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {page.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(`${R}.pageStatus.${page.status}`, { _: page.status })}
          </Typography>
        </>
      )}
      columns={[
        { key: 'posts', cell: (page) => formatNumber(page.posts, lng) },
        { key: 'scheduled', cell: (page) => formatNumber(page.scheduled, lng) },
        {
          key: 'rating',
          cell: (page) =>
            page.averageStars === null
              ? translate(`${R}.reviews.none`)
              : translate(`${R}.reviews.averageOf`, { average: page.averageStars.toLocaleString(lng === 'en' ? 'en-US' : 'vi-VN'), total: formatNumber(page.reviews, lng) }),
        },
        { key: 'unanswered', cell: (page) => formatNumber(page.unanswered, lng) },
        { key: 'stories', cell: (page) => formatNumber(page.activeStories, lng) },
      ]}
      links={(page) => AREAS.map((area) => ({ label: translate(`resources.${area}.name`), to: pathOf(area, 'page', { id: page.id }) }))}
    />
  );
}
