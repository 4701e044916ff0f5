// siteData's second door, for analysis threads: reading a site's stored columns, with no
// database. The index brings the repository and the task handlers, which a thread never uses
// and which make each thread slower to start and larger.
export { preparedSiteColumns } from './preparedSiteColumns.ts';
export type { StoredColumns } from './storedForms.ts';
