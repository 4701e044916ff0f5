import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

const SITE_AADT = graphql(`
  query SiteAadt($siteId: ID!) {
    siteAadt(site_id: $siteId) {
      site_id
      method
      reason
      group_id
      group_name
      whole_days
      adt
      aadt
      monthly_factor
      day_of_week_factor
      months
      error_percent
      error_samples
    }
  }
`);

/** A site's AADT and how it was found (issue 25). */
export function useSiteAadt(siteId: string) {
  return useQuery({
    queryKey: ['siteAadt', siteId],
    queryFn: async () => (await graphqlRequest(SITE_AADT, { siteId })).siteAadt,
    retry: false,
  });
}
