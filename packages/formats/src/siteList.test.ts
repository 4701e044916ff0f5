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
