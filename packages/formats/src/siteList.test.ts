import { describe, expect, it } from 'vitest';
import { readSiteList, siteListCsv } from './siteList.ts';
import { findSiteId } from './sid.ts';

describe('the site list for counter software', () => {
  it('writes each site’s name, attribute SID:<id>, position, directions and lanes', () => {
    const text = siteListCsv([
      {
        id: '8c0f3f4e-3c4e-4c1e-9b55-0a3f1f8f2d11',
        name: 'High Street, north of "Bridge"',
        latitude: 51.5072,
        longitude: -0.1276,
        directionOne: 'N',
        directionTwo: 'S',
        lanes: [
          { direction: 'N', type: 'ROAD_LANE' },
          { direction: 'S', type: 'BIKE_LANE' },
        ],
        timeZone: 'Europe/London',
      },
    ]);
    expect(text.split('\r\n').slice(2, 4)).toEqual([
      'name,attribute,latitude,longitude,direction_one,direction_two,lanes,lane_directions,lane_types,time_zone,site_id',
      '"High Street, north of ""Bridge""",SID:8c0f3f4e-3c4e-4c1e-9b55-0a3f1f8f2d11,51.507200,-0.127600,N,S,2,N|S,ROAD_LANE|BIKE_LANE,Europe/London,8c0f3f4e-3c4e-4c1e-9b55-0a3f1f8f2d11',
    ]);
    const [row] = readSiteList(text);
    expect(row?.name).toBe('High Street, north of "Bridge"');
    expect(findSiteId(row?.attribute)).toBe('8c0f3f4e-3c4e-4c1e-9b55-0a3f1f8f2d11');
  });
});

describe('formula injection in CSV files the product writes', () => {
  it('writes names a spreadsheet would run as formulas as text, and keeps negative numbers', () => {
    const site = (id: string, name: string) => ({
      id,
      name,
      latitude: -33.8688,
      longitude: -151.2093,
      directionOne: 'N',
      directionTwo: 'S',
      lanes: [],
      timeZone: 'Australia/Sydney',
    });
    const text = siteListCsv([
      site('a', '=HYPERLINK("http://evil.example","x")'),
      site('b', '+1+1'),
      site('c', '-2+3'),
      site('d', '@SUM(A1)'),
      site('e', '\t=1'),
      site('f', 'Plain Road - east'),
    ]);
    const rows = text.split('\r\n').slice(3, 9);
    // Each formula-like name gets a leading apostrophe (quoted where it holds a quote or comma);
    // -33.868800 and -151.209300 stay plain negative numbers.
    expect(rows).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""x"")",SID:a,-33.868800,-151.209300,N,S,0,,,Australia/Sydney,a`,
      `'+1+1,SID:b,-33.868800,-151.209300,N,S,0,,,Australia/Sydney,b`,
      `'-2+3,SID:c,-33.868800,-151.209300,N,S,0,,,Australia/Sydney,c`,
      `'@SUM(A1),SID:d,-33.868800,-151.209300,N,S,0,,,Australia/Sydney,d`,
      `'\t=1,SID:e,-33.868800,-151.209300,N,S,0,,,Australia/Sydney,e`,
      `Plain Road - east,SID:f,-33.868800,-151.209300,N,S,0,,,Australia/Sydney,f`,
    ]);
    expect(readSiteList(text)[2]?.latitude).toBe('-33.868800');
  });
});
