// Screenshots of the map with notes, a note, and the layer profiles, for review: npx tsx e2e/mapNotesShots.ts DIR
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD } from './support/appServer.ts';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const today = new Date().toISOString().slice(0, 10);
  const { mapSites } = await apiGraphql<{
    mapSites: { name: string; latitude: number; longitude: number }[];
  }>(app.url, token, `query($f: MapFilter!) { mapSites(filter: $f) { name latitude longitude } }`, {
    f: { start_date: '2020-01-01', end_date: today },
  });
  const { createMapNoteGroup } = await apiGraphql<{ createMapNoteGroup: { id: string } }>(
    app.url,
    token,
    `mutation { createMapNoteGroup(name: "Roadworks") { id } }`,
  );
  const notes = [
    ['Resurfacing from 3 March: expect lower speeds for two weeks.', createMapNoteGroup.id],
    ['School crossing patrol 8:15 to 9:00.', null],
    ['Counter moved 20 m north after the hedge was cut back.', createMapNoteGroup.id],
  ] as const;
  for (const [index, [text, groupId]] of notes.entries()) {
    const site = mapSites[index % mapSites.length];
    await apiGraphql(
      app.url,
      token,
      `mutation($n: MapNoteInput!) { addMapNote(note: $n) { id } }`,
      {
        n: {
          text,
          group_id: groupId,
          latitude: (site?.latitude ?? 51.45) + 0.004 * (index + 1),
          longitude: (site?.longitude ?? -0.97) - 0.006 * (index + 1),
        },
      },
    );
  }
  const { me } = await apiGraphql<{ me: { id: string } }>(app.url, token, '{ me { id } }');
  const profile = (name: string, layer: string) => ({
    name,
    layer,
    dotSize: 8,
    dayRange: 'wholeWeek',
    satellite: false,
    showNotes: true,
  });
  await apiGraphql(
    app.url,
    token,
    `mutation($u: ID!, $p: JSON!) { update_user_preference(userId: $u, preference: $p) { id } }`,
    {
      u: me.id,
      p: {
        mapProfiles: [
          profile('Speeds', 'speed'),
          profile('Volumes', 'volume'),
          profile('Limits', 'aboveLimit'),
        ],
        activeMapProfile: 0,
      },
    },
  );

  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
    await page.waitForTimeout(3000);
    await page.screenshot({ path: join(outputDir, `map-notes-${width}.png`) });
    if (width < 900) await page.getByRole('button', { name: 'Layers and filters' }).click();
    await page.getByRole('heading', { name: 'Layer profiles' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `map-profiles-${width}.png`) });
    await page.getByRole('heading', { name: 'Map notes' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `map-notes-panel-${width}.png`) });
    await page
      .getByRole('list', { name: 'Map notes by group' })
      .getByText('Resurfacing', { exact: false })
      .click();
    await page.getByRole('dialog', { name: 'Map note' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `map-note-dialog-${width}.png`) });
    await page.getByRole('button', { name: 'Close' }).click();
    if (width < 900 && (await page.getByRole('button', { name: 'Layers and filters' }).isHidden()))
      await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `map-note-adding-${width}.png`) });
    const box = await page.locator('[data-testid="site-map"] canvas').boundingBox();
    await page.mouse.click(
      (box?.x ?? 0) + (box?.width ?? 0) * 0.4,
      (box?.y ?? 0) + (box?.height ?? 0) * 0.7,
    );
    await page.getByRole('dialog', { name: 'New map note' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `map-note-new-${width}.png`) });
    console.log(
      width,
      'errors:',
      errors.filter((error) => !/tile|ERR_NAME_NOT_RESOLVED/.test(error)),
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
