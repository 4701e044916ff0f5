export * from './dataQuality.ts';
export * from './percentile.ts';
export * from './vehicleColumns.ts';
export * from './intervalColumns.ts';
export * from './filters.ts';
export * from './summaryStatistics.ts';
export * from './siteDetail.ts';
