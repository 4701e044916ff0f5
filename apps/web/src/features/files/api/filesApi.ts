import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';
import { RequestError } from '../../../lib/http.ts';
import { readTokens } from '../../session/tokenStorage.ts';

export interface QualityTest {
  passed: boolean;
  value: number;
  threshold: number;
  reason?: string;
}

export interface TrafficDataFile {
  id: string;
  file_name: string;
  uploaded_on: string;
  start_data_datetime: string | null;
  end_data_datetime: string | null;
  review_status: string;
  logs: {
    saved_vehicles: number | null;
    data_qc_tests: Record<string, QualityTest> | null;
    processing_error: string | null;
    duplicate_of: string | null;
  };
  site: { id: string; name: string; organisation_name: string | null } | null;
}

export interface FileQuery {
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const FILE_FIELDS = `id file_name uploaded_on start_data_datetime end_data_datetime review_status
  logs { saved_vehicles data_qc_tests processing_error duplicate_of } site { id name organisation_name }`;

const LIST = `query Files($search: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  trafficDataFiles(search: $search, sort: $sort, direction: $direction, page: $page, page_size: $size) {
    total files { ${FILE_FIELDS} }
  }
}`;

/** One page of the files table; polls while a file on it is still processing. */
export function useFiles(query: FileQuery) {
  return useQuery({
    queryKey: ['files', query],
    queryFn: async () =>
      (
        await graphqlRequest<{ trafficDataFiles: { total: number; files: TrafficDataFile[] } }>(
          LIST,
          {
            search: query.search || null,
            sort: query.sort,
            direction: query.direction,
            page: query.page,
            size: query.pageSize,
          },
        )
      ).trafficDataFiles,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.files.some((file) => file.review_status === 'LOAD') ? 2000 : false,
  });
}

/** Opens the raw file in a new window through a short-lived link (SPEC section 7). */
export async function openDownload(fileId: string): Promise<void> {
  // Opened before the request, so that the browser does not take it for a pop-up.
  const opened = window.open('about:blank', '_blank');
  const { s3TrafficDataFile } = await graphqlRequest<{ s3TrafficDataFile: { url: string } }>(
    `query($id: ID!) { s3TrafficDataFile(id: $id) { url } }`,
    { id: fileId },
  );
  if (opened) opened.location.href = s3TrafficDataFile.url;
  else window.location.href = s3TrafficDataFile.url;
}

export function useReviewFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { fileId: string; status: 'ACC' | 'REJ'; comment: string }) =>
      graphqlRequest(
        `mutation($fileId: ID!, $status: String!, $review: JSON) {
          updateDataQcCheck(fileId: $fileId, status: $status, userReview: $review) { id review_status }
        }`,
        { fileId: review.fileId, status: review.status, review: { comment: review.comment } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}

export function useRequestApproval() {
  return useMutation({
    mutationFn: (fileId: string) =>
      graphqlRequest(`mutation($id: ID!) { requestQualityApproval(fileId: $id) }`, { id: fileId }),
  });
}

export type UploadKind = 'vehicle' | 'bike' | 'national';

/** POST /api/uploads as multipart (file-0, file-1, ...), reporting progress from 0 to 1. */
export function uploadFiles(
  files: File[],
  kind: UploadKind,
  description: string,
  onProgress: (fraction: number) => void,
): Promise<{ id: string; duplicate_of?: string | null }[]> {
  const form = new FormData();
  files.forEach((file, index) => form.append(`file-${index}`, file, file.name));
  form.append('kind', kind);
  if (description) form.append('description', description);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    const access = readTokens()?.access;
    if (access) request.setRequestHeader('authorization', `Bearer ${access}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new RequestError(500, 'Failed to load'));
    request.onload = () => {
      let body: { files?: { id: string }[]; message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // An empty or non-JSON answer: the status says enough.
      }
      if (request.status === 201) resolve(body.files ?? []);
      else reject(new RequestError(request.status, body.message ?? request.statusText));
    };
    request.send(form);
  });
}
