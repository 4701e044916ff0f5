import { organisationViewHeaders } from '@/lib/session/organisationView.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageForStatus } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { FileRowFragment } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';
import { RequestError } from '@/lib/http.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';
import { FILE_COUNTS_QUERY, FILE_LIST_QUERY } from './fileQueries.ts';

export interface QualityTest {
  passed: boolean;
  value: number;
  threshold: number;
  reason?: string;
  /** Class-scheme checks: the scheme names of the file and of its site. */
  file_scheme?: string;
  site_scheme?: string;
}

/** A row of the files table, its quality tests read from their JSON. */
export type TrafficDataFile = Narrowed<
  FileRowFragment,
  {
    logs: Narrowed<FileRowFragment['logs'], { data_qc_tests: Record<string, QualityTest> | null }>;
  }
>;

const FILE_DOWNLOAD = graphql(`
  query FileDownload($id: ID!) {
    s3TrafficDataFile(id: $id) {
      url
    }
  }
`);

const REVIEW_FILE = graphql(`
  mutation ReviewFile($fileId: ID!, $status: String!, $review: JSON) {
    updateDataQcCheck(fileId: $fileId, status: $status, userReview: $review) {
      id
      review_status
    }
  }
`);

const REQUEST_QUALITY_APPROVAL = graphql(`
  mutation RequestQualityApproval($id: ID!) {
    requestQualityApproval(fileId: $id)
  }
`);

export interface FileQuery {
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** A data status, or LOAD for files still processing; all files when absent. */
  status?: string;
}

/** One page of the files table; task events refresh it (useLiveFileTasks), so it never polls. */
export function useFiles(query: FileQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['files', query],
    queryFn: async () =>
      (
        await graphqlRequest(FILE_LIST_QUERY, {
          search: query.search || null,
          status: query.status ?? null,
          sort: query.sort,
          direction: query.direction,
          page: query.page,
          size: query.pageSize,
        })
      ).trafficDataFiles as { total: number; files: TrafficDataFile[] },
    placeholderData: keepPreviousData,
  });
}

/** How many files have each data status; PDC counts both passed statuses (PDC and NRE). */
export function useFileCounts() {
  return useQuery({
    queryKey: ['files', 'counts'],
    queryFn: async () => {
      const answer = await graphqlRequest(FILE_COUNTS_QUERY);
      return {
        LOAD: answer.LOAD.total,
        WFR: answer.WFR.total,
        ACC: answer.ACC.total,
        REJ: answer.REJ.total,
        PDC: answer.PDC.total + answer.NRE.total,
      };
    },
  });
}

/** Opens the raw file in a new window through a short-lived link (SPEC section 7). */
export async function openDownload(fileId: string): Promise<void> {
  // Opened before the request, so that the browser does not take it for a pop-up.
  const opened = window.open('about:blank', '_blank');
  const { s3TrafficDataFile } = await graphqlRequest(FILE_DOWNLOAD, { id: fileId });
  if (opened) opened.location.href = s3TrafficDataFile.url;
  else window.location.href = s3TrafficDataFile.url;
}

export function useReviewFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { fileId: string; status: 'ACC' | 'REJ'; comment: string }) =>
      graphqlRequest(REVIEW_FILE, {
        fileId: review.fileId,
        status: review.status,
        review: { comment: review.comment },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}

export function useRequestApproval() {
  return useMutation({
    mutationFn: (fileId: string) => graphqlRequest(REQUEST_QUALITY_APPROVAL, { id: fileId }),
  });
}

export type UploadKind = 'vehicle' | 'bike' | 'pedestrian' | 'national';
/** What an interval-count file counted, where the file does not say (issue 37). */
export type CountedMode = 'bike' | 'pedestrian';

export interface UploadedFile {
  id: string;
  file_name: string;
  duplicate_of: string | null;
  task_id: string | null;
}

/** POST /api/uploads as multipart (file-0, file-1, ...), reporting progress from 0 to 1. */
export async function uploadFiles(
  files: File[],
  kind: UploadKind,
  description: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedFile[]> {
  const fields: Record<string, string> = { kind };
  if (description) fields.description = description;
  return (
    (await postMultipart<{ files?: UploadedFile[] }>('/api/uploads', files, fields, onProgress))
      .files ?? []
  );
}

/** Multipart POST with the fields file-0, file-1, ... (SPEC section 7), with upload progress. */
export function postMultipart<T>(
  path: string,
  files: File[],
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const form = new FormData();
  files.forEach((file, index) => form.append(`file-${index}`, file, file.name));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    const access = readTokens()?.access;
    if (access) request.setRequestHeader('authorization', `Bearer ${access}`);
    for (const [name, value] of Object.entries(organisationViewHeaders()))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new RequestError(500, messageForStatus(500)));
    request.onload = () => {
      let body: { message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // An empty or non-JSON answer: the status says enough.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else
        reject(
          new RequestError(
            request.status,
            body.message ?? messageForStatus(request.status, request.statusText),
          ),
        );
    };
    request.send(form);
  });
}
