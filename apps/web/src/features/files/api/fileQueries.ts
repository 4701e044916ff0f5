// The files screen's GraphQL documents. The files benchmark times the same documents, read from
// the generated client (FilesDocument, FileCountsDocument) rather than from here.
import { graphql } from '@/generated/gql.ts';

// A row of the files table; codegen adds the fragment to the text of the list query.
graphql(`
  fragment FileRow on TrafficDataFile {
    id
    file_name
    uploaded_on
    start_data_datetime
    end_data_datetime
    review_status
    logs {
      saved_vehicles
      data_qc_tests
      processing_error
      duplicate_of
    }
    site {
      id
      name
      organisation_name
    }
  }
`);

/** One page of the files table. */
export const FILE_LIST_QUERY = graphql(`
  query Files(
    $search: String
    $status: String
    $sort: String
    $direction: String
    $page: Int
    $size: Int
  ) {
    trafficDataFiles(
      search: $search
      status: $status
      sort: $sort
      direction: $direction
      page: $page
      page_size: $size
    ) {
      total
      files {
        ...FileRow
      }
    }
  }
`);

/** How many files have each data status. */
export const FILE_COUNTS_QUERY = graphql(`
  query FileCounts {
    LOAD: trafficDataFiles(status: "LOAD", page_size: 1) {
      total
    }
    WFR: trafficDataFiles(status: "WFR", page_size: 1) {
      total
    }
    ACC: trafficDataFiles(status: "ACC", page_size: 1) {
      total
    }
    REJ: trafficDataFiles(status: "REJ", page_size: 1) {
      total
    }
    PDC: trafficDataFiles(status: "PDC", page_size: 1) {
      total
    }
    NRE: trafficDataFiles(status: "NRE", page_size: 1) {
      total
    }
  }
`);
