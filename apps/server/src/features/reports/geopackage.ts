import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { gisFeatures, type SiteFeatureProperties } from './gisExport.ts';
import type { ReportContext, SiteFigures } from './reportFigures.ts';

/** SQLite compiled to WebAssembly, loaded once per process on the first GeoPackage. */
let sqlite: Promise<SqlJsStatic> | undefined;
const loadSqlite = () => (sqlite ??= initSqlJs());

/** The feature table's name, its identifier in gpkg_contents. */
export const GEOPACKAGE_TABLE = 'roadcount_sites';

/** OGC GeoPackage 1.4: application_id 'GPKG' and user_version 10400. */
const APPLICATION_ID = 0x47504b47;
const USER_VERSION = 10400;

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';

/** Each figure's SQLite column type: the same fields as the GeoJSON and Shapefile. */
const COLUMNS: Record<keyof SiteFeatureProperties, 'TEXT' | 'INTEGER' | 'REAL'> = {
  site_id: 'TEXT',
  name: 'TEXT',
  period_fr: 'TEXT',
  period_to: 'TEXT',
  units: 'TEXT',
  counted: 'TEXT',
  vehicles: 'INTEGER',
  days: 'INTEGER',
  adt: 'REAL',
  awdt: 'REAL',
  awedt: 'REAL',
  aadt: 'REAL',
  aadt_meth: 'TEXT',
  aadt_est: 'INTEGER',
  avg_speed: 'REAL',
  speed_85: 'REAL',
  comm_pct: 'REAL',
  over_limit: 'REAL',
};

/**
 * A point as a GeoPackage geometry blob (GeoPackage 1.4, section 2.1.3): the header ('GP',
 * version 0, flags: little-endian, no envelope, not empty; the srs_id), then the point as
 * little-endian ISO WKB (byte order 1, type 1, x, y).
 */
export function geopackagePoint(longitude: number, latitude: number, srsId = 4326): Uint8Array {
  const bytes = new Uint8Array(8 + 21);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x47; // G
  bytes[1] = 0x50; // P
  bytes[2] = 0; // version 1
  bytes[3] = 0b0000_0001; // little-endian, envelope 0 (none), non-empty, standard
  view.setInt32(4, srsId, true);
  bytes[8] = 1; // WKB little-endian
  view.setUint32(9, 1, true); // Point
  view.setFloat64(13, longitude, true);
  view.setFloat64(21, latitude, true);
  return bytes;
}

/**
 * The GIS export as an OGC GeoPackage (docs/formats.md, GIS export): one feature table of the
 * sites as WGS84 points (EPSG:4326) with the same figures as the GeoJSON; a site without a
 * position has a NULL geometry, a missing figure is NULL.
 */
export async function geopackageFile(
  figures: readonly SiteFigures[],
  context: ReportContext,
): Promise<Buffer> {
  const SQL = await loadSqlite();
  const db = new SQL.Database();
  try {
    db.run(`PRAGMA application_id = ${APPLICATION_ID}`);
    db.run(`PRAGMA user_version = ${USER_VERSION}`);
    db.run(`
      CREATE TABLE gpkg_spatial_ref_sys (
        srs_name TEXT NOT NULL,
        srs_id INTEGER PRIMARY KEY,
        organization TEXT NOT NULL,
        organization_coordsys_id INTEGER NOT NULL,
        definition TEXT NOT NULL,
        description TEXT
      );
      CREATE TABLE gpkg_contents (
        table_name TEXT NOT NULL PRIMARY KEY,
        data_type TEXT NOT NULL,
        identifier TEXT UNIQUE,
        description TEXT DEFAULT '',
        last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
        srs_id INTEGER,
        CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id)
      );
      CREATE TABLE gpkg_geometry_columns (
        table_name TEXT NOT NULL,
        column_name TEXT NOT NULL,
        geometry_type_name TEXT NOT NULL,
        srs_id INTEGER NOT NULL,
        z TINYINT NOT NULL,
        m TINYINT NOT NULL,
        CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
        CONSTRAINT uk_gc_table_name UNIQUE (table_name),
        CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
        CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id)
      );
    `);
    const srs = db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of [
      [
        'WGS 84 geodetic',
        4326,
        'EPSG',
        4326,
        WGS84_WKT,
        'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid',
      ],
      [
        'Undefined cartesian SRS',
        -1,
        'NONE',
        -1,
        'undefined',
        'undefined cartesian coordinate reference system',
      ],
      [
        'Undefined geographic SRS',
        0,
        'NONE',
        0,
        'undefined',
        'undefined geographic coordinate reference system',
      ],
    ])
      srs.run(row);
    srs.free();

    const { features } = gisFeatures(figures, context);
    const points = features.flatMap((feature) => (feature.geometry ? [feature.geometry] : []));
    const xs = points.map((point) => point.coordinates[0]);
    const ys = points.map((point) => point.coordinates[1]);
    const bound = (values: number[], pick: (...all: number[]) => number) =>
      values.length > 0 ? pick(...values) : null;
    db.run(
      `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change,
         min_x, min_y, max_x, max_y, srs_id) VALUES (?, 'features', ?, ?, ?, ?, ?, ?, ?, 4326)`,
      [
        GEOPACKAGE_TABLE,
        'Roadcount sites',
        `Roadcount ${context.softwareVersion}: sites and their figures from ${context.parameters.start} to ${context.parameters.end}`,
        context.generatedAt.toISOString(),
        bound(xs, Math.min),
        bound(ys, Math.min),
        bound(xs, Math.max),
        bound(ys, Math.max),
      ],
    );
    db.run(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', 'POINT', 4326, 0, 0)`, [
      GEOPACKAGE_TABLE,
    ]);
    const names = Object.keys(COLUMNS) as (keyof SiteFeatureProperties)[];
    db.run(
      `CREATE TABLE ${GEOPACKAGE_TABLE} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POINT, ${names
        .map((name) => `${name} ${COLUMNS[name]}`)
        .join(', ')})`,
    );
    const insert = db.prepare(
      `INSERT INTO ${GEOPACKAGE_TABLE} (geom, ${names.join(', ')}) VALUES (?, ${names
        .map(() => '?')
        .join(', ')})`,
    );
    for (const feature of features)
      insert.run([
        feature.geometry
          ? geopackagePoint(feature.geometry.coordinates[0], feature.geometry.coordinates[1])
          : null,
        ...names.map((name) => feature.properties[name]),
      ]);
    insert.free();
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}
