import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/** i18n prefix of the business-page screens. */
export const R = 'resources.business-page';
export const pageKey = (pageId: number) => ['business-page', pageId] as const;

export function usePageId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

export function useBusinessPage(pageId: number) {
  const api = usePortalApi();
  return useQuery({ queryKey: pageKey(pageId), queryFn: () => api.getBusinessPage(pageId), enabled: pageId > 0 });
}
