import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type {
  ReportRequestInput,
  ReportsQuery,
  ReportSurveysQuery,
  YearInReviewQuery,
} from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

export type Report = ReportsQuery['reports'][number];

const REPORTS = graphql(`
  query Reports {
    reports {
      id
      report_type
      state
      message
      progress
      task_id
      file_name
      size_bytes
      site_count
      created_on
      completed_on
      expires_on
      expired
      downloadable
    }
  }
`);

const REQUEST_REPORT = graphql(`
  mutation RequestReport($input: ReportRequestInput!) {
    requestReport(input: $input) {
      id
      task_id
      state
    }
  }
`);

const REPORT_DOWNLOAD = graphql(`
  query ReportDownload($id: ID!) {
    reportDownload(id: $id) {
      url
    }
  }
`);

const DELETE_REPORT = graphql(`
  mutation DeleteReport($id: ID!) {
    deleteReport(id: $id)
  }
`);

const REPORT_SITES = graphql(`
  query ReportSites($search: String) {
    sites(search: $search, page: 0, page_size: 100, sort: "name", direction: "asc") {
      total
      sites {
        id
        name
        site_type
        time_span
      }
    }
  }
`);

const REPORT_SITE_GROUPS = graphql(`
  query ReportSiteGroups {
    siteGroups {
      id
      name
      site_count
    }
  }
`);

const REPORT_SURVEYS = graphql(`
  query ReportSurveys {
    active: surveys(tab: "active", sort: "start", direction: "desc", page: 0, page_size: 100) {
      surveys {
        id
        name
        scheduled_start
        scheduled_end
        site_count
      }
    }
    completed: surveys(
      tab: "completed"
      sort: "start"
      direction: "desc"
      page: 0
      page_size: 100
    ) {
      surveys {
        id
        name
        scheduled_start
        scheduled_end
        site_count
      }
    }
  }
`);

export type ReportSurvey = ReportSurveysQuery['active']['surveys'][number];

export const REPORTS_KEY = ['reports'];

/** The signed-in user's reports, newest first. */
export function useReports() {
  return useQuery({
    queryKey: REPORTS_KEY,
    queryFn: async () => (await graphqlRequest(REPORTS, {})).reports,
  });
}

export function useRequestReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReportRequestInput) =>
      (await graphqlRequest(REQUEST_REPORT, { input })).requestReport,
    // Not waited for: the caller tells that the report is queued before the list can say it is
    // ready (a small report is made in about a second), so that the later news comes last.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await graphqlRequest(DELETE_REPORT, { id })).deleteReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}

/**
 * Downloads the report's file through a short-lived link, from this page: the server sends it
 * as an attachment, so following the link saves the file and the page stays. (A window opened
 * for it gave headless Chromium, and pop-up blockers, no file: issue 37.)
 */
export async function downloadReport(reportId: string, fileName: string | null): Promise<void> {
  const { reportDownload } = await graphqlRequest(REPORT_DOWNLOAD, { id: reportId });
  const link = document.createElement('a');
  link.href = reportDownload.url;
  link.download = fileName ?? '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function useReportSites(search: string) {
  return useQuery({
    queryKey: ['reportSites', search],
    queryFn: async () => (await graphqlRequest(REPORT_SITES, { search: search || null })).sites,
  });
}

export function useReportSiteGroups() {
  return useQuery({
    queryKey: ['reportSiteGroups'],
    queryFn: async () => (await graphqlRequest(REPORT_SITE_GROUPS, {})).siteGroups,
  });
}

/** The organisation's surveys a report may cover: the active ones, then the completed ones. */
export function useReportSurveys() {
  return useQuery({
    queryKey: ['reportSurveys'],
    queryFn: async () => {
      const answer = await graphqlRequest(REPORT_SURVEYS, {});
      return [...answer.active.surveys, ...answer.completed.surveys];
    },
  });
}

const YEAR_IN_REVIEW = graphql(`
  query YearInReview($year: Int!, $top: Int) {
    yearInReview(year: $year, top: $top) {
      year
      top
      site_count
      sites_left_out
      days_in_year
      tables {
        busiest {
          site_id
          site_name
          value
          previous
        }
        fastest {
          site_id
          site_name
          value
          previous
        }
        speeding {
          site_id
          site_name
          value
          previous
        }
        adt_change {
          site_id
          site_name
          value
          previous
        }
        availability {
          site_id
          site_name
          value
          previous
        }
      }
    }
  }
`);

export type YearInReview = YearInReviewQuery['yearInReview'];

export function useYearInReview(year: number, top: number) {
  return useQuery({
    queryKey: ['yearInReview', year, top],
    queryFn: async () => (await graphqlRequest(YEAR_IN_REVIEW, { year, top })).yearInReview,
    placeholderData: keepPreviousData,
  });
}

const SITES_BY_IDS = graphql(`
  query ReportSitesByIds($ids: [ID!]) {
    sites(selected: $ids, filters: ["selected_only"], page: 0, page_size: 100) {
      sites {
        id
        name
      }
    }
  }
`);

/** The names of the sites of these ids that the viewer may read (a selection handed over in the address). */
export function useSitesByIds(ids: readonly string[]) {
  return useQuery({
    queryKey: ['reportSitesByIds', ids],
    enabled: ids.length > 0,
    queryFn: async () => (await graphqlRequest(SITES_BY_IDS, { ids: [...ids] })).sites.sites,
  });
}
