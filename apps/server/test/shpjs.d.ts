// shpjs ships no types: the one call the report tests make of it.
declare module 'shpjs' {
  interface ShapefileFeature {
    type: 'Feature';
    geometry: { type: string; coordinates: number[] } | null;
    properties: Record<string, unknown>;
  }
  /** Reads a zipped shapefile into GeoJSON; one collection per layer in the zip. */
  export default function shp(
    input: ArrayBuffer | Buffer,
  ): Promise<
    | { type: 'FeatureCollection'; features: ShapefileFeature[]; fileName?: string }
    | { type: 'FeatureCollection'; features: ShapefileFeature[]; fileName?: string }[]
  >;
}
