import { describe, expect, it } from 'vitest';
import { checkSiteImport, parseCsvRecords, siteImportTemplate } from './siteImport.ts';

const HEADER =
  'name,latitude,longitude,direction_one,direction_two,site_type,class_scheme,time_zone,speed_limit_kmh,pedestrians_included';

describe('checkSiteImport', () => {
  it('answers every site of a valid file, with speed limits in m/s from 1970', () => {
    const text = [
      HEADER,
      'Mill Lane,51.5,-1.25,N,S,temporary,arx,Europe/London,36,yes',
      '"Kings Road, east",51.6,-1.3,e,w,Continuous,ARX,Europe/London,,no',
      '',
    ].join('\r\n');
    const { sites, errors } = checkSiteImport(text, ['Station Road']);
    expect(errors).toEqual([]);
    expect(sites.map((site) => [site.row, site.site.name])).toEqual([
      [2, 'Mill Lane'],
      [3, 'Kings Road, east'],
    ]);
    expect(sites[0]?.site).toMatchObject({
      direction_one: 'N',
      direction_two: 'S',
      pedestrians_included: true,
    });
    expect(sites[0]?.speedLimit).toEqual({ limit_mps: 10, effective_from: '1970-01-01' });
    expect(sites[1]?.site).toMatchObject({ site_type: 'continuous', class_scheme: 'arx' });
    expect(sites[1]?.speedLimit).toBeNull();
  });

  it('lists each bad row with its row number and field, and answers no sites', () => {
    const text = [
      HEADER,
      'Good,51,-1,N,S,temporary,arx,UTC,,',
      ',95,-1,N,E,weekly,arx,Mars/Olympus,0,maybe',
      ',,,,,,,,,',
      'good,51,-1,,,temporary,arx,UTC,,',
      'Station Road,51,-1,,,temporary,arx,UTC,,',
    ].join('\n');
    const { sites, errors } = checkSiteImport(text, ['station road']);
    expect(sites).toEqual([]);
    expect(errors.map((error) => [error.row, error.field, error.code])).toEqual([
      [3, 'name', 'required'],
      [3, 'latitude', 'latitude'],
      [3, 'site_type', 'siteType'],
      [3, 'pedestrians_included', 'yesNo'],
      [3, 'time_zone', 'timeZone'],
      [3, 'speed_limit_kmh', 'speedLimit'],
      [4, null, 'empty'],
      [5, 'name', 'duplicateName'],
      [6, 'name', 'nameTaken'],
    ]);
    expect(errors.find((error) => error.row === 5)?.message).toBe(
      'is repeated in the file (first on row 2)',
    );
    expect(errors.find((error) => error.row === 6)?.message).toBe(
      'is already the name of a site (station road)',
    );
  });

  it('refuses a header without the required columns or with unknown ones', () => {
    const { errors } = checkSiteImport('name,colour\nA,red\n', []);
    expect(errors.map((error) => [error.row, error.field, error.code])).toEqual([
      [1, 'colour', 'unknownColumn'],
      [1, 'latitude', 'missingColumn'],
      [1, 'longitude', 'missingColumn'],
      [1, 'site_type', 'missingColumn'],
      [1, 'class_scheme', 'missingColumn'],
      [1, 'time_zone', 'missingColumn'],
    ]);
  });

  it('refuses a file of only the template header', () => {
    expect(checkSiteImport(siteImportTemplate(), []).errors.map((error) => error.code)).toEqual([
      'noRows',
    ]);
  });

  it('still checks the rows past an unknown column', () => {
    const { errors } = checkSiteImport(`${HEADER},colour\nA,91,-1,,,temporary,arx,UTC,,,red\n`, []);
    expect(errors.map((error) => [error.row, error.field, error.code])).toEqual([
      [1, 'colour', 'unknownColumn'],
      [2, 'latitude', 'latitude'],
    ]);
  });

  it('checks the direction pair of a row', () => {
    const { errors } = checkSiteImport(`${HEADER}\nA,51,-1,N,E,temporary,arx,UTC,,\n`, []);
    expect(errors.map((error) => [error.row, error.field, error.code])).toEqual([
      [2, 'direction_two', 'opposite'],
    ]);
  });
});

describe('parseCsvRecords', () => {
  it('keeps quoted commas, quotes and newlines, numbering records by their first line', () => {
    const { records } = parseCsvRecords('a,b\n"x, ""y""","two\nlines"\nz,w');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'two\nlines'] },
      { line: 4, cells: ['z', 'w'] },
    ]);
  });
});
