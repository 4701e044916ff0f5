import { TASK_FUNCTIONS } from '@roadcount/domain';
import { describe, expect, it } from 'vitest';
import english from '@/i18n/locales/en-GB.json';

describe('the tasks card', () => {
  it('names every task kind in words, never by its code name', () => {
    const kinds: Record<string, string> = english.myTasks.kinds;
    const actions: Record<string, string> = english.staffTools.actions;
    const unnamed = TASK_FUNCTIONS.filter((kind) => !kinds[kind] && !actions[kind]);
    expect(unnamed).toEqual([]);
  });
});
