import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

const SITE_AVAILABILITY = graphql(`
  query SiteAvailability($siteId: ID!) {
    siteAvailability(siteId: $siteId) {
      site_id
      first_day
      last_day
      days {
        day
        volume
      }
      missing_days
    }
  }
`);

/** The site's volume on each local day of its whole history, and its days without data. */
export function useSiteAvailability(siteId: string) {
  return useQuery({
    queryKey: ['siteAvailability', siteId],
    queryFn: async () => (await graphqlRequest(SITE_AVAILABILITY, { siteId })).siteAvailability,
  });
}
