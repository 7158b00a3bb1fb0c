import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { lineLabel, splitPluralKey } from './plural-keys';

const english = ((key: string) => key) as unknown as TFunction;

describe('plural keys', () => {
  it('splits the form off a plural key', () => {
    expect(splitPluralKey('{{count}} followers_one')).toEqual({
      text: '{{count}} followers',
      form: 'one',
    });
    expect(splitPluralKey('Delete {{count}} users?_many')).toEqual({
      text: 'Delete {{count}} users?',
      form: 'many',
    });
  });

  it('leaves other keys whole', () => {
    expect(splitPluralKey('Save')).toEqual({ text: 'Save', form: null });
    expect(splitPluralKey('my_setting')).toEqual({ text: 'my_setting', form: null });
    expect(splitPluralKey('_other')).toEqual({ text: '_other', form: null });
  });

  it('labels each form of a plural for the translator', () => {
    expect(lineLabel('{{count}} followers_one', english)).toBe('{{count}} followers — one');
    expect(lineLabel('{{count}} followers_other', english)).toBe('{{count}} followers — other');
    expect(lineLabel('Save', english)).toBe('Save');
  });
});
