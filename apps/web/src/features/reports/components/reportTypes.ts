import type { ReportType } from '@roadcount/domain';

/** The report types, as SPEC section 9 groups them: reports, exports and report functions. */
export const TYPE_GROUPS: { key: 'reports' | 'exports' | 'functions'; types: ReportType[] }[] = [
  {
    key: 'reports',
    types: [
      'standard_spreadsheet',
      'universal_csv',
      'site_summary_pdf',
      'overspeed',
      'state_funding',
    ],
  },
  { key: 'exports', types: ['gis_geojson', 'gis_shapefile', 'gis_geopackage', 'raw_files'] },
  {
    key: 'functions',
    types: ['individual_vehicles', 'vehicle_flow', 'event_count', 'event_list', 'sign_file'],
  },
];
