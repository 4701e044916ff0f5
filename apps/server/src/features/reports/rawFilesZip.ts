import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { csvRow } from '@roadcount/formats';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { ReportsRepository } from './reports.repository.ts';

type RawFile = Awaited<ReturnType<ReportsRepository['rawFiles']>>[number];

/** A name that zip programs accept as one path segment. */
const segment = (text: string) => text.replace(/[/\\:*?"<>|\r\n]+/g, '_').trim() || 'file';

/**
 * Zip and download eco files (SPEC section 4): the raw files as uploaded, one folder per site,
 * with a manifest (manifest.csv) of each file's site, name, upload time, review status and
 * size. Streamed: no file is held whole in memory.
 */
export function rawFilesZip(files: readonly RawFile[], blobs: BlobStore): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('error', (error) => out.destroy(error));
  archive.pipe(out);
  const used = new Set<string>();
  const manifest = [
    'site,file_name,path_in_zip,uploaded_on,review_status,size_bytes,data_start,data_end',
  ];
  void (async () => {
    try {
      for (const file of files) {
        const folder = segment(file.siteName);
        let path = `${folder}/${segment(file.fileName)}`;
        for (let copy = 2; used.has(path.toLowerCase()); copy += 1)
          path = `${folder}/${copy}-${segment(file.fileName)}`;
        used.add(path.toLowerCase());
        archive.append(await blobs.getStream(file.s3Key), {
          name: path,
          date: file.uploadedOn,
        });
        manifest.push(
          csvRow([
            file.siteName,
            file.fileName,
            path,
            file.uploadedOn.toISOString(),
            file.reviewStatus,
            file.sizeBytes,
            file.startDataDatetime?.toISOString(),
            file.endDataDatetime?.toISOString(),
          ]),
        );
      }
      archive.append(`${manifest.join('\n')}\n`, { name: 'manifest.csv' });
      await archive.finalize();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
